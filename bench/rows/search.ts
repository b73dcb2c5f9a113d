import { runInChild } from '../lib/contender';
import { ms, num } from '../lib/format';
import { summarize, type Summary } from '../lib/stats';
import { seededRandom } from '../../test/support/random';
import type { BenchContext, BenchRow } from '../lib/types';
import { SHARED_KEY, type FullSyncShared } from './full-sync';

/**
 * Row 3: search over the synced cache (10,000 × 40 = 400k turns), through the worker cache as the app
 * runs it, and through an in-process cache for reference. A fixed mix of what researchers type.
 */
const MODULE = 'bench/rows/search.ts';
const GOAL_P50 = 10;
const GOAL_P99 = 50;
const QUERIES = 320;

/** The mix, by kind; words come from the sandbox's synthetic phrase bank and the bench project's questions. */
export const QUERY_MIX: Record<string, string[]> = {
  'common word': ['the', 'price', 'delivery', 'packaging', 'recipes', 'week', 'box', 'honestly', 'think'],
  // The synthetic phrase bank has no truly rare words: a word of one phrase is in ~5 % of turns (20k).
  // Half of these are such words, half are absent from every transcript (0 hits).
  'rare word': ['kraft', 'refund', 'sturdier', 'allergy', 'pouch', 'gluten', 'recyclable', 'courier'],
  'two words': [
    'price high',
    'delivery window',
    'plastic packaging',
    'customer support',
    'busy evenings',
    'box late',
    'recipes repetitive',
    'fresh ingredients',
  ],
  'prefix while typing': ['pric', 'deliv', 'pack', 'reci', 'cust', 'sk', 'pl', 'ingr', 'the delivery wi', 'customer sup'],
  'quoted phrase': [
    '"delivery window"',
    '"too much plastic"',
    '"customer support answered"',
    '"the price felt high"',
    '"recyclable packaging"',
    '"busy evenings"',
  ],
};

/** A fixed, shuffled sequence of `n` queries drawn round-robin from every kind (same every run). */
export function queryPlan(n: number): { kind: string; query: string }[] {
  const kinds = Object.entries(QUERY_MIX);
  const plan: { kind: string; query: string }[] = [];
  for (let i = 0; plan.length < n; i++) {
    const [kind, list] = kinds[i % kinds.length]!;
    plan.push({ kind, query: list[Math.floor(i / kinds.length) % list.length]! });
  }
  // Deterministic shuffle (LCG), so kinds are interleaved the same way each run.
  const rand = seededRandom(0x5eed).unit;
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  return plan;
}

type SearchArgs = { cacheFile: string; workerPath: string; queries: { kind: string; query: string }[]; limit: number };
type Timed = { kind: string; query: string; ms: number; hits: number; matches: number };
type SearchOutcome = { turns: number; worker: Timed[]; inProcess: Timed[] };

export async function searchContender(a: SearchArgs): Promise<SearchOutcome> {
  const { openWorkerCache, openInProcessCache } = await import('../../src/main/cache/cache');
  const runAll = async (cache: Awaited<ReturnType<typeof openWorkerCache>>) => {
    await cache.call('search.query', { query: 'warm', limit: a.limit }); // first statement preparation, not counted
    const out: Timed[] = [];
    for (const q of a.queries) {
      const s = performance.now();
      const hits = await cache.call('search.query', { query: q.query, limit: a.limit });
      out.push({ ...q, ms: performance.now() - s, hits: hits.length, matches: 0 });
    }
    return out;
  };
  const worker = await openWorkerCache(a.cacheFile, { path: a.workerPath });
  const w = await runAll(worker);
  await worker.close();
  const inProc = await openInProcessCache(a.cacheFile);
  const turns = (inProc.db.prepare('SELECT COUNT(*) AS n FROM transcript_turns').get() as { n: number }).n;
  const p = await runAll(inProc);
  // How many turns each query matches (untimed): what the ranking has to score.
  const { toFtsQuery } = await import('../../src/main/cache/queries/search-terms');
  const count = inProc.db.prepare('SELECT COUNT(*) AS n FROM turns_fts WHERE turns_fts MATCH ?');
  const matches = new Map(a.queries.map((q) => [q.query, 0]));
  for (const q of matches.keys()) {
    const fts = toFtsQuery(q);
    matches.set(q, fts ? (count.get(fts) as { n: number }).n : 0);
  }
  for (const t of [...w, ...p]) t.matches = matches.get(t.query) ?? 0;
  await inProc.close();
  return { turns, worker: w, inProcess: p };
}

const line = (s: Summary) => `p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · p99 ${ms(s.p99)} · max ${ms(s.max)}`;

export async function search(ctx: BenchContext): Promise<BenchRow> {
  const shared = ctx.shared.get(SHARED_KEY) as FullSyncShared | undefined;
  if (!shared) throw new Error('The search row needs the full-sync row to run first (it searches the synced cache).');
  const plan = queryPlan(QUERIES);
  const r = await ctx.phase(`search: ${plan.length} queries × (worker, in-process)`, () =>
    runInChild<SearchOutcome>(
      ctx.root,
      MODULE,
      'searchContender',
      { cacheFile: shared.cacheFile, workerPath: ctx.workerPath, queries: plan, limit: 50 } satisfies SearchArgs,
      { cpuProfDir: ctx.cpuProfDir, label: 'search' },
    ),
  );
  const w = summarize(r.value.worker.map((t) => t.ms));
  const p = summarize(r.value.inProcess.map((t) => t.ms));
  const byKind = Object.keys(QUERY_MIX).map((kind) => {
    const mine = r.value.worker.filter((t) => t.kind === kind);
    const s = summarize(mine.map((t) => t.ms));
    return `${kind} (${mine.length}): p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;
  });
  const slowest = [...new Map(r.value.worker.map((t) => [t.query, t])).values()]
    .map((t) => ({ q: t.query, worst: Math.max(...r.value.worker.filter((x) => x.query === t.query).map((x) => x.ms)), matches: t.matches }))
    .sort((a, b) => b.worst - a.worst)
    .slice(0, 5);
  return {
    id: '3',
    what: `Search over ${num(r.value.turns)} turns (${plan.length} queries, limit 50)`,
    value: [`worker: ${line(w)}`],
    baselines: [`in-process: ${line(p)}`],
    ratio: [`worker/in-process p50 ${(w.p50 / p.p50).toFixed(2)}×`],
    goals: [
      { text: `p50 ≤ ${GOAL_P50} ms`, pass: w.p50 <= GOAL_P50 },
      { text: `p99 ≤ ${GOAL_P99} ms`, pass: w.p99 <= GOAL_P99 },
    ],
    notes: [
      `Search by kind (worker): ${byKind.join('; ')}.`,
      `Slowest queries (worker, worst time, turns matching): ${slowest.map((s) => `${s.q} ${ms(s.worst)} (${num(s.matches)})`).join(', ')}.`,
    ],
  };
}
