/**
 * Cuts a clip out of a cached recording on the laptop by copying its packets (see packets.ts): lossless, no
 * external binary, nothing uploaded. The start snaps back to a keyframe and the clip says so.
 */
import { cuesInClip, toWebVtt } from './captions';
import type { ClipRange, CutClip, CutOptions } from './media';
import { exactNeedsEncoder, openSource, readSpan, writeSpans } from './packets';
import { withoutPicture } from './sound-only';

/**
 * `input` is a file path main is allowed to read (a cached recording). `o.cues` are timed from the requested
 * start, as the researcher chose the clip; they are moved by the snap so each still lands on its speech
 * (`cuesInClip` gives the same cues for a side-car .vtt), and go inside the file as a subtitle track where the
 * container has one (`captionsInside`). With `o.audioOnly` only the sound is written (sound-only.ts), and as
 * there is no picture the start does not snap to a keyframe.
 */
export async function cutClip(input: string, range: ClipRange, o: CutOptions = {}): Promise<CutClip> {
  if (o.snap === 'exact') throw exactNeedsEncoder();
  const opened = await openSource(input);
  try {
    const src = o.audioOnly ? withoutPicture(opened) : opened;
    const span = await readSpan(src, range, o.signal);
    const cues = cuesInClip({ requested: range, actual: span.actual, durationMs: span.lengthS * 1000 }, o.cues ?? []);
    const { bytes, captionsInside } = await writeSpans(src, [{ packets: span, offsetS: 0 }], cues.length ? toWebVtt(cues) : null, o.signal);
    return {
      bytes,
      ext: src.ext,
      requested: { startMs: range.startMs, endMs: range.endMs },
      actual: span.actual,
      durationMs: Math.round(span.lengthS * 1000),
      snapped: span.snapped,
      videoCodec: src.video?.codec ?? null,
      audioCodec: src.audio?.codec ?? null,
      captionsInside,
    };
  } finally {
    opened.input.dispose();
  }
}
