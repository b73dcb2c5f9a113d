import { closeSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinClips, type ReelPart } from '../../src/main/clips/reel';
import { ms, num, ratio } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row: a highlight reel made on the laptop (issue 14 §1): 20 clips, one from each of 20 sample videos (cycling
 * them if there are fewer), each the video but its first and last second, joined by copying packets
 * (mediabunny, no decoding) and written to a file. Baseline: copying the same amount of bytes raw, each
 * source's byte range in proportion to its clip's length, into one file. "× real time" is the reel's length
 * over the time to make it. No sandbox: the sample videos are in the repository. Once to warm up, then RUNS times.
 */
const CLIPS = 20;
const RUNS = 5;
const GOAL_REAL_TIME = 20;

type SampleIndex = { videos: { id: string; file: string; bytes: number; duration_s: number }[] };

export function reelParts(root: string, clips = CLIPS): { parts: ReelPart[]; bytes: number[] } {
  const media = join(root, 'resources/sample-media');
  const index = JSON.parse(readFileSync(join(media, 'index.json'), 'utf8')) as SampleIndex;
  const picked = Array.from({ length: clips }, (_, i) => index.videos[i % index.videos.length]!);
  return {
    parts: picked.map((v) => ({ input: join(media, v.file), range: { startMs: 1000, endMs: Math.round(v.duration_s * 1000) - 1000 } })),
    bytes: picked.map((v) => Math.round((v.bytes * (v.duration_s - 2)) / v.duration_s)),
  };
}

/** The baseline: the same share of each source's bytes read and written to one file, with no parsing at all. */
function rawCopy(parts: ReelPart[], bytes: number[], out: string): number {
  const chunks = parts.map((p, i) => {
    const fd = openSync(p.input, 'r');
    try {
      const buf = Buffer.alloc(bytes[i]!);
      readSync(fd, buf, 0, buf.length, Math.floor((statSync(p.input).size - buf.length) / 2));
      return buf;
    } finally {
      closeSync(fd);
    }
  });
  const all = Buffer.concat(chunks);
  writeFileSync(out, all);
  return all.length;
}

async function time<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export async function reelRow(ctx: Pick<BenchContext, 'root' | 'runDir' | 'phase'>): Promise<BenchRow> {
  const { parts, bytes } = reelParts(ctx.root);
  const out = join(ctx.runDir, 'reel.webm');
  const rawOut = join(ctx.runDir, 'reel-raw.bin');
  const makeReel = async () => {
    const reel = await joinClips(parts);
    writeFileSync(out, reel.bytes);
    return reel;
  };
  const { reel, made, raw, rawBytes } = await ctx.phase(`reel: ${CLIPS} clips joined, and the raw copy, ${RUNS} runs each`, async () => {
    await makeReel();
    rawCopy(parts, bytes, rawOut);
    const m: number[] = [];
    const r: number[] = [];
    let last = await time(makeReel);
    let copied = 0;
    for (let i = 0; i < RUNS; i++) {
      last = await time(makeReel);
      m.push(last.ms);
      const c = await time(() => rawCopy(parts, bytes, rawOut));
      r.push(c.ms);
      copied = c.value;
    }
    return { reel: last.value, made: summarize(m), raw: summarize(r), rawBytes: copied };
  });
  const realTime = reel.durationMs / made.p50;
  return {
    id: 'reel',
    what: `Highlight reel of ${CLIPS} clips from ${new Set(parts.map((p) => p.input)).size} sample videos, ${ms(reel.durationMs)} long (median of ${RUNS})`,
    value: [`joined by copying packets and written: ${ms(made.p50)} (${ms(made.max)} slowest)`, `${realTime.toFixed(0)}× faster than real time`],
    baselines: [`the same bytes (${num(rawBytes)}) copied raw: ${ms(raw.p50)}`],
    ratio: [ratio(made.p50 / raw.p50)],
    goals: [{ text: `≥ ${GOAL_REAL_TIME}× real time`, pass: realTime >= GOAL_REAL_TIME }],
    notes: [
      `The reel is ${num(reel.bytes.length)} bytes, ${reel.videoCodec}/${reel.audioCodec} in ${reel.ext}; ${reel.snapped ? "clips' starts snapped back to their keyframes" : 'every clip started on a keyframe'}.`,
      'In the bench process (the app makes reels in main the same way); the sample videos are small (5 fps, 320×240), so this is mostly per-packet and per-file work.',
    ],
  };
}
