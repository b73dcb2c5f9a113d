import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { runInChild, type ChildResult } from '../lib/contender';
import { processCpuMs, setLatency } from '../lib/sandbox';
import { mb, ms, num, ratio } from '../lib/format';
import { coveredMs } from '../lib/stats';
import type { BenchContext, BenchRow, Probe } from '../lib/types';

/**
 * Row 1: a first sync of 10,000 interviews into an empty cache, beside the limit (the same page
 * requests at the same concurrency, bodies read and dropped) and a naive sequential script.
 * Every contender runs in its own process, so each peak RSS is its own.
 */
const MODULE = 'bench/rows/full-sync.ts';
export const SHARED_KEY = 'full-sync';

/** The network a row runs over: loopback as is, or every read delayed to stand in for a real connection. */
export type NetworkProfile = { key: string; id: string; latencyMs: number; label: string };
export const LOOPBACK: NetworkProfile = { key: SHARED_KEY, id: '1', latencyMs: 0, label: 'loopback' };
export const WAN: NetworkProfile = { key: `${SHARED_KEY}-wan`, id: '1b', latencyMs: 100, label: '100 ms per request' };

const GOAL_VS_RAW = 1.3;
const GOAL_VS_NAIVE = 3;
const GOAL_RSS_MB = 250;

export type PagesArgs = { baseUrl: string; apiKey: string; projectId: string; pages: number; pageSize: number; concurrency: number; light?: boolean };
export type PagesResult = { ms: number; requests: number; bytes: number };

const pageUrl = (a: Pick<PagesArgs, 'baseUrl' | 'projectId' | 'pageSize' | 'light'>, n: number) =>
  `${a.baseUrl}/v1/projects/${a.projectId}/interviews?page=${n}&limit=${a.pageSize}&transcripts=${!a.light}&screener=${!a.light}`;

/** A child that only starts and waits (with `cacheFile`, after opening the worker cache): the cost before any work. */
export async function atRest(a: { cacheFile?: string; workerPath?: string }, probe: Probe): Promise<Record<string, never>> {
  await new Promise((r) => setTimeout(r, 300));
  probe.mark('bare');
  if (a.cacheFile && a.workerPath) {
    const { openWorkerCache } = await import('../../src/main/cache/cache');
    const cache = await openWorkerCache(a.cacheFile, { path: a.workerPath });
    await new Promise((r) => setTimeout(r, 300));
    await cache.close();
  }
  return {};
}

/**
 * The limit: every page at the given concurrency with undici, each body read in full and dropped.
 * `light` reads the listing without transcripts and screeners instead (what a re-sync reads).
 */
export async function rawPages(a: PagesArgs): Promise<PagesResult> {
  const { Agent, request } = await import('undici');
  // The same pool the app's transport uses (src/main/api/transport.ts).
  const agent = new Agent({ connections: 16 });
  const started = performance.now();
  let next = 1;
  let bytes = 0;
  const worker = async () => {
    while (next <= a.pages) {
      const n = next++;
      const res = await request(pageUrl(a, n), { dispatcher: agent, headers: { 'x-api-key': a.apiKey, accept: 'application/json' } });
      for await (const chunk of res.body) bytes += (chunk as Buffer).length;
      if (res.statusCode !== 200) throw new Error(`page ${n} answered ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: a.concurrency }, worker));
  const elapsed = performance.now() - started;
  await agent.close();
  return { ms: elapsed, requests: a.pages, bytes };
}

/** What a quick script would do: fetch a page, JSON.parse it, writeFileSync it, next page, until has_more is false. */
export async function naivePages(a: Omit<PagesArgs, 'pages' | 'concurrency'> & { outDir: string }): Promise<PagesResult & { pages: number }> {
  mkdirSync(a.outDir, { recursive: true });
  const started = performance.now();
  let bytes = 0;
  let n = 1;
  for (; ; n++) {
    const res = await fetch(pageUrl(a, n), { headers: { 'x-api-key': a.apiKey, accept: 'application/json' } });
    const text = await res.text();
    if (!res.ok) throw new Error(`page ${n} answered ${res.status}`);
    bytes += Buffer.byteLength(text);
    const page = JSON.parse(text) as { has_more: boolean };
    writeFileSync(join(a.outDir, `page-${n}.json`), JSON.stringify(page));
    if (!page.has_more) break;
  }
  return { ms: performance.now() - started, requests: n, bytes, pages: n };
}

type SyncArgs = { baseUrl: string; apiKey: string; cacheFile: string; workerPath: string; concurrency: number; resyncs: number };
type RunFigures = {
  ms: number;
  requests: number;
  interviews_seen: number;
  interviews_written: number;
  issues: number;
  /** How long at least one cache call / interview-page request was outstanding. */
  cache_busy_ms: number;
  requests_busy_ms: number;
  cache_calls: number;
  /** The most page writes waiting for (or in) the cache worker at once: pages fetched but not yet stored. */
  max_pages_waiting: number;
  /** When the last interview page had arrived, from the start of the run. */
  last_page_at_ms: number;
};
export type SyncOutcome = { open_ms: number; full: RunFigures; index_ready_ms: number; resyncs: RunFigures[]; interviews_cached: number };

/**
 * The app's sync: SyncEngine with the cache in its worker thread (as the app and CLI host it), into a
 * new empty cache file. Then `resyncs` more runs with nothing changed, in the same warm process, as
 * the app would do them. Cache calls and interview-page requests are timed (how long at least one was
 * outstanding) to show where the time goes.
 */
export async function syncContender(a: SyncArgs, probe: Probe): Promise<SyncOutcome> {
  const { openWorkerCache } = await import('../../src/main/cache/cache');
  const { createApiClient } = await import('../../src/main/api/client');
  const { SyncEngine } = await import('../../src/main/sync/engine');
  const { silentLogger } = await import('../../src/main/logging/logger');
  type Cache = Awaited<ReturnType<typeof openWorkerCache>>;

  const t0 = performance.now();
  const inner = await openWorkerCache(a.cacheFile, { path: a.workerPath });
  const open_ms = performance.now() - t0;
  let cacheIntervals: [number, number][] = [];
  let requestIntervals: [number, number][] = [];
  let waiting = 0;
  let maxWaiting = 0;
  const cache: Cache = {
    file: inner.file,
    close: () => inner.close(),
    call: (async (op: string, ...args: never[]) => {
      const s = performance.now();
      const pageWrite = op === 'interviews.saveFullRecords' || op === 'interviews.saveLightPage';
      if (pageWrite) maxWaiting = Math.max(maxWaiting, ++waiting);
      try {
        return await (inner.call as (op: string, ...args: never[]) => Promise<unknown>)(op, ...args);
      } finally {
        if (pageWrite) waiting--;
        cacheIntervals.push([s, performance.now()]);
      }
    }) as Cache['call'],
  };
  const base = createApiClient({ baseUrl: a.baseUrl, apiKey: () => a.apiKey });
  const client: typeof base = {
    ...base,
    listInterviews: async (...args: Parameters<typeof base.listInterviews>) => {
      const s = performance.now();
      try {
        return await base.listInterviews(...args);
      } finally {
        requestIntervals.push([s, performance.now()]);
      }
    },
  };
  const engine = new SyncEngine({ client, cache, log: silentLogger, concurrency: a.concurrency });
  const once = async (): Promise<RunFigures> => {
    cacheIntervals = [];
    requestIntervals = [];
    maxWaiting = 0;
    const s = performance.now();
    const r = await engine.run();
    const elapsed = performance.now() - s;
    return {
      ms: elapsed,
      requests: r.requests,
      interviews_seen: r.interviews_seen,
      interviews_written: r.interviews_written,
      issues: r.issues.length,
      cache_busy_ms: coveredMs(cacheIntervals),
      requests_busy_ms: coveredMs(requestIntervals),
      cache_calls: cacheIntervals.length,
      max_pages_waiting: maxWaiting,
      last_page_at_ms: Math.max(s, ...requestIntervals.map((r) => r[1])) - s,
    };
  };
  const full = await once();
  probe.mark('full');
  // The worker indexes the new turns for search once writes stop; time until that backlog is gone.
  const idx0 = performance.now();
  while ((await inner.call('search.backlog')) > 0) await new Promise((r) => setTimeout(r, 25));
  const index_ready_ms = performance.now() - idx0;
  probe.mark('indexed');
  const resyncs: RunFigures[] = [];
  for (let i = 0; i < a.resyncs; i++) resyncs.push(await once());
  const interviews_cached = await inner.call('interviews.count', {});
  await inner.close();
  await base.close();
  return { open_ms, full, index_ready_ms, resyncs, interviews_cached };
}

export type FullSyncShared = { cacheFile: string; outcome: SyncOutcome };

export const fullSync =
  (net: NetworkProfile) =>
  async (ctx: BenchContext): Promise<BenchRow> => {
    await setLatency(ctx.sandbox, net.latencyMs);
    try {
      return await fullSyncOver(ctx, net);
    } finally {
      await setLatency(ctx.sandbox, 0);
    }
  };

type Measured = { rss: { cpu_ms: number; cpu_ms_marks: Record<string, number> }; sandboxCpuMs: number | null };

/** Where the CPU went: with the sandbox on the same cores, their sum over the core count bounds the wall time. */
function cpuNote(sync: Measured, raw: Measured, naive: Measured): string {
  const sb = (m: Measured) => (m.sandboxCpuMs === null ? 'n/a' : ms(m.sandboxCpuMs));
  const toFull = sync.rss.cpu_ms_marks.full ?? sync.rss.cpu_ms;
  const floor =
    sync.sandboxCpuMs === null ? '' : `; on ${cpus().length} cores that alone is at least ${ms((toFull + sync.sandboxCpuMs) / cpus().length)} of wall time`;
  return (
    `CPU time (user + system): the sync process ${ms(toFull)} up to the end of the full sync (start-up, main thread and cache worker; ${ms(sync.rss.cpu_ms)} with indexing and re-syncs), ` +
    `the sandbox ${sb(sync)} serving it${floor}. Raw: ${ms(raw.rss.cpu_ms)}, sandbox ${sb(raw)}. Naive: ${ms(naive.rss.cpu_ms)}, sandbox ${sb(naive)}.`
  );
}

async function fullSyncOver(ctx: BenchContext, net: NetworkProfile): Promise<BenchRow> {
  const s = ctx.sandbox;
  const common = { baseUrl: s.baseUrl, apiKey: s.apiKey, projectId: s.projectId, pageSize: s.pageSize };
  const tag = net.latencyMs > 0 ? ` [${net.label}]` : '';
  // Each contender's own CPU comes from its child; the sandbox's (serving it) is read around the child.
  const child = async <R>(label: string, exportName: string, args: unknown): Promise<ChildResult<R> & { sandboxCpuMs: number | null }> => {
    const before = processCpuMs(s.pid);
    const r = await ctx.phase(`${label}${tag}`, () =>
      runInChild<R>(ctx.root, MODULE, exportName, args, { cpuProfDir: ctx.cpuProfDir, label: `${label}${tag}` }),
    );
    const after = processCpuMs(s.pid);
    return { ...r, sandboxCpuMs: before !== null && after !== null ? after - before : null };
  };

  // The sandbox's first answers are slower (JIT, page cache); warm it so no contender pays for that alone.
  if (net.latencyMs === 0) {
    await ctx.phase('warm the sandbox (raw pass, not counted)', () =>
      runInChild<PagesResult>(ctx.root, MODULE, 'rawPages', { ...common, pages: s.pages, concurrency: ctx.concurrency }, { label: 'warm-up' }),
    );
  }
  const raw = await child<PagesResult>('raw limit (undici, bodies dropped)', 'rawPages', { ...common, pages: s.pages, concurrency: ctx.concurrency });
  const cacheFile = join(ctx.runDir, `cache-${net.key}`, 'workspace.db');
  const sync = await child<SyncOutcome>('full sync (SyncEngine + worker cache) and re-syncs', 'syncContender', {
    baseUrl: s.baseUrl,
    apiKey: s.apiKey,
    cacheFile,
    workerPath: ctx.workerPath,
    concurrency: ctx.concurrency,
    resyncs: 3,
  } satisfies SyncArgs);
  const naive = await child<PagesResult & { pages: number }>('naive sequential script', 'naivePages', { ...common, outDir: join(ctx.runDir, 'naive') });
  const rest = await runInChild<Record<string, never>>(
    ctx.root,
    MODULE,
    'atRest',
    { cacheFile: join(ctx.runDir, 'at-rest', 'workspace.db'), workerPath: ctx.workerPath },
    { label: 'at rest' },
  );
  ctx.shared.set(net.key, { cacheFile, outcome: sync.value } satisfies FullSyncShared);

  const f = sync.value.full;
  const syncPeak = sync.rss.marks.full ?? sync.rss.peak_bytes;
  const vsRaw = f.ms / raw.value.ms;
  const vsNaive = naive.value.ms / f.ms;
  return {
    id: net.id,
    what: `Full sync (${num(s.interviews)} interviews × ${s.turns} turns, empty cache), ${net.label}`,
    value: [`${ms(f.ms)}`, `peak RSS ${mb(syncPeak)}`, `${num(f.requests)} requests`],
    baselines: [
      `raw limit (c=${ctx.concurrency}): ${ms(raw.value.ms)}, ${mb(raw.rss.peak_bytes)}, ${num(raw.value.requests)} req`,
      `naive sequential: ${ms(naive.value.ms)}, ${mb(naive.rss.peak_bytes)}, ${num(naive.value.requests)} req`,
    ],
    ratio: [`${ratio(vsRaw)} the raw limit`, vsNaive >= 1 ? `${ratio(vsNaive)} faster than naive` : `${ratio(1 / vsNaive)} slower than naive`, ''],
    goals: [
      { text: `≤ ${GOAL_VS_RAW}× raw limit`, pass: vsRaw <= GOAL_VS_RAW },
      { text: `≥ ${GOAL_VS_NAIVE}× faster than naive`, pass: vsNaive >= GOAL_VS_NAIVE },
      { text: `peak RSS ≤ ${GOAL_RSS_MB} MB`, pass: syncPeak <= GOAL_RSS_MB * 1024 * 1024 },
    ],
    notes: [
      `Full sync: ${num(f.interviews_written)} interviews written (${num(sync.value.interviews_cached)} in the cache), ${num(f.requests)} requests, ${f.issues} issues; ` +
        `interview-page requests outstanding ${ms(f.requests_busy_ms)} of ${ms(f.ms)} (last page in at ${ms(f.last_page_at_ms)}), cache calls outstanding ${ms(f.cache_busy_ms)} (${num(f.cache_calls)} calls); ` +
        `up to ${f.max_pages_waiting} fetched pages were waiting for the cache worker at once; opening the empty cache took ${ms(sync.value.open_ms)} (not counted). ` +
        `The search index then caught up in the background ${ms(sync.value.index_ready_ms)} after the sync finished (a search before that indexes the rest first).`,
      `Peak RSS (20 ms samples of process.memoryUsage().rss; kernel maxRSS in brackets): sync ${mb(syncPeak)} [${mb(sync.rss.max_rss_bytes)} incl. re-syncs], raw ${mb(raw.rss.peak_bytes)} [${mb(raw.rss.max_rss_bytes)}], naive ${mb(naive.rss.peak_bytes)} [${mb(naive.rss.max_rss_bytes)}].`,
      `For scale: a contender child at rest (node, bundled JS, no work) is ${mb(rest.rss.marks.bare ?? 0)}, and ${mb(rest.rss.peak_bytes)} once it has opened an empty worker cache.`,
      `Bytes read: raw ${mb(raw.value.bytes)}, naive ${mb(naive.value.bytes)}.`,
      cpuNote(sync, raw, naive),
    ],
  };
}
