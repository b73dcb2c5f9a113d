import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { indexBacklog } from '../../src/main/cache/queries/search-index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInProcessCache } from '../../src/main/cache/cache';
import { silentLogger } from '../../src/main/logging/logger';
import { SyncEngine } from '../../src/main/sync/engine';
import { seededRandom } from '../../src/sandbox/domain/text';
import { ROOT } from '../support/browser';
import { projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';
import { sandboxInterviewIds } from '../support/workspace';

/** At least 50 kills in CI; FW_SIGKILL_ITERATIONS asks for more. */
const ITERATIONS = Math.max(50, Number(process.env.FW_SIGKILL_ITERATIONS ?? 50));
const dir = mkdtempSync(join(tmpdir(), 'fw-kill-'));
let sb: TestSandbox;
let org: Org;
let projectId: string;
/** The child and its cache worker, bundled once (inside the repo, so better-sqlite3 resolves from node_modules). */
mkdirSync(join(ROOT, 'out'), { recursive: true });
const bundles = mkdtempSync(join(ROOT, 'out', 'sigkill-'));
const CHILD = join(bundles, 'sync-child.cjs');
const WORKER = join(bundles, 'cache-worker.cjs');

beforeAll(async () => {
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'cjs' as const,
    target: 'node20',
    external: ['better-sqlite3'],
    logLevel: 'warning' as const,
  };
  await Promise.all([
    build({ ...common, entryPoints: [join(ROOT, 'test/fixtures/sync-child.ts')], outfile: CHILD }),
    build({ ...common, entryPoints: [join(ROOT, 'src/main/cache/worker-entry.ts')], outfile: WORKER }),
  ]);
  sb = await testSandbox();
  org = await sb.newOrg({ trial_credits: 100_000 });
  projectId = (await org.client.createProject(projectBody())).id;
  await org.client.launchProject(projectId, 1000);
  await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 1200, incomplete: 40, started: 20, transcript_turns: 12 });
  // A little latency on reads stretches each sync, so the kills land inside it rather than after it.
  await org.operator('PUT', '/_sandbox/faults', { latency_ms: 60, fault_methods: ['GET'] });
});
afterAll(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundles, { recursive: true, force: true });
});

type Round = { killed: boolean; started: boolean; finished: boolean; fetching: boolean };
/** What a kill is timed from: the start of the sync, or the start of fetching full records after the listing. */
type From = 'syncing' | 'fetching details';
type Child = { cacheFile: string; go: (killAfterMs: number, from: From) => Promise<Round>; stop: () => void };
const waiting = new Set<Child>();
afterAll(() => {
  for (const c of waiting) c.stop();
});

/**
 * Starts a child that will sync `cacheFile` once told to go. It loads Node and its bundle first and then waits
 * for the word, so the next round's child can start while this round's is still syncing: its start-up is out of
 * the round's time, and it opens the cache only after the last child is dead and the cache checked, as before.
 */
function startChild(cacheFile: string): Child {
  const child = spawn(process.execPath, [CHILD], {
    cwd: ROOT,
    env: { ...process.env, FW_BASE_URL: sb.baseUrl, FW_KEY: org.apiKey, FW_CACHE: cacheFile, FW_WORKER: WORKER, FW_WAIT_FOR_GO: '1' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  // A child that died before it was told to go shows in its round's result; the word must not crash the test.
  child.stdin.on('error', () => undefined);
  let out = '';
  let timer: NodeJS.Timeout | undefined;
  let killAfter: number | undefined;
  let from: From = 'syncing';
  const exited = new Promise<Round>((resolve) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      // The kill is timed from when the sync starts, not from the spawn: under load the child's start-up
      // alone can take longer than any fixed delay, and the kill would land before there is a sync to tear.
      if (!timer && killAfter !== undefined && out.includes(from)) timer = setTimeout(() => child.kill('SIGKILL'), killAfter);
    });
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({
        killed: signal === 'SIGKILL',
        started: out.includes('syncing'),
        fetching: out.includes('fetching details'),
        finished: out.includes('"done":true'),
      });
    });
  });
  const handle: Child = {
    cacheFile,
    /** Lets the child sync, and SIGKILLs it `killAfterMs` after it says `from` (when it never does, it finishes). */
    go: (killAfterMs, timedFrom) => {
      waiting.delete(handle);
      killAfter = killAfterMs;
      from = timedFrom;
      child.stdin.end('go\n');
      return exited;
    },
    stop: () => child.kill('SIGKILL'),
  };
  waiting.add(handle);
  return handle;
}

/** Beyond integrity_check: the cache's own invariants, which a torn write would break. */
function checkConsistent(file: string): void {
  const db = new Database(file);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const torn = db
      .prepare(
        "SELECT i.id FROM interviews i WHERE i.detail_state = 'complete' AND i.turn_count <> (SELECT COUNT(*) FROM transcript_turns t WHERE t.interview_id = i.id)",
      )
      .all();
    expect(torn).toEqual([]);
    const dupes = db.prepare('SELECT interview_id, idx, COUNT(*) AS n FROM transcript_turns GROUP BY interview_id, idx HAVING n > 1').all();
    expect(dupes).toEqual([]);
    // The search index as the kill left it is sound in itself (FTS5's own check)...
    db.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 0)").run();
    // ...and once its backlog is indexed, as the app does next, it matches the cached turns exactly.
    indexBacklog(db, {});
    db.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)").run();
  } finally {
    db.close();
  }
}

/** What a round's cache holds: enough to tell, after a kill, which part of the sync it tore. */
type Snapshot = { listed: number; complete: number; finished: string | null };
function snapshot(file: string): Snapshot | null {
  if (!existsSync(file)) return null;
  // Read-write, as checkConsistent opens it next: a read-only connection can fail on a WAL the kill left behind.
  const db = new Database(file);
  try {
    return db
      .prepare(
        "SELECT (SELECT COUNT(*) FROM interviews) AS listed, (SELECT COUNT(*) FROM interviews WHERE detail_state = 'complete') AS complete, " +
          "(SELECT last_completed_at FROM sync_state WHERE scope = 'workspace') AS finished",
      )
      .get() as Snapshot;
  } finally {
    db.close();
  }
}

/** Where in the sync a kill landed, from the cache before the round and after the kill, and what the child said (for the log). */
function momentOf(before: Snapshot | null, after: Snapshot | null, fetching: boolean): string {
  if (!after) return 'opening the cache';
  if (after.finished !== (before?.finished ?? null)) return 'after the sync (indexing, closing)';
  if (fetching) return 're-sync: full records of listed interviews';
  if (after.listed === (before?.listed ?? 0) && after.complete === (before?.complete ?? 0)) return 'before a page was written';
  return !before || before.listed === 0 ? 'first sync: full pages' : 're-sync: light listing';
}

describe('SIGKILL at random moments during sync', () => {
  it(`leaves a consistent cache every time (${ITERATIONS} kills), and a final sync reaches exactly the service's records`, async () => {
    const rand = seededRandom(20261122);
    // A fresh cache every 10 rounds, so kills land in first syncs as well as in re-syncs.
    const cacheOf = (round: number) => join(dir, `cache-${round - (round % 10)}.db`);
    let cacheFile = '';
    let kills = 0;
    let midSync = 0;
    let completed = 0;
    const moments: Record<string, number> = {};
    let next = startChild(cacheOf(0));
    let i = 0;
    for (; kills < ITERATIONS && i < ITERATIONS * 3; i++) {
      const child = next;
      cacheFile = child.cacheFile;
      // New work for the re-syncs: more interviews arrive between rounds.
      if (i % 10 !== 0) await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 15, started: 2, transcript_turns: 12 });
      const before = snapshot(cacheFile);
      // Timed from the sync's start, a kill lands in the full records a re-sync fetches after its listing only when
      // the listing was quick: on a loaded machine it almost never did. One round in ten is timed from there.
      const round = child.go(Math.floor(rand() * 1500), i % 10 === 5 ? 'fetching details' : 'syncing');
      if (i < ITERATIONS * 3 - 1) next = startChild(cacheOf(i + 1));
      const r = await round;
      if (r.killed) {
        kills++;
        const moment = momentOf(before, snapshot(cacheFile), r.fetching);
        moments[moment] = (moments[moment] ?? 0) + 1;
      }
      if (r.killed && r.started && !r.finished) midSync++;
      if (r.finished) completed++;
      checkConsistent(cacheFile);
    }
    // The child started for a round that did not come.
    next.stop();
    console.info(
      `sigkill: ${kills} kills (${midSync} during a sync), ${completed} syncs finished first, over ${i} rounds; kills by moment: ${JSON.stringify(moments)}`,
    );
    expect(kills).toBe(ITERATIONS);
    expect(midSync).toBeGreaterThanOrEqual(Math.floor(ITERATIONS * 0.7));
    await org.operator('PUT', '/_sandbox/faults', {});

    const cache = await openInProcessCache(cacheFile);
    const result = await new SyncEngine({ client: org.client, cache, log: silentLogger }).run();
    expect(result.issues).toEqual([]);
    expect(await cache.call('interviews.ids', { projectId })).toEqual(sandboxInterviewIds(sb.context.db, projectId));
    expect(await cache.call('interviews.pendingDetailIds', { projectId })).toEqual([]);
    await cache.close();
    checkConsistent(cacheFile);
  }, 600_000);
});
