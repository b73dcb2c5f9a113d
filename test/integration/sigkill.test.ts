import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

/** Runs one sync in a child process and SIGKILLs it `killAfterMs` after it says it is syncing. */
function runChild(cacheFile: string, killAfterMs: number): Promise<{ killed: boolean; started: boolean; finished: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD], {
      cwd: ROOT,
      env: { ...process.env, FW_BASE_URL: sb.baseUrl, FW_KEY: org.apiKey, FW_CACHE: cacheFile, FW_WORKER: WORKER },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      // The kill is timed from when the sync starts, not from the spawn: under load the child's start-up
      // alone can take longer than any fixed delay, and the kill would land before there is a sync to tear.
      if (!timer && out.includes('syncing')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', started: out.includes('syncing'), finished: out.includes('"done":true') });
    });
  });
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

describe('SIGKILL at random moments during sync', () => {
  it(`leaves a consistent cache every time (${ITERATIONS} kills), and a final sync reaches exactly the service's records`, async () => {
    const rand = seededRandom(20261122);
    let cacheFile = '';
    let kills = 0;
    let midSync = 0;
    let completed = 0;
    let i = 0;
    for (; kills < ITERATIONS && i < ITERATIONS * 3; i++) {
      // A fresh cache every 10 rounds, so kills land in first syncs as well as in re-syncs.
      if (i % 10 === 0) cacheFile = join(dir, `cache-${i}.db`);
      // New work for the re-syncs: more interviews arrive between rounds.
      if (i % 10 !== 0) await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 15, started: 2, transcript_turns: 12 });
      const r = await runChild(cacheFile, Math.floor(rand() * 1500));
      if (r.killed) kills++;
      if (r.killed && r.started && !r.finished) midSync++;
      if (r.finished) completed++;
      checkConsistent(cacheFile);
    }
    console.info(`sigkill: ${kills} kills (${midSync} during a sync), ${completed} syncs finished first, over ${i} rounds`);
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
