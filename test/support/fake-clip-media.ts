// A stand-in for the media core (cut.ts, reel.ts, captions.ts) with the same signatures: cuts "snap" to 2 s
// keyframes and return small byte arrays naming what was cut, so the clip export runs, and can be checked,
// without videos. With `audioOnly` a cut is "sound of …" in an .ogg, not snapped (there is no picture).
import type { ClipMediaFns, JoinedReel } from '../../src/main/clips/export';
import type { ClipRange, Cue, CutClip, CutOptions } from '../../src/main/clips/media';
import { AppError } from '../../src/main/errors';

export type FakeCall = { file: string; range: ClipRange; options: CutOptions | undefined };

const KEYFRAME_MS = 2000;
const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23);

export function fakeVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${stamp(c.startMs)} --> ${stamp(c.endMs)}\n<v ${c.speaker}>${c.text}`).join('\n\n')}\n`;
}

export function fakeClipMedia(
  o: { durationMs?: number | null; codec?: (file: string) => string; cutDelay?: () => Promise<void>; refuseInReel?: (file: string) => boolean } = {},
) {
  const cuts: FakeCall[] = [];
  const cut = (file: string, range: ClipRange, audioOnly = false): CutClip => {
    const start = audioOnly ? range.startMs : Math.floor(range.startMs / KEYFRAME_MS) * KEYFRAME_MS;
    return {
      bytes: new TextEncoder().encode(`${audioOnly ? 'sound' : 'clip'} of ${file} ${start}-${range.endMs}`),
      ext: audioOnly ? 'ogg' : 'webm',
      requested: range,
      actual: { startMs: start, endMs: range.endMs },
      durationMs: range.endMs - start,
      snapped: start !== range.startMs,
      videoCodec: audioOnly ? null : (o.codec?.(file) ?? 'vp9'),
      audioCodec: 'opus',
      captionsInside: false,
    };
  };
  const media: ClipMediaFns = {
    async cutClip(file, range, options) {
      cuts.push({ file, range, options });
      await o.cutDelay?.();
      if (options?.signal?.aborted) throw new Error('aborted');
      return cut(file, range, options?.audioOnly === true);
    },
    async joinClips(parts, options): Promise<JoinedReel> {
      const refused = parts.findIndex((p) => o.refuseInReel?.(p.input));
      if (refused >= 0)
        throw new AppError('reel_clip_mismatch', `Clip ${refused + 1} cannot join this reel: its picture is another size.`, { clip: refused + 1 });
      const clips = parts.map((p) => cut(p.input, p.range, options?.audioOnly === true));
      let at = 0;
      const placed = clips.map((c) => {
        const offsetMs = at;
        at += c.durationMs;
        return { actual: c.actual, offsetMs };
      });
      // Captions come timed from the requested start; in the reel they land where that start fell.
      const cues = parts.flatMap((p, i) =>
        (p.cues ?? []).map((q) => {
          const shift = placed[i]!.offsetMs + (p.range.startMs - clips[i]!.actual.startMs);
          return { ...q, startMs: q.startMs + shift, endMs: q.endMs + shift };
        }),
      );
      const text = clips.map((c) => new TextDecoder().decode(c.bytes)).join(' | ');
      return {
        ...clips[0]!,
        bytes: new TextEncoder().encode(`reel of [${text}]`),
        requested: { startMs: 0, endMs: at },
        actual: { startMs: 0, endMs: at },
        durationMs: at,
        clips: placed,
        cues,
      };
    },
    toWebVtt: fakeVtt,
    ...(o.durationMs !== undefined ? { durationMs: async () => o.durationMs ?? null } : {}),
  };
  return { media, cuts };
}
