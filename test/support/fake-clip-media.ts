// A stand-in for the media core (cut.ts, reel.ts, captions.ts): cuts "snap" to 2 s keyframes and return
// small byte arrays naming what was cut, so the clip export runs, and can be checked, without videos.
import type { ClipMediaFns, JoinedReel } from '../../src/main/clips/export';
import type { ClipRange, Cue, CutClip, CutOptions } from '../../src/main/clips/media';

export type FakeCall = { file: string; range: ClipRange; options: CutOptions | undefined };

const KEYFRAME_MS = 2000;
const stamp = (ms: number) => {
  const t = new Date(ms).toISOString();
  return `${t.slice(11, 23)}`;
};

export function fakeVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${stamp(c.startMs)} --> ${stamp(c.endMs)}\n<v ${c.speaker}>${c.text}`).join('\n\n')}\n`;
}

export function fakeClipMedia(o: { durationMs?: number | null; codec?: (file: string) => string; cutDelay?: () => Promise<void> } = {}) {
  const cuts: FakeCall[] = [];
  const media: ClipMediaFns = {
    async cutClip(file, range, options) {
      cuts.push({ file, range, options });
      await o.cutDelay?.();
      if (options?.signal?.aborted) throw new Error('aborted');
      const start = Math.floor(range.startMs / KEYFRAME_MS) * KEYFRAME_MS;
      const clip: CutClip = {
        bytes: new TextEncoder().encode(`clip of ${file} ${start}-${range.endMs}`),
        ext: 'webm',
        requested: range,
        actual: { startMs: start, endMs: range.endMs },
        durationMs: range.endMs - start,
        snapped: start !== range.startMs,
        videoCodec: o.codec?.(file) ?? 'vp9',
        audioCodec: 'opus',
        captionsInside: false,
      };
      return clip;
    },
    async joinClips(clips): Promise<JoinedReel> {
      const parts = clips.map((c) => new TextDecoder().decode(c.bytes));
      return { bytes: new TextEncoder().encode(`reel of [${parts.join(' | ')}]`), ext: 'webm', durationMs: clips.reduce((n, c) => n + c.durationMs, 0) };
    },
    toVtt: fakeVtt,
    ...(o.durationMs !== undefined ? { durationMs: async () => o.durationMs ?? null } : {}),
  };
  return { media, cuts };
}
