// The cache hosted in its own thread (reliability checklist item 21): same answers as in-process, a
// too-new cache surfaces as its AppError, the main thread's event loop keeps turning while SQLite works,
// and a dead worker fails its waiting calls clearly and is replaced on the next call.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { afterAll, describe, it, expect } from 'vitest';
import { openInProcessCache, openWorkerCache, type Cache } from '../../src/main/cache/cache';
import { LATEST_VERSION } from '../../src/main/cache/migrations';
import { AppError } from '../../src/main/errors';
import { interviewRecord, type InterviewRecord } from '../../src/shared/schemas/interview';
import { projectListItem } from '../../src/shared/schemas/project';
import { report } from '../../src/shared/schemas/report';
import { WORKER } from '../support/workspace';
import { seededRandom } from '../support/random';

const NOW = '2025-05-01T10:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'fieldwork-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshFile = () => join(dir, `ws-${++n}`, 'cache.db');

/** Calls an operation the typed op table does not know, as a buggy or test-only caller would. */
const untyped = (c: Cache) => c.call as unknown as (op: string, args?: unknown) => Promise<unknown>;

const project = (id: string) =>
  projectListItem.parse({
    id,
    title: `Project ${id}`,
    status: 'STARTED',
    created_at: '2025-01-01T00:00:00Z',
    recruiting: { completed_participants: 1, has_launched: true, target_participants: 5, type: 'INTERNAL' },
  });

function record(id: string, turns: [string, string][], over: Record<string, unknown> = {}): InterviewRecord {
  return interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: '2025-03-01T10:00:00Z',
    duration_minutes: 30,
    video_url: `https://cdn.example.com/${id}.webm`,
    video_url_expires_at: '2025-03-02T10:00:00Z',
    participant: { name: `Person ${id}`, email: `${id}@example.com` },
    screener: { approved: true, questions: { q: 'Cook?' }, answers: { q: 'yes' } },
    transcript: turns.map(([role, text], i) => ({ role, text, start_ms: i * 4000, end_ms: i * 4000 + 3500 })),
    ...over,
  });
}

/** Replaces random ids with stable names, so two hosts' answers can be compared. */
function stable(value: unknown, ids: Map<string, string>): unknown {
  return JSON.parse(JSON.stringify(value), (_k, v: unknown) => {
    if (typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v)) {
      if (!ids.has(v)) ids.set(v, `id-${ids.size}`);
      return ids.get(v);
    }
    return v;
  });
}

/** One scripted session: every answer and every error, in order. */
async function script(c: Cache): Promise<unknown[]> {
  const out: unknown[] = [];
  const step = async (p: Promise<unknown>) => {
    try {
      out.push({ ok: await p });
    } catch (e) {
      out.push({ error: e instanceof AppError ? { code: e.code, message: e.message, details: e.details } : String(e) });
    }
  };
  await step(c.call('projects.saveList', { items: [project('p1'), project('p2')], syncedAt: NOW }));
  await step(
    c.call('projects.saveGuide', {
      guide: { project_id: 'p1', research_objective: 'Why', questions: [{ question: 'Q?', probing_level: 'low' }], source: 'created' },
      now: NOW,
    }),
  );
  await step(c.call('projects.list'));
  await step(c.call('projects.get', { id: 'p1' }));
  await step(c.call('interviews.saveLightPage', { projectId: 'p1', items: [record('i1', [], { transcript: undefined }), record('i2', [])], now: NOW }));
  await step(c.call('interviews.pendingDetailIds', { projectId: 'p1' }));
  await step(
    c.call('interviews.saveFullRecords', {
      projectId: 'p1',
      items: [
        record('i1', [
          ['AI', 'What about the price?'],
          ['User', 'The price is too high, I skip a week.'],
        ]),
        record('i2', [['User', 'Le café à Zürich']], { status: 'STARTED', completed_at: null }),
      ],
      now: NOW,
    }),
  );
  await step(c.call('interviews.list', { projectId: 'p1', text: 'person' }));
  await step(c.call('interviews.get', { id: 'i1' }));
  await step(c.call('interviews.liveVideoUrl', { id: 'i1', nowMs: Date.parse('2025-03-01T00:00:00Z') }));
  await step(
    c.call('reports.save', {
      projectId: 'p1',
      report: report.parse({
        report_id: 'r',
        project_id: 'p1',
        status: 'COMPLETED',
        themes: [{ title: 'Price', frequency: 0.8, summary: 's', quotes: ['The price is too high'] }],
      }),
      now: NOW,
    }),
  );
  await step(c.call('reports.get', { projectId: 'p1' }));
  await step(c.call('search.query', { query: 'price' }));
  await step(c.call('search.query', { query: 'cafe zur' }));
  await step(c.call('search.query', { query: '"skip a week" NEAR(' }));
  await step(c.call('search.locateQuote', { projectId: 'p1', quote: 'The price is too high' }));
  // A question asked in several interviews is one result listing them (packed to cross from the worker).
  await step(
    c.call('interviews.saveFullRecords', {
      projectId: 'p1',
      items: [
        record('i3', [['AI', 'What about the PRICE']], { participant: null }),
        record('i4', [['AI', 'What about the price?']], { completed_at: '2025-02-01T10:00:00Z' }),
      ],
      now: NOW,
    }),
  );
  await step(c.call('search.query', { query: 'about price', role: 'AI' }));
  await step(
    c.call('highlights.add', {
      highlight: {
        project_id: 'p1',
        interview_id: 'i1',
        start_turn: 1,
        start_offset: 4,
        end_turn: 1,
        end_offset: 9,
        start_ms: 4000,
        quote: 'price',
        note: '',
        new_codes: [' x ', 'y', 'x'],
      },
      now: NOW,
    }),
  );
  await step(c.call('highlights.list', { projectId: 'p1' }));
  await step(c.call('highlights.tags', {}));
  await step(c.call('notes.add', { projectId: 'p1', body: 'n', now: NOW }));
  await step(c.call('notes.list', { projectId: 'p1' }));
  await step(
    c.call('videos.save', {
      video: { interview_id: 'i1', project_id: 'p1', file: 'f', content_type: null, bytes_total: 5, bytes_done: 3, state: 'partial', updated_at: NOW },
    }),
  );
  await step(c.call('videos.bytesUsed'));
  await step(c.call('sync.started', { scope: 'all', now: NOW }));
  await step(c.call('sync.state', { scope: 'all' }));
  await step(c.call('credits.save', { credits: { balance: '$12.00', trial_credits: 3 }, now: NOW }));
  await step(c.call('credits.get'));
  await step(c.call('db.integrityCheck'));
  // Errors too: a constraint failure (a highlight that ends before it starts).
  await step(
    c.call('highlights.add', {
      highlight: {
        project_id: 'p1',
        interview_id: 'i1',
        start_turn: 2,
        start_offset: 0,
        end_turn: 1,
        end_offset: 0,
        start_ms: null,
        quote: 'q',
        note: '',
        new_codes: [],
      },
      now: NOW,
    }),
  );
  return out;
}

describe('worker-hosted cache', () => {
  it('gives the same answers (and the same errors) as the in-process cache', async () => {
    const inProcess = await openInProcessCache(freshFile());
    const worker = await openWorkerCache(freshFile(), WORKER);
    try {
      const a = stable(await script(inProcess), new Map());
      const b = stable(await script(worker), new Map());
      expect(b).toEqual(a);
      // Sanity: the script really did something on both.
      expect(JSON.stringify(b)).toContain('\\u0002price\\u0003');
      expect(JSON.stringify(b)).toContain('CHECK constraint failed');
      expect(JSON.stringify(b)).toMatch(
        /"kind":"question"[^\]]*"asked_in":\[\{"interview_id":"i4","participant_name":"Person i4","code":"[^"]*","start_ms":0\},\{"interview_id":"i1"[^\]]*"interview_id":"i3","participant_name":null/,
      );
      expect(await worker.call('interviews.count', {})).toBe(4);
    } finally {
      await inProcess.close();
      await worker.close();
    }
  });

  // KNOWN BUG (fails today): the in-process host answers an unknown operation with AppError
  // `unknown_cache_op` (cache.ts run()), the worker with a generic `cache_error` (worker-entry.ts throws a
  // plain Error), although ops.ts promises callers cannot tell the hosts apart.
  it('answers an unknown operation with the same error code in both hosts', async () => {
    const inProcess = await openInProcessCache(':memory:');
    const worker = await openWorkerCache(freshFile(), WORKER);
    try {
      const codeOf = (p: Promise<unknown>) =>
        p.then(
          () => 'resolved',
          (e: AppError) => e.code,
        );
      const inCode = await codeOf(untyped(inProcess)('no.such.op'));
      expect(inCode).toBe('unknown_cache_op');
      expect(await codeOf(untyped(worker)('no.such.op'))).toBe(inCode);
      // Either way the worker survives it.
      expect(await worker.call('db.integrityCheck')).toBe('ok');
    } finally {
      await inProcess.close();
      await worker.close();
    }
  });

  it('surfaces a cache written by a newer version as the cache_too_new AppError, leaving the file as it was', async () => {
    const file = freshFile();
    mkdirSync(dirname(file), { recursive: true });
    const future = new Database(file);
    future.exec("CREATE TABLE future (x TEXT); INSERT INTO future VALUES ('keep')");
    future.pragma('user_version = 999');
    future.close();

    const err = await openWorkerCache(file, WORKER).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'cache_too_new', details: { found: 999, supported: LATEST_VERSION } });
    expect((err as Error).message).toMatch(/Update Fieldwork/);
    const check = new Database(file, { readonly: true });
    try {
      expect(check.pragma('user_version', { simple: true })).toBe(999);
      expect(check.prepare('SELECT x FROM future').all()).toEqual([{ x: 'keep' }]);
    } finally {
      check.close();
    }
  });

  it('indexes new turns for search on its own once the cache is quiet, without a search asking', async () => {
    const worker = await openWorkerCache(freshFile(), WORKER);
    try {
      await worker.call('projects.saveList', { items: [project('p1')], syncedAt: NOW });
      await worker.call('interviews.saveFullRecords', {
        projectId: 'p1',
        items: [
          record('i1', [
            ['User', 'the price went up'],
            ['AI', 'why?'],
          ]),
        ],
        now: NOW,
      });
      expect(await worker.call('search.backlog')).toBe(2);
      await expect.poll(() => worker.call('search.backlog'), { timeout: 15_000 }).toBe(0);
    } finally {
      await worker.close();
    }
  });

  it('a closed cache refuses further calls', async () => {
    const worker = await openWorkerCache(freshFile(), WORKER);
    await worker.close();
    await expect(worker.call('db.integrityCheck')).rejects.toMatchObject({ code: 'cache_closed' });
  });
});

// ---- The main thread is not blocked ----

const WORDS =
  'price week skip delivery kitchen recipe budget family dinner cooking box subscription cancel pause discount friend quality fresh portion time'.split(' ');
function heavyRecords(interviews: number, turnsEach: number): InterviewRecord[] {
  const rnd = seededRandom(42).unit;
  const sentence = (len: number) => Array.from({ length: len }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
  return Array.from({ length: interviews }, (_, i) =>
    record(
      `heavy-${i}`,
      Array.from({ length: turnsEach }, (_, t) => [t % 2 ? 'User' : 'AI', sentence(60)] as [string, string]),
    ),
  );
}

/** The same heavy work for either host: 20k turns written (FTS triggers included), then broad searches. */
async function heavyWork(c: Cache, records: InterviewRecord[]) {
  await c.call('projects.saveList', { items: [project('heavy')], syncedAt: NOW });
  for (const r of records) await c.call('interviews.saveFullRecords', { projectId: 'heavy', items: [r], now: NOW });
  const hits = [];
  for (const query of ['price', 'week', 'skip delivery', 'p']) hits.push(...(await c.call('search.query', { query, limit: 500 })));
  return hits.length;
}

async function measured(work: () => Promise<unknown>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  // The histogram's first tick only starts the clock; a stall before it would go unrecorded.
  await new Promise((r) => setTimeout(r, 30));
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  // In-process the whole run may never yield to the event loop: let the timer fire once more so a stall
  // that lasted until now is recorded too.
  await new Promise((r) => setTimeout(r, 30));
  h.disable();
  return { result, elapsed, p99: h.percentile(99) / 1e6, max: h.max / 1e6, samples: h.count };
}

describe('the main thread is not blocked', () => {
  it(
    'keeps the event loop turning while the worker writes 20k turns and searches them: p99 under a tenth of the stall the same work causes on the main thread',
    { timeout: 120_000 },
    async () => {
      const records = heavyRecords(20, 1000);
      expect(records.reduce((s, r) => s + r.transcript!.length, 0)).toBe(20_000);

      const worker = await openWorkerCache(freshFile(), WORKER);
      const inWorker = await measured(() => heavyWork(worker, records));
      await worker.close();

      const inProcess = await openInProcessCache(freshFile());
      const onMain = await measured(() => heavyWork(inProcess, records));
      await inProcess.close();

      console.log(
        `event loop delay: worker p99 ${inWorker.p99.toFixed(1)} ms, max ${inWorker.max.toFixed(1)} ms over ${inWorker.elapsed.toFixed(0)} ms (${inWorker.samples} samples); ` +
          `in-process p99 ${onMain.p99.toFixed(1)} ms, max ${onMain.max.toFixed(1)} ms over ${onMain.elapsed.toFixed(0)} ms`,
      );
      expect(inWorker.result).toBe(onMain.result);
      expect(inWorker.result).toBeGreaterThan(1000);
      // Enough samples for a p99 to mean something.
      expect(inWorker.samples).toBeGreaterThan(20);
      // The same work on the main thread stalls it for the whole run (about 1.5 s here): proof that the measurement
      // sees a block at all. Compared side by side rather than against a fixed 50 ms, which the worker meets on a
      // quiet machine (about 30 ms) but which a loaded machine stretches for both alike (250 ms at a load of 15).
      expect(onMain.max).toBeGreaterThan(50);
      expect(inWorker.p99).toBeLessThan(onMain.max / 10);
    },
  );
});

// ---- A crash ----

/**
 * The real cache worker, behind a thin test-only wrapper written to a temp dir: it lets a test kill the
 * thread the way a native crash or an uncaught exception would. The production worker has no such hook
 * (and needs none), so the wrapper adds one message listener in front of it and nothing else.
 */
function crashableWorker(): { path: string } {
  const path = join(dir, `crashable-${++n}.cjs`);
  writeFileSync(
    path,
    `const { parentPort } = require('node:worker_threads');
parentPort.addEventListener('message', (event) => {
  const op = event.data && event.data.op;
  if (op !== 'test.exit' && op !== 'test.throw') return;
  // The real worker's listener must never see the message, so the thread dies with the call unanswered.
  event.stopImmediatePropagation();
  if (op === 'test.exit') process.exit(70);
  throw new Error('uncaught in the cache thread');
});
require(${JSON.stringify(WORKER.path)});
`,
  );
  return { path };
}

describe('a crash of the worker', () => {
  it.each([
    ['exits', 'test.exit', /exit code 70/],
    ['throws an uncaught exception', 'test.throw', /uncaught in the cache thread/],
  ])('when the thread %s, waiting calls reject with cache_worker_crashed and the next call respawns it', async (_how, op, why) => {
    const file = freshFile();
    const cache = await openWorkerCache(file, crashableWorker());
    try {
      await cache.call('notes.add', { projectId: 'p1', body: 'written before the crash', now: NOW });
      const crash = untyped(cache)(op);
      const waiting = [cache.call('notes.list', { projectId: 'p1' }), cache.call('search.query', { query: 'anything' }), cache.call('db.integrityCheck')];
      const settled = await Promise.allSettled([crash, ...waiting]);
      for (const s of settled) {
        expect(s.status).toBe('rejected');
        const e = (s as PromiseRejectedResult).reason as AppError;
        expect(e).toBeInstanceOf(AppError);
        expect(e.code).toBe('cache_worker_crashed');
        expect(e.message).toMatch(/restarts on its own/);
      }
      expect(((settled[0] as PromiseRejectedResult).reason as Error).message).toMatch(why);

      // The next call starts a fresh thread on the same file; committed data is all there.
      expect((await cache.call('notes.list', { projectId: 'p1' })).map((x) => x.body)).toEqual(['written before the crash']);
      expect(await cache.call('db.integrityCheck')).toBe('ok');
      await cache.call('notes.add', { projectId: 'p1', body: 'after the restart', now: NOW });
      expect(await cache.call('notes.list', { projectId: 'p1' })).toHaveLength(2);
    } finally {
      await cache.close();
    }
  });
});
