/**
 * Joins clips from several cached recordings into one highlight reel by copying packets (see packets.ts). No
 * re-encoding, so every clip must share the first clip's container, codecs, picture size and sound format;
 * a clip that does not is refused by its position, saying what differs.
 */
import { basename } from 'node:path';
import { AppError } from '../errors';
import { cuesInClip, reelCues, toWebVtt } from './captions';
import type { ClipRange, Cue, CutClip, CutOptions } from './media';
import { exactNeedsEncoder, openSource, readSpan, writeSpans, type OpenRecording, type SpanPackets } from './packets';
import { withoutPicture } from './sound-only';

export type ReelPart = { input: string; range: ClipRange; cues?: Cue[] };

/** Each clip as it landed in the reel: its span in its own recording, and where it starts in the reel. */
export type ReelClip = { actual: ClipRange; offsetMs: number };

/** A cut clip's fields, in reel time, plus where each clip went and the captions as placed (for a side-car .vtt). */
export type Reel = CutClip & { clips: ReelClip[]; cues: Cue[] };

const sameBytes = (a: VideoDecoderConfig['description'], b: VideoDecoderConfig['description']): boolean => {
  if (!a || !b) return a === b;
  const x = ArrayBuffer.isView(a) ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : new Uint8Array(a);
  const y = ArrayBuffer.isView(b) ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** What stops `src` from joining a reel that started with `first`, in words, or null when it can join. */
export function mismatch(first: OpenRecording, src: OpenRecording): string | null {
  if (src.ext !== first.ext) return `it is a ${src.ext} file where clip 1 is ${first.ext}`;
  if (!!src.video !== !!first.video) return src.video ? 'it has video where clip 1 has none' : 'it has no video where clip 1 has';
  if (!!src.audio !== !!first.audio) return src.audio ? 'it has sound where clip 1 has none' : 'it has no sound where clip 1 has';
  const [v, fv] = [src.videoConfig, first.videoConfig];
  if (v && fv) {
    if (src.video!.codec !== first.video!.codec) return `its video is ${src.video!.codec} where clip 1's is ${first.video!.codec}`;
    if (v.codedWidth !== fv.codedWidth || v.codedHeight !== fv.codedHeight)
      return `its picture is ${v.codedWidth}×${v.codedHeight} where clip 1's is ${fv.codedWidth}×${fv.codedHeight}`;
    if (v.codec !== fv.codec || !sameBytes(v.description, fv.description))
      return `its video was encoded with other settings (${v.codec} where clip 1's is ${fv.codec})`;
  }
  const [a, fa] = [src.audioConfig, first.audioConfig];
  if (a && fa) {
    if (src.audio!.codec !== first.audio!.codec) return `its sound is ${src.audio!.codec} where clip 1's is ${first.audio!.codec}`;
    if (a.sampleRate !== fa.sampleRate) return `its sound is sampled at ${a.sampleRate} Hz where clip 1's is at ${fa.sampleRate} Hz`;
    if (a.numberOfChannels !== fa.numberOfChannels) return `its sound has ${a.numberOfChannels} channel(s) where clip 1's has ${fa.numberOfChannels}`;
    if (a.codec !== fa.codec) return `its sound was encoded with other settings (${a.codec} where clip 1's is ${fa.codec})`;
  }
  return null;
}

/**
 * One file of the parts one after another, each cut as cutClip would (start snapped back to a keyframe). Each
 * part's cues are timed from its requested start; the reel's subtitle track has them all at their place in it.
 */
export async function joinClips(parts: ReelPart[], o: Omit<CutOptions, 'cues'> = {}): Promise<Reel> {
  if (o.snap === 'exact') throw exactNeedsEncoder();
  if (parts.length === 0) throw new AppError('reel_empty', 'A reel needs at least one clip.');
  // As opened, each disposed at the end; `first` is the first as written (its sound only, with audioOnly).
  const sources: OpenRecording[] = [];
  let first: OpenRecording | null = null;
  try {
    const spans: { packets: SpanPackets; offsetS: number }[] = [];
    const cueParts: { cues: Cue[]; offsetMs: number }[] = [];
    let offsetS = 0;
    for (const [i, part] of parts.entries()) {
      const opened = await openSource(part.input);
      sources.push(opened);
      // Without the picture, only the sound has to match: the reel is the sounds one after another.
      const src = o.audioOnly ? withoutPicture(opened) : opened;
      first ??= src;
      const why = mismatch(first, src);
      if (why)
        throw new AppError(
          'reel_clip_mismatch',
          `Clip ${i + 1} (${basename(part.input)}) cannot join this reel: ${why}. A reel joins clips without re-encoding, so all must come from recordings in the same format; export this clip on its own instead.`,
          { clip: i + 1, input: basename(part.input), why },
        );
      const packets = await readSpan(src, part.range, o.signal);
      spans.push({ packets, offsetS });
      const placed = cuesInClip({ requested: part.range, actual: packets.actual, durationMs: packets.lengthS * 1000 }, part.cues ?? []);
      cueParts.push({ cues: placed, offsetMs: offsetS * 1000 });
      offsetS += packets.lengthS;
    }
    const cues = reelCues(cueParts);
    const { bytes, captionsInside } = await writeSpans(first!, spans, cues.length ? toWebVtt(cues) : null, o.signal);
    const durationMs = Math.round(offsetS * 1000);
    return {
      bytes,
      ext: first!.ext,
      // A reel spans several recordings, so its own ranges are in reel time: what was asked (the clips' lengths
      // end to end) and what was written; each clip's span in its recording is in `clips`.
      requested: { startMs: 0, endMs: parts.reduce((sum, p) => sum + (p.range.endMs - p.range.startMs), 0) },
      actual: { startMs: 0, endMs: durationMs },
      durationMs,
      snapped: spans.some((s) => s.packets.snapped),
      videoCodec: first!.video?.codec ?? null,
      audioCodec: first!.audio?.codec ?? null,
      captionsInside,
      clips: spans.map((s) => ({ actual: s.packets.actual, offsetMs: Math.round(s.offsetS * 1000) })),
      cues,
    };
  } finally {
    for (const s of sources) s.input.dispose();
  }
}
