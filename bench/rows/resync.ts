import { runInChild } from '../lib/contender';
import { ms, num, pct } from '../lib/format';
import { median } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';
import { setLatency } from '../lib/sandbox';
import { type FullSyncShared, type NetworkProfile, type PagesArgs, type PagesResult } from './full-sync';

const GOAL = 0.05;

/**
 * Row 2: a second SyncEngine.run on the just-synced cache with nothing changed on the service. The runs
 * happen in the full-sync contender's process right after the full sync (warm, as in the app); the
 * first one is the figure, the others are shown for spread.
 */
export const resync =
  (net: NetworkProfile) =>
  async (ctx: BenchContext): Promise<BenchRow> => {
    await setLatency(ctx.sandbox, net.latencyMs);
    try {
      return await resyncOver(ctx, net);
    } finally {
      await setLatency(ctx.sandbox, 0);
    }
  };

async function resyncOver(ctx: BenchContext, net: NetworkProfile): Promise<BenchRow> {
  const shared = ctx.shared.get(net.key) as FullSyncShared | undefined;
  if (!shared) throw new Error('The re-sync row needs the full-sync row to run first.');
  const { full, resyncs } = shared.outcome;
  const first = resyncs[0];
  if (!first) throw new Error('The full-sync contender made no re-sync.');
  const share = first.ms / full.ms;
  // For reference: the light listing alone, read raw at the same concurrency (what the service costs).
  const s = ctx.sandbox;
  const light = await ctx.phase(`raw light pages (reference for the re-sync)${net.latencyMs > 0 ? ` [${net.label}]` : ''}`, () =>
    runInChild<PagesResult>(
      ctx.root,
      'bench/rows/full-sync.ts',
      'rawPages',
      {
        baseUrl: s.baseUrl,
        apiKey: s.apiKey,
        projectId: s.projectId,
        pages: s.pages,
        pageSize: s.pageSize,
        concurrency: ctx.concurrency,
        light: true,
      } satisfies PagesArgs,
      { label: 'raw-light' },
    ),
  );
  return {
    id: net.id.replace('1', '2'),
    what: `Re-sync, nothing changed, ${net.label}`,
    value: [ms(first.ms), `${num(first.requests)} requests, ${num(first.interviews_written)} written`],
    baselines: [`full sync ${ms(full.ms)}`],
    ratio: [`${pct(share)} of the full sync`],
    goals: [{ text: `≤ ${GOAL * 100} % of a full sync`, pass: share <= GOAL }],
    notes: [
      `Re-syncs (same process, one after another): ${resyncs.map((r) => ms(r.ms)).join(', ')} (median ${ms(median(resyncs.map((r) => r.ms)))}); ` +
        `interview-page requests outstanding ${ms(first.requests_busy_ms)}, cache calls outstanding ${ms(first.cache_busy_ms)} (${num(first.cache_calls)} calls) in the first. ` +
        `For reference, the same ${num(light.value.requests)} light pages read raw (undici, c=${ctx.concurrency}, bodies dropped) take ${ms(light.value.ms)} (${pct(light.value.ms / full.ms)} of the full sync).`,
    ],
  };
}
