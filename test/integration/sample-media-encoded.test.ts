// The generated sandbox media (scripts/generate-sample-media.sh) as ffmpeg decodes it: codecs, sizes, keyframes,
// and the speech alignment that matters most: the app highlights the transcript turn under the video playhead,
// so the sidecar timestamps must match where speech actually is in the audio. The manifest and the sidecars'
// shape are checked without ffmpeg in test/unit/sample-media/sample-media.test.ts.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { manifest, SAMPLE_MEDIA as ROOT, sidecarOf, type Interval, type ManifestVideo } from '../support/sample-media';

const hasTool = (cmd: string): boolean => {
  const r = spawnSync(cmd, ['-version'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
};
const HAS_FFMPEG = hasTool('ffmpeg') && hasTool('ffprobe');
if (!HAS_FFMPEG) {
  console.warn('sample-media: speech-alignment and codec checks skipped: ffmpeg not installed; apt-get install ffmpeg');
}

// Real recordings have a keyframe every 2 s, so a seek never decodes more than 2 s of video.
const KEYFRAME_INTERVAL_S = 2;

// ---------------------------------------------------------------------------
// Speech detection and alignment
// ---------------------------------------------------------------------------

const SILENCE_NOISE = '-35dB';
const SILENCE_MIN_S = 0.3;
// Turn starts come from trimmed audio, so detected onsets land within a few
// ms; 0.25 s absorbs codec/threshold differences but not a 1 s shift.
const START_TOLERANCE_S = 0.25;
// Speech fades below -35 dB a little before a turn's recorded end, and the
// Opus decoder smears edges slightly; ignore this much at each gap edge.
const GAP_EDGE_S = 0.1;
// Decoder start-up produces a few ms of "non-silence" at t=0.
const MIN_SPEECH_S = 0.05;

function detectSpeech(file: string): Interval[] {
  const r = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-i',
      file,
      // The audio alone: decoding the video too cost a third more and changes nothing that is detected.
      '-vn',
      // Padding guarantees the audio ends in a detectable silence, so the
      // tail is classified the same way whether or not this ffmpeg build
      // reports a final silence_end at EOF.
      '-af',
      `apad=pad_dur=1,silencedetect=noise=${SILENCE_NOISE}:d=${SILENCE_MIN_S}`,
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`ffmpeg silencedetect failed on ${file}: ${r.stderr}`);
  const silences: { start: number; end: number | null }[] = [];
  for (const line of r.stderr.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    if (s) silences.push({ start: Math.max(0, Number(s[1])), end: null });
    const e = /silence_end: (-?[\d.]+)/.exec(line);
    const last = silences[silences.length - 1];
    if (e && last) last.end = Number(e[1]);
  }
  const speech: Interval[] = [];
  let cursor = 0;
  for (const sil of silences) {
    if (sil.start > cursor) speech.push({ start: cursor, end: sil.start });
    cursor = sil.end ?? Number.POSITIVE_INFINITY;
  }
  return speech.filter((iv) => iv.end - iv.start >= MIN_SPEECH_S);
}

const speechCache = new Map<string, Interval[]>();
function speechOf(v: ManifestVideo): Interval[] {
  let s = speechCache.get(v.id);
  if (!s) {
    s = detectSpeech(join(ROOT, v.file));
    speechCache.set(v.id, s);
  }
  return s;
}

const overlap = (a: Interval, b: Interval): number => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** Returns human-readable problems; empty means the turns match the speech. */
function alignmentProblems(turns: Interval[], speech: Interval[]): string[] {
  const problems: string[] = [];
  turns.forEach((t, i) => {
    const nearest = Math.min(...speech.map((s) => Math.abs(s.start - t.start)));
    if (!(nearest <= START_TOLERANCE_S)) {
      problems.push(`turn ${i} starts at ${t.start}s but the nearest speech onset is ${nearest.toFixed(3)}s away`);
    }
  });
  for (const s of speech) {
    if (!turns.some((t) => overlap(s, t) > 0)) {
      problems.push(`speech ${s.start.toFixed(3)}-${s.end.toFixed(3)}s is not inside any turn`);
    }
  }
  // The lead-in and every pause between turns must be (nearly) silent.
  const gaps: Interval[] = [];
  const first = turns[0];
  if (first) gaps.push({ start: 0, end: first.start });
  for (let i = 1; i < turns.length; i++) {
    const prev = turns[i - 1];
    const cur = turns[i];
    if (prev && cur) gaps.push({ start: prev.end, end: cur.start });
  }
  for (const g of gaps) {
    const inner = { start: g.start + GAP_EDGE_S, end: g.end - GAP_EDGE_S };
    if (inner.end <= inner.start) continue;
    const spoken = speech.reduce((acc, s) => acc + overlap(s, inner), 0);
    if (spoken > 0) {
      problems.push(`${spoken.toFixed(3)}s of speech in the gap ${g.start.toFixed(3)}-${g.end.toFixed(3)}s`);
    }
  }
  return problems;
}

type Probe = { streams: Record<string, unknown>[]; format: Record<string, unknown>; keyframes: number[] };
const probes = new Map<string, Probe>();
/**
 * One ffprobe run per file, shared by the tests below: its streams, its container, and the presentation times
 * of its video keyframes in seconds (a second run per file to read the packets cost as much again).
 */
function ffprobe(file: string): Probe {
  const cached = probes.get(file);
  if (cached) return cached;
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-show_entries', 'packet=codec_type,pts_time,flags', '-of', 'json', file], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`ffprobe failed on ${file}: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as Omit<Probe, 'keyframes'> & { packets?: { codec_type: string; pts_time: string; flags: string }[] };
  const keyframes = (out.packets ?? []).filter((p) => p.codec_type === 'video' && p.flags.startsWith('K')).map((p) => Number(p.pts_time));
  const probe = { streams: out.streams, format: out.format, keyframes };
  probes.set(file, probe);
  return probe;
}

// ---------------------------------------------------------------------------

// The first two probe each of the forty videos in one test: a minute on a busy two-core machine.
describe('encoded media (ffmpeg)', () => {
  it.skipIf(!HAS_FFMPEG)(
    'are 320x240 5 fps VP9 + mono Opus, with the sidecar duration',
    () => {
      for (const v of manifest.videos) {
        const probe = ffprobe(join(ROOT, v.file));
        const video = probe.streams.find((s) => s.codec_type === 'video');
        const audio = probe.streams.find((s) => s.codec_type === 'audio');
        expect(video?.codec_name, v.id).toBe('vp9');
        expect([video?.width, video?.height], v.id).toEqual([320, 240]);
        expect(video?.r_frame_rate, v.id).toBe('5/1');
        expect(audio?.codec_name, v.id).toBe('opus');
        expect(audio?.channels, v.id).toBe(1);
        expect(Number(probe.format.duration), v.id).toBeCloseTo(sidecarOf(v.id).duration_s, 2);
      }
    },
    90_000,
  );

  it.skipIf(!HAS_FFMPEG)(
    `have a keyframe at the start and then every ${KEYFRAME_INTERVAL_S} s at most`,
    () => {
      for (const v of manifest.videos) {
        const keyframes = ffprobe(join(ROOT, v.file)).keyframes;
        const duration = sidecarOf(v.id).duration_s;
        expect(keyframes[0], v.id).toBeLessThan(0.05);
        // Frame times are whole frames (0.2 s at 5 fps), so a 2 s interval is exactly 2 s; 1 ms absorbs rounding.
        const gaps = [...keyframes.slice(1), duration].map((t, i) => t - keyframes[i]!);
        expect(Math.max(...gaps), v.id).toBeLessThanOrEqual(KEYFRAME_INTERVAL_S + 0.001);
        // Not a keyframe-only stream: the frames between keyframes are predicted.
        expect(keyframes.length, v.id).toBeLessThan(duration);
      }
    },
    90_000,
  );

  it.skipIf(!HAS_FFMPEG)('stimulus images are 640x480', () => {
    for (const s of manifest.stimuli) {
      const video = ffprobe(join(ROOT, 'stimuli', s.file)).streams[0];
      expect([video?.width, video?.height], s.file).toEqual([640, 480]);
    }
  });
});

describe('speech alignment (ffmpeg silencedetect)', () => {
  for (const v of manifest.videos) {
    it.skipIf(!HAS_FFMPEG)(`${v.id}: transcript turns match the speech in the audio`, () => {
      const speech = speechOf(v);
      const turns = sidecarOf(v.id).turns;
      // Sanity: detection found roughly one speech region per turn (espeak
      // sentence pauses may split a turn, never merge two).
      expect(speech.length, v.id).toBeGreaterThanOrEqual(turns.length);
      expect(alignmentProblems(turns, speech), v.id).toEqual([]);
    });

    it.skipIf(!HAS_FFMPEG)(`${v.id}: the check catches transcripts shifted by 1 s`, () => {
      const speech = speechOf(v);
      const turns = sidecarOf(v.id).turns;
      for (const shift of [1.0, -1.0]) {
        const shifted = turns.map((t) => ({ start: t.start + shift, end: t.end + shift }));
        expect(alignmentProblems(shifted, speech).length, `${v.id} shifted ${shift}s`).toBeGreaterThan(0);
      }
    });
  }
});
