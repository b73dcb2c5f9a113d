import { join } from 'node:path';
import { build } from 'esbuild';
import { createApiClient } from '../../src/main/api/client';
import { openWorkerCache, type Cache } from '../../src/main/cache/cache';
import { silentLogger } from '../../src/main/logging/logger';
import { SyncEngine } from '../../src/main/sync/engine';
import { call, startSandboxChild, type SandboxChild } from '../lib/sandbox';

/**
 * What the cache checks share, sized down from the bench so the whole guard stays under a minute: a fresh
 * sandbox (its own process, as for the bench) with one launched study of INTERVIEWS × TURNS completed
 * interviews plus one LONG_TURNS-turn interview, synced once by the app's SyncEngine into a new cache
 * that runs in its worker thread, as the app and the CLI host it.
 */
export const INTERVIEWS = 500;
export const TURNS = 40;
export const LONG_TURNS = 5000;
export const PAGE_SIZE = 100;
export const CONCURRENCY = 4;

type Client = ReturnType<typeof createApiClient>;

export type Fixture = {
  sandbox: SandboxChild;
  projectId: string;
  /** Every interview in the study (INTERVIEWS + the long one). */
  interviews: number;
  longInterviewId: string;
  cacheFile: string;
  cache: Cache;
  engine: SyncEngine;
  client: Client;
  close(): Promise<void>;
};

async function seed(sb: SandboxChild): Promise<{ projectId: string; longInterviewId: string }> {
  await call(sb, 'PUT', '/_sandbox/organisations/me', { balance_cents: 10_000_000 });
  const project = await call<{ id: string }>(sb, 'POST', '/v1/projects', {
    title: 'Perf guard',
    type: 'USER_INTERVIEW',
    intro_message: 'Thanks for joining. This is a load-test study.',
    questions: [
      { question: 'How do you decide what to cook during a busy week?', probing_level: 'medium' },
      { question: 'What do you think about the price of the meal kit?', probing_level: 'high' },
      { question: 'How did the delivery fit around your schedule?', probing_level: 'medium' },
    ],
    languages: [{ language_name: 'English', accent: 'en-US' }],
    interaction_modes: ['chat'],
    target_participants: 1000,
  });
  await call(sb, 'POST', `/v1/projects/${project.id}/launch`, { target_participants: 1000 });
  await call(sb, 'POST', `/_sandbox/projects/${project.id}/simulate`, { completed: INTERVIEWS, transcript_turns: TURNS });
  const long = await call<{ completed: string[] }>(sb, 'POST', `/_sandbox/projects/${project.id}/simulate`, { completed: 1, transcript_turns: LONG_TURNS });
  const longInterviewId = long.completed[0];
  if (!longInterviewId) throw new Error('The sandbox simulated no long interview.');
  return { projectId: project.id, longInterviewId };
}

/** The cache worker bundled as the bench bundles it (bench/lib/build.ts): plain Node, no tsx in the thread. */
async function bundleWorker(root: string): Promise<string> {
  const outfile = join(root, 'out', 'perf-guard', 'cache-worker.cjs');
  await build({
    entryPoints: [join(root, 'src/main/cache/worker-entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3', 'keytar', 'electron'],
    logLevel: 'warning',
    absWorkingDir: root,
  });
  return outfile;
}

export async function openFixture(root: string, dir: string, phase: <T>(label: string, fn: () => Promise<T>) => Promise<T>): Promise<Fixture> {
  const [sandbox, workerPath] = await phase('start the sandbox, bundle the cache worker', () =>
    Promise.all([startSandboxChild(root, join(dir, 'sandbox.db'), { fresh: true }), bundleWorker(root)]),
  );
  let cache: Cache | null = null;
  let client: Client | null = null;
  const close = async () => {
    await cache?.close();
    await client?.close();
    await sandbox.stop();
  };
  try {
    const seeded = await phase(`seed ${INTERVIEWS} interviews × ${TURNS} turns and one of ${LONG_TURNS}`, () => seed(sandbox));
    const cacheFile = join(dir, 'workspace.db');
    cache = await openWorkerCache(cacheFile, { path: workerPath });
    client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: () => sandbox.apiKey });
    const engine = new SyncEngine({ client, cache, log: silentLogger, concurrency: CONCURRENCY });
    const first = await phase('full sync into an empty cache', () => engine.run());
    if (first.interviews_written !== INTERVIEWS + 1)
      throw new Error(`The guard's full sync wrote ${first.interviews_written} interviews, not ${INTERVIEWS + 1} (${first.issues.length} issues).`);
    const c = cache;
    return {
      sandbox,
      projectId: seeded.projectId,
      interviews: INTERVIEWS + 1,
      longInterviewId: seeded.longInterviewId,
      cacheFile,
      cache: c,
      engine,
      client,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
