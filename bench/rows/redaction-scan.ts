import { join } from 'node:path';
import { scanStudy } from '../../src/main/redaction/scan';
import { ScanMemo } from '../../src/main/redaction/scan-memo';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { redactionCorpus } from '../../test/support/redaction-corpus';
import { openBenchStudy } from '../lib/bench-study';
import { ms, num, ratio } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row: a redaction scan (issue 14 §2, §4) over 10,000 interviews × 40 turns, in a cache file of its own, of
 * the seeded corpus in test/support/redaction-corpus.ts (names, places, emails, phones… at real rates). Timed: the
 * whole scan as `fieldwork redact scan` runs it (the cache's pass over every turn, field and quote, then the
 * pseudonyms and the sealed mapping). Baseline: the same turns read raw with one SQL query.
 */
const INTERVIEWS = 10_000;
const TURNS = 40;
const RUNS = 3;
const GOAL_MS = 10_000;

export async function seed(file: string, interviews = INTERVIEWS) {
  const now = '2026-11-26T10:00:00.000Z';
  const cache = await openBenchStudy(file, now);
  await redactionCorpus({ interviews, turns: TURNS, now }, (items) =>
    cache.call('interviews.saveFullRecords', { projectId: 'bench', items, now }).then(() => undefined),
  );
  return cache;
}

const BASELINE = 'SELECT t.interview_id, t.idx, t.text, t.start_ms FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id WHERE i.project_id = ?';

export async function redactionScanRow(ctx: BenchContext): Promise<BenchRow> {
  const cache = await ctx.phase(`redaction scan: a cache of ${num(INTERVIEWS)} interviews × ${TURNS} turns`, () => seed(join(ctx.runDir, 'redaction-scan.db')));
  try {
    const secrets = createMemoryStore(null);
    const raw = cache.db.prepare(BASELINE);
    const { first, scan, base, warm, findings, byKind } = await ctx.phase(`redaction scan: the scan and the raw read, ${RUNS} runs each`, async () => {
      const s: number[] = [];
      const b: number[] = [];
      const w: number[] = [];
      // The process's first scan: the tagger has read nothing yet (names.ts keeps what it found in each piece).
      const t0 = performance.now();
      let last = await scanStudy(cache, secrets, 'bench', undefined, new ScanMemo());
      const first = performance.now() - t0;
      const memo = new ScanMemo();
      for (let i = 0; i < RUNS; i++) {
        // A memo of its own each run: every timed scan reads and tags every turn.
        let t = performance.now();
        last = await scanStudy(cache, secrets, 'bench', undefined, new ScanMemo());
        s.push(performance.now() - t);
        // The same study asked again, unchanged (the review, then an export): the kept scan.
        await scanStudy(cache, secrets, 'bench', undefined, memo);
        t = performance.now();
        await scanStudy(cache, secrets, 'bench', undefined, memo);
        w.push(performance.now() - t);
        t = performance.now();
        raw.all('bench');
        b.push(performance.now() - t);
      }
      const kinds = new Map<string, number>();
      for (const f of last.findings) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
      return { first, scan: summarize(s), base: summarize(b), warm: summarize(w), findings: last.findings.length, byKind: kinds };
    });
    return {
      id: 'redaction-scan',
      what: `A redaction scan of ${num(INTERVIEWS * TURNS)} turns (${num(INTERVIEWS)} interviews × ${TURNS}), with pseudonyms (worst of ${RUNS})`,
      value: [
        `first scan in the process: ${ms(first)}`,
        `scan again (as after a sync): ${ms(scan.max)} worst (${ms(scan.p50)} median)`,
        `asked again, unchanged: ${ms(warm.max)} worst (the kept scan)`,
      ],
      baselines: [`the same turns read raw with one SQL query: ${ms(base.max)} worst (${ms(base.p50)} median)`],
      ratio: [ratio(scan.max / base.max)],
      goals: [{ text: `scan ≤ ${ms(GOAL_MS)}`, pass: Math.max(first, scan.max) <= GOAL_MS }],
      notes: [
        `${num(findings)} findings: ${[...byKind].map(([k, n]) => `${k} ${num(n)}`).join(', ')}.`,
        'In the bench process on an in-process cache (the app runs the same pass in its cache worker). The first scan also seals the new mapping, and its tagger reads every piece of text; a later full scan re-reads only the pieces it has not read (the tagger keeps what it found in each, names.ts), and an unchanged study is not scanned at all (scan-memo.ts). The goal is judged on the slowest of them. Generating the cache is not timed.',
      ],
    };
  } finally {
    await cache.close();
  }
}
