import { agreementService } from '../../src/main/analysis/agreement/agreement';
import { openInProcessCache } from '../../src/main/cache/cache';
import { AI_REPORT_CODER } from '../../src/shared/analysis/codebook';
import { interviewRecord } from '../../src/shared/schemas/interview';
import { projectListItem } from '../../src/shared/schemas/project';
import { ms, num, ratio } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';
import { agreementData } from './agreement';

/**
 * Row: the agreement screen's and CLI's whole path (issue 13 §3, "agreement over 1,000 interviews × 20 codes
 * ≤ 1 s"): `agreementService.compare` reads the two coders' segments, the transcripts they are in and the
 * codebook from a real SQLite cache, then computes per code and places each disagreement. The data are the
 * `agreement` row's codings (1,000 interviews × 40 turns × 20 codes), stored as the researcher's and the AI
 * report's segments. Baseline: one SQL query reading the same segment rows with their code names, and the
 * turn lengths, raw (the floor of reading them at all). In-process cache (no worker thread), median of RUNS.
 */
const INTERVIEWS = 1000;
const TURNS = 40;
const CODES = 20;
const RUNS = 5;
const GOAL_MS = 1000;
const P = '11111111-1111-4111-8111-111111111111';
const NOW = '2026-11-26T10:00:00.000Z';

async function time<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export async function agreementServiceRow(ctx: BenchContext): Promise<BenchRow> {
  const cache = await ctx.phase(`agreement service: a cache with ${num(INTERVIEWS)} interviews × ${TURNS} turns and two coders' segments`, async () => {
    const data = agreementData(INTERVIEWS, TURNS, CODES);
    const c = await openInProcessCache(':memory:');
    await c.call('projects.saveList', { items: [projectListItem.parse({ id: P, title: 'Bench', status: 'ACTIVE' })], syncedAt: NOW });
    const items = data.interviews.map((iv) =>
      interviewRecord.parse({
        id: iv.interviewId,
        status: 'COMPLETE',
        completed_at: '2025-03-01T10:00:00Z',
        participant: { name: `Person ${iv.interviewId}` },
        transcript: (iv.turns as number[]).map((len, t) => ({
          role: t % 2 === 0 ? 'AI' : 'User',
          text: 'x'.repeat(len),
          start_ms: t * 10_000,
          end_ms: t * 10_000 + 5000,
        })),
      }),
    );
    for (let i = 0; i < items.length; i += 100) await c.call('interviews.saveFullRecords', { projectId: P, items: items.slice(i, i + 100), now: NOW });
    const codes = await c.call('codes.ensure', { projectId: P, names: Array.from({ length: CODES }, (_, k) => `code ${k + 1}`), now: NOW });
    const codeId = new Map(codes.map((x) => [x.name, x.id]));
    const insert = c.db.prepare(
      `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, coder, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 'q', '', ?, ?, ?)`,
    );
    const link = c.db.prepare('INSERT INTO highlight_codes (highlight_id, code_id) VALUES (?, ?)');
    c.db.transaction(() => {
      data.codings.forEach((x, n) => {
        const id = `h${n}`;
        const end = x.endChar ?? (data.interviews[Number(x.interviewId.slice(10))]!.turns as number[])[x.endTurn]!;
        insert.run(id, P, x.interviewId, x.startTurn, x.startChar ?? 0, x.endTurn, end, x.coder === 'A' ? null : AI_REPORT_CODER, NOW, NOW);
        link.run(id, codeId.get(x.code)!);
      });
    })();
    return { c, codings: data.codings.length };
  });
  const service = agreementService({ cache: cache.c, researcherName: () => 'Bench' });
  const raw = () => ({
    segments: cache.c.db
      .prepare(
        `SELECT h.interview_id, h.coder, h.start_turn, h.start_offset, h.end_turn, h.end_offset, c.name FROM highlights h
         JOIN highlight_codes hc ON hc.highlight_id = h.id JOIN codes c ON c.id = hc.code_id WHERE h.project_id = ?`,
      )
      .all(P).length,
    turns: cache.c.db.prepare('SELECT interview_id, idx, length(text) FROM transcript_turns').all().length,
  });
  const timings = await ctx.phase(`agreement service: compare and the raw read, ${RUNS} runs each (after one to warm up)`, async () => {
    await time(() => service.compare(P, null, AI_REPORT_CODER));
    await time(raw);
    const full: number[] = [];
    const base: number[] = [];
    let result = await service.compare(P, null, AI_REPORT_CODER);
    for (let r = 0; r < RUNS; r++) {
      const f = await time(() => service.compare(P, null, AI_REPORT_CODER));
      full.push(f.ms);
      result = f.value;
      base.push((await time(raw)).ms);
    }
    return { full: summarize(full), base: summarize(base), result };
  });
  await cache.c.close();
  const { full, base, result } = timings;
  const disagreements = result.codes.reduce((s, c) => s + c.disagreement_count, 0);
  return {
    id: 'agreement-service',
    what: `Agreement screen/CLI path from the cache: ${num(INTERVIEWS)} interviews × ${TURNS} turns × ${CODES} codes (median of ${RUNS})`,
    value: [`${ms(full.p50)}`, `max ${ms(full.max)}`],
    baselines: [`one SQL read of the segments with their codes, and the turn lengths: ${ms(base.p50)}`],
    ratio: [ratio(full.p50 / base.p50)],
    goals: [{ text: `≤ ${ms(GOAL_MS)}`, pass: full.p50 <= GOAL_MS }],
    notes: [
      `${num(cache.codings)} segments of two coders; ${num(result.interviews)} interviews compared, ${num(disagreements)} disagreeing turn-codes (at most 500 listed per code, each placed with its participant and turn).`,
      'In-process cache (the app and the CLI run the same queries in a worker thread); building the cache is not timed.',
    ],
  };
}
