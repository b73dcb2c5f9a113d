import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createCore, type Core, type CoreOptions } from '../../src/main/core';
import { silentLogger } from '../../src/main/logging/logger';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import type { SandboxOptions } from '../../src/sandbox/server';
import { ROOT } from './browser';
import { projectBody, testSandbox, type Org, type TestSandbox } from './sandbox';
import { WORKER } from './workspace';

export type CoreWithSandbox = {
  core: Core;
  sb: TestSandbox;
  /** The core's data dir, a fresh temporary one. */
  dataDir: string;
  /** Closes the core and the sandbox and removes the data dir. */
  close(): Promise<void>;
};

/**
 * The set-up tests of the core against the service repeat: a standalone sandbox, and a core on a fresh data dir with
 * the sample media, secrets in memory and a silent log. `core` adds to or overrides those options.
 */
export async function coreWithSandbox(o: { dirPrefix: string; sandbox?: SandboxOptions; core?: Partial<CoreOptions> }): Promise<CoreWithSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), o.dirPrefix));
  const sb = await testSandbox(o.sandbox);
  const core = createCore({
    dataDir,
    mediaDir: join(ROOT, 'resources/sample-media'),
    secrets: createMemoryStore(null),
    log: silentLogger,
    version: 't',
    platform: 't',
    ...o.core,
  });
  return {
    core,
    sb,
    dataDir,
    async close() {
      await core.close();
      await sb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type CoreWithStudy = CoreWithSandbox & { org: Org; projectId: string; ws: string };

/**
 * coreWithSandbox (with the cache in its worker) and one launched study in a new organisation with `completed`
 * simulated interviews of 8 turns, added to the core as a workspace named `workspace` but not synced yet.
 */
export async function coreWithStudy(o: {
  dirPrefix: string;
  sandbox?: SandboxOptions;
  title: string;
  completed: number;
  workspace: string;
}): Promise<CoreWithStudy> {
  const started = await coreWithSandbox({ dirPrefix: o.dirPrefix, ...(o.sandbox ? { sandbox: o.sandbox } : {}), core: { cacheWorker: WORKER } });
  const { core, sb } = started;
  try {
    const org = await sb.newOrg({ trial_credits: 100 });
    const { id: projectId } = await org.client.createProject(projectBody({ title: o.title }));
    await org.client.launchProject(projectId, 50);
    await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: o.completed, transcript_turns: 8 });
    const ws = (await core.call('workspaces.add', { name: o.workspace, base_url: sb.baseUrl, api_key: org.apiKey })).id;
    return { ...started, org, projectId, ws };
  } catch (e) {
    // The caller never gets the handle to close, so nothing is left running.
    await started.close();
    throw e;
  }
}

/**
 * coreWithSandbox started before the file's tests (call it at the top of the file or inside the describe; a
 * beforeAll of the file's own registered after it runs after it) and closed after them. Read what it returns in
 * a test or a hook, not while the file is collected: `const { core, sb } = setUp;`.
 */
export function useCoreWithSandbox(o: Parameters<typeof coreWithSandbox>[0]): CoreWithSandbox {
  return useStarted(() => coreWithSandbox(o), 'useCoreWithSandbox');
}

/** coreWithStudy started before the file's tests and closed after them, read as useCoreWithSandbox's is. */
export function useCoreWithStudy(o: Parameters<typeof coreWithStudy>[0]): CoreWithStudy {
  return useStarted(() => coreWithStudy(o), 'useCoreWithStudy');
}

function useStarted<T extends { close(): Promise<void> }>(start: () => Promise<T>, name: string): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error(`nothing is started yet: ${name}'s beforeAll has not run`);
      return started[key as keyof T];
    },
  });
}
