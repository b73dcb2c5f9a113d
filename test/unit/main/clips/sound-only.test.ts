// "Leave the picture out": clips and reels cut to their sound only, from the sample video (VP9 + Opus in WebM)
// and from an H.264 + AAC MP4 made here, checked with ffprobe and a full ffmpeg decode: no video stream, the
// sound copied as it was, in the container named for its codec, and the start not snapped to a keyframe.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cutClip } from '../../../../src/main/clips/cut';
import { joinClips } from '../../../../src/main/clips/reel';
import { hasPicture, soundContainerFor } from '../../../../src/main/clips/sound-only';
import { appErrorOf, decodeErrors, HAS_FFMPEG, makeVideo, probe, run, useMediaDir, warnIfNoFfmpeg } from '../../../support/media-tools';

const VIDEOS = fileURLToPath(new URL('../../../../resources/sample-media/videos', import.meta.url));
const SAMPLE = join(VIDEOS, 'churn-01.webm');
// One Opus packet (120 ms here) may start before the asked start; the last one may end up to one after the end.
const PACKET_MS = 120;

warnIfNoFfmpeg('sound-only clips');

const media = useMediaDir('fieldwork-sound-');

describe('soundContainerFor', () => {
  it('names a container each codec plays in: m4a for AAC, ogg for Opus and Vorbis, mka for the rest', () => {
    expect(['aac', 'opus', 'vorbis', 'mp3', 'flac', 'pcm-s16', null].map(soundContainerFor)).toEqual(['m4a', 'ogg', 'ogg', 'mka', 'mka', 'mka', 'mka']);
  });
});

describe.skipIf(!HAS_FFMPEG)('sound-only cuts of the sample video (WebM, VP9 + Opus)', () => {
  it('cuts the sound alone into an .ogg: no video stream, Opus copied, starting within a packet of the asked start', async () => {
    const range = { startMs: 3000, endMs: 9000 };
    const clip = await cutClip(SAMPLE, range, { audioOnly: true, cues: [{ startMs: 500, endMs: 2500, speaker: 'P01', text: 'Cost, really.' }] });
    expect(clip).toMatchObject({ ext: 'ogg', videoCodec: null, audioCodec: 'opus', snapped: false, requested: range });
    const file = media.write('sound.ogg', clip.bytes);
    const { durationS, streams } = probe(file);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:opus']);
    expect(decodeErrors(file)).toBe('');
    // A keyframe cut of the same span starts at 1.921 s (cut.test.ts); without the picture it starts at the sound packet playing at 3 s.
    expect(clip.actual.startMs).toBeGreaterThan(range.startMs - PACKET_MS);
    expect(clip.actual.startMs).toBeLessThanOrEqual(range.startMs);
    expect(Math.abs(durationS * 1000 - (range.endMs - range.startMs))).toBeLessThanOrEqual(2 * PACKET_MS);
    // Ogg has no subtitle track: the captions go beside the clip only.
    expect(clip.captionsInside).toBe(false);
    expect(Buffer.from(clip.bytes).includes('Cost, really.')).toBe(false);
  });

  it('joins a reel of sounds from different sample videos into one .ogg without video', async () => {
    const reel = await joinClips(
      [
        { input: SAMPLE, range: { startMs: 3000, endMs: 6000 } },
        { input: join(VIDEOS, 'churn-02.webm'), range: { startMs: 5000, endMs: 8000 } },
      ],
      { audioOnly: true },
    );
    expect(reel).toMatchObject({ ext: 'ogg', videoCodec: null, audioCodec: 'opus', snapped: false });
    const file = media.write('reel.ogg', reel.bytes);
    const { durationS, streams } = probe(file);
    expect(streams.map((s) => s.codec_type)).toEqual(['audio']);
    expect(Math.abs(durationS * 1000 - 6000)).toBeLessThanOrEqual(4 * PACKET_MS);
    expect(decodeErrors(file)).toBe('');
  });

  it('tells a recording with a picture from one without, and refuses to cut a recording with no sound', async () => {
    expect(await hasPicture(SAMPLE)).toBe(true);
    const soundOnly = media.write('voice.ogg', (await cutClip(SAMPLE, { startMs: 0, endMs: 2000 }, { audioOnly: true })).bytes);
    expect(await hasPicture(soundOnly)).toBe(false);
    expect(await hasPicture(media.path('missing.webm'))).toBeNull();
    const silent = media.path('silent.webm');
    const made = run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', SAMPLE, '-an', '-c', 'copy', silent]);
    expect(made.status).toBe(0);
    const e = await appErrorOf(cutClip(silent, { startMs: 0, endMs: 2000 }, { audioOnly: true }));
    expect(e.code).toBe('clip_no_sound');
    expect(e.message).toMatch(/silent\.webm has no sound.*Export it with the picture/);
  });
});

describe.skipIf(!HAS_FFMPEG)('sound-only cuts of an MP4 (H.264 + AAC)', () => {
  let source = '';
  beforeAll(() => {
    source = media.path('source.mp4');
    makeVideo(source, { size: '160x120', seconds: 8, args: ['-c:v', 'libx264', '-g', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] });
  });

  it('writes an .m4a holding the AAC sound and the captions track, and no video', async () => {
    const clip = await cutClip(source, { startMs: 2500, endMs: 6000 }, { audioOnly: true, cues: [{ startMs: 0, endMs: 1000, speaker: 'P02', text: 'Hello' }] });
    expect(clip).toMatchObject({ ext: 'm4a', videoCodec: null, audioCodec: 'aac', snapped: false, captionsInside: true });
    const file = media.write('sound.m4a', clip.bytes);
    const { streams } = probe(file);
    expect(streams.some((s) => s.codec_type === 'video')).toBe(false);
    expect(streams[0]).toMatchObject({ codec_type: 'audio', codec_name: 'aac' });
    expect(Buffer.from(clip.bytes).includes('<v P02>Hello')).toBe(true);
    expect(decodeErrors(file)).toBe('');
  });
});
