// Cuts real files (the sample videos, and small ones ffmpeg makes here) and checks them with ffprobe and a full
// ffmpeg decode: the cut has the asked length give or take one keyframe interval, and decodes without errors.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cutClip } from '../../../../src/main/clips/cut';
import type { ClipRange } from '../../../../src/main/clips/media';
import { appErrorOf, decodeErrors, HAS_FFMPEG, makeVideo, probe, useMediaDir, warnIfNoFfmpeg } from '../../../support/media-tools';

const VIDEOS = fileURLToPath(new URL('../../../../resources/sample-media/videos', import.meta.url));
const SAMPLE = join(VIDEOS, 'churn-01.webm'); // 28.6 s, keyframes at 0.007 s and every 2 s after
const KEYFRAME_INTERVAL_MS = 2000;
// Whole packets: the sound packet playing at the keyframe starts up to 120 ms (one Opus packet) before it, and
// the last frame before the end lasts 200 ms (5 fps).
const PACKET_SLACK_MS = 120 + 200;

warnIfNoFfmpeg('clip cuts');

const media = useMediaDir('fieldwork-cut-');

describe.skipIf(!HAS_FFMPEG)('cutClip on a sample video (WebM, VP9 + Opus)', () => {
  const ranges: ClipRange[] = [
    { startMs: 0, endMs: 5000 },
    { startMs: 3000, endMs: 9000 },
    { startMs: 10_100, endMs: 20_000 },
    { startMs: 21_500, endMs: 28_607 },
    { startMs: 1999, endMs: 2600 },
  ];

  it.each(ranges)('cuts $startMs-$endMs ms from the keyframe at or before the start, decoding cleanly', async (range) => {
    const clip = await cutClip(SAMPLE, range);
    const file = media.write(`clip-${range.startMs}.webm`, clip.bytes);
    const asked = range.endMs - range.startMs;
    const { durationS, streams } = probe(file);
    expect(durationS * 1000).toBeGreaterThanOrEqual(asked - 100);
    expect(durationS * 1000).toBeLessThanOrEqual(asked + KEYFRAME_INTERVAL_MS + PACKET_SLACK_MS);
    expect(Math.abs(durationS * 1000 - clip.durationMs)).toBeLessThan(50);
    expect(decodeErrors(file)).toBe('');
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['video:vp9', 'audio:opus']);
    expect(clip).toMatchObject({ ext: 'webm', videoCodec: 'vp9', audioCodec: 'opus', captionsInside: false, requested: range });
    expect(clip.actual.startMs).toBeLessThanOrEqual(range.startMs);
    // One sound packet (120 ms here) may start before the keyframe.
    expect(clip.actual.startMs).toBeGreaterThan(range.startMs - KEYFRAME_INTERVAL_MS - 120);
    expect(clip.snapped).toBe(range.startMs > 7 && (range.startMs - 7) % KEYFRAME_INTERVAL_MS !== 0);
  });

  it('does not snap a cut that starts on a keyframe, and starts the sound with the packet playing there', async () => {
    const clip = await cutClip(SAMPLE, { startMs: 4007, endMs: 6007 });
    expect(clip.snapped).toBe(false);
    expect(clip.actual.startMs).toBeLessThanOrEqual(4007);
    expect(clip.actual.startMs).toBeGreaterThan(4007 - 120);
  });

  it('puts the cues inside as a WebVTT subtitle track, moved by the snap so they stay on their speech', async () => {
    const clip = await cutClip(SAMPLE, { startMs: 3000, endMs: 9000 }, { cues: [{ startMs: 500, endMs: 2500, speaker: 'Maya Cohen', text: 'Cost, really.' }] });
    expect(clip.captionsInside).toBe(true);
    const file = media.write('captions.webm', clip.bytes);
    expect(probe(file).streams.map((s) => s.codec_type)).toEqual(['video', 'audio', 'subtitle']);
    expect(Buffer.from(clip.bytes).includes('<v Maya Cohen>Cost, really.')).toBe(true);
    expect(decodeErrors(file)).toBe('');
    // The cue moved by as much as the start snapped back.
    expect(clip.actual.startMs).toBe(1921);
  });

  it('refuses a frame-exact cut, saying it needs the app window, and a range outside the recording', async () => {
    const exact = await appErrorOf(cutClip(SAMPLE, { startMs: 1000, endMs: 2000 }, { snap: 'exact' }));
    expect(exact.code).toBe('clip_exact_needs_encoder');
    expect(exact.message).toMatch(/re-encode.*app window.*keyframe cut/);
    expect((await appErrorOf(cutClip(SAMPLE, { startMs: 40_000, endMs: 41_000 }))).code).toBe('clip_range_outside');
    expect((await appErrorOf(cutClip(SAMPLE, { startMs: 2000, endMs: 2000 }))).code).toBe('clip_range_invalid');
  });

  it('stops when the signal aborts', async () => {
    const ac = new AbortController();
    ac.abort();
    expect((await appErrorOf(cutClip(SAMPLE, { startMs: 0, endMs: 5000 }, { signal: ac.signal }))).code).toBe('clip_cancelled');
  });

  it('names the file it cannot read', async () => {
    const e = await appErrorOf(cutClip(media.path('missing.webm'), { startMs: 0, endMs: 1000 }));
    expect(e.code).toBe('clip_source_unreadable');
    expect(e.message).toContain('missing.webm');
  });
});

// The subtitle track each container gets: MP4 an ISO 14496-30 WebVTT track ('wvtt', which ffmpeg 5 lists as data),
// Matroska S_TEXT/WEBVTT (which ffmpeg 5 lists with no decoder), MOV none (QuickTime has no WebVTT track).
const CAPTION_TRACK = {
  mp4: { type: /^(subtitle|data)$/, codecId: 'wvtt' },
  mkv: { type: /^subtitle$/, codecId: 'S_TEXT/WEBVTT' },
  mov: null,
} as const;

describe.skipIf(!HAS_FFMPEG).each(['mp4', 'mkv', 'mov'] as const)('cutClip on a %s with B-frames (H.264 + AAC)', (ext) => {
  let source = '';
  beforeAll(() => {
    source = media.path(`source.${ext}`);
    // Keyframe every 2 s at 10 fps, with B-frames, so decode order differs from presentation order.
    makeVideo(source, { size: '160x120', seconds: 12, args: ['-c:v', 'libx264', '-g', '20', '-bf', '2', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] });
  });

  it.each([
    { startMs: 0, endMs: 3000 },
    { startMs: 2500, endMs: 7300 },
    { startMs: 9100, endMs: 12_000 },
  ])('cuts $startMs-$endMs ms into a file of the same container that decodes cleanly, with captions inside if it can', async (range) => {
    const clip = await cutClip(source, range, { cues: [{ startMs: 0, endMs: 1000, speaker: 'Interviewer', text: 'Hello' }] });
    const captions = CAPTION_TRACK[ext];
    expect(clip).toMatchObject({ ext, videoCodec: 'avc', audioCodec: 'aac', captionsInside: captions !== null });
    const file = media.write(`clip-${range.startMs}.${ext}`, clip.bytes);
    const { durationS, streams } = probe(file);
    const asked = range.endMs - range.startMs;
    expect(durationS * 1000).toBeGreaterThanOrEqual(asked - 100);
    // Up to one AAC frame (21 ms) before the keyframe, and a frame shown after the end that B-frames need.
    expect(durationS * 1000).toBeLessThanOrEqual(asked + KEYFRAME_INTERVAL_MS + 200);
    expect(streams.slice(0, 2).map((s) => s.codec_type)).toEqual(['video', 'audio']);
    if (captions) {
      expect(streams[2]?.codec_type).toMatch(captions.type);
      expect(Buffer.from(clip.bytes).includes(captions.codecId)).toBe(true);
      expect(Buffer.from(clip.bytes).includes('<v Interviewer>Hello')).toBe(true);
    } else expect(streams).toHaveLength(2);
    expect(decodeErrors(file)).toBe('');
  });
});
