// Joins clips from different sample videos and checks the reel with ffprobe and a full ffmpeg decode; clips
// that cannot be joined without re-encoding (another size, another container) are refused by position.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cutClip } from '../../../../src/main/clips/cut';
import { joinClips, type ReelPart } from '../../../../src/main/clips/reel';
import { appErrorOf, decodeErrors, HAS_FFMPEG, makeVideo, probe, useMediaDir, run, warnIfNoFfmpeg } from '../../../support/media-tools';

const VIDEOS = fileURLToPath(new URL('../../../../resources/sample-media/videos', import.meta.url));
const video = (id: string) => join(VIDEOS, `${id}.webm`);

warnIfNoFfmpeg('highlight reels');

const media = useMediaDir('fieldwork-reel-');

const PARTS: ReelPart[] = [
  { input: video('churn-01'), range: { startMs: 3000, endMs: 9000 }, cues: [{ startMs: 500, endMs: 2500, speaker: 'Maya Cohen', text: 'Cost, really.' }] },
  { input: video('churn-02'), range: { startMs: 5000, endMs: 11_000 } },
  { input: video('packaging-10'), range: { startMs: 0, endMs: 4000 }, cues: [{ startMs: 400, endMs: 3000, speaker: 'Interviewer', text: 'Before we look' }] },
];

describe.skipIf(!HAS_FFMPEG)('joinClips', () => {
  it('joins clips from three sample videos into one that lasts as long as they do together and decodes cleanly', async () => {
    const reel = await joinClips(PARTS);
    const file = media.write('reel.webm', reel.bytes);
    const alone = await Promise.all(PARTS.map((p) => cutClip(p.input, p.range)));
    const sum = alone.reduce((s, c) => s + c.durationMs, 0);
    const { durationS, streams } = probe(file);
    expect(Math.abs(durationS * 1000 - sum)).toBeLessThanOrEqual(100 * PARTS.length);
    expect(Math.abs(reel.durationMs - sum)).toBeLessThanOrEqual(100 * PARTS.length);
    expect(decodeErrors(file)).toBe('');
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name ?? 'no decoder'}`)).toEqual(['video:vp9', 'audio:opus', 'subtitle:no decoder']);
    expect(reel).toMatchObject({ ext: 'webm', videoCodec: 'vp9', audioCodec: 'opus', captionsInside: true, snapped: true });
    // Each clip is where cutting it alone puts it, one after another.
    expect(reel.clips.map((c) => c.actual)).toEqual(alone.map((c) => c.actual));
    let offset = 0;
    for (const [i, c] of reel.clips.entries()) {
      expect(Math.abs(c.offsetMs - offset)).toBeLessThanOrEqual(1);
      offset += alone[i]!.durationMs;
    }
  });

  it("puts each clip's cues at its place in the reel, moved by its snap", async () => {
    const reel = await joinClips(PARTS);
    const file = media.write('reel-cues.webm', reel.bytes);
    const r = run('ffprobe', ['-v', 'error', '-select_streams', 's', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file]);
    const times = r.stdout.trim().split('\n').map(Number);
    const first = reel.clips[0]!;
    const third = reel.clips[2]!;
    expect(times).toHaveLength(2);
    expect(times[0]! * 1000).toBeCloseTo(500 + PARTS[0]!.range.startMs - first.actual.startMs, 0);
    expect(times[1]! * 1000).toBeCloseTo(third.offsetMs + 400 + PARTS[2]!.range.startMs - third.actual.startMs, -1);
    // The cues the reel reports (for a side-car .vtt) are the ones inside it.
    expect(reel.cues.map((c) => [c.speaker, c.text])).toEqual([
      ['Maya Cohen', 'Cost, really.'],
      ['Interviewer', 'Before we look'],
    ]);
    expect(reel.cues.map((c) => c.startMs / 1000)).toEqual(times.map((t) => expect.closeTo(t, 2)));
  });

  it('refuses a clip whose picture is another size, naming it and the sizes', async () => {
    const small = media.path('small.webm');
    makeVideo(small, {
      size: '160x120',
      seconds: 2,
      args: ['-c:v', 'libvpx-vp9', '-g', '10', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-ac', '1'],
    });
    const e = await appErrorOf(joinClips([PARTS[0]!, { input: small, range: { startMs: 0, endMs: 1000 } }]));
    expect(e.code).toBe('reel_clip_mismatch');
    expect(e.message).toContain('Clip 2 (small.webm)');
    expect(e.message).toContain("its picture is 160×120 where clip 1's is 320×240");
    expect(e.details).toMatchObject({ clip: 2 });
  });

  it('refuses a clip in another container and codec, naming it', async () => {
    const mp4 = media.path('other.mp4');
    makeVideo(mp4, { size: '320x240', seconds: 2, args: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] });
    const e = await appErrorOf(joinClips([PARTS[0]!, PARTS[1]!, { input: mp4, range: { startMs: 0, endMs: 1000 } }]));
    expect(e.code).toBe('reel_clip_mismatch');
    expect(e.message).toContain('Clip 3 (other.mp4)');
    expect(e.message).toContain('mp4 file where clip 1 is webm');
  });

  it('refuses an empty reel and stops when the signal aborts', async () => {
    expect((await appErrorOf(joinClips([]))).code).toBe('reel_empty');
    const ac = new AbortController();
    ac.abort();
    expect((await appErrorOf(joinClips(PARTS, { signal: ac.signal }))).code).toBe('clip_cancelled');
  });
});
