// Runs the `fieldwork` command line as a user would: `node bin/fieldwork.cjs …` in a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { openInProcessCache, type Cache } from '../../src/main/cache/cache';
import type { SandboxOptions } from '../../src/sandbox/server';
import { ROOT } from './browser';
import { projectBody, testSandbox, type Org, type TestSandbox } from './sandbox';

const BIN = join(ROOT, 'bin/fieldwork.cjs');
const RUN_TIMEOUT_MS = 60_000;
/** Host settings a run must not inherit: a keychain, a display, the test runner's own variables. */
const HOST_ONLY = [
  'DBUS_SESSION_BUS_ADDRESS',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'GNOME_KEYRING_CONTROL',
  'SSH_AUTH_SOCK',
  'NODE_OPTIONS',
  'FIELDWORK_API_KEY',
  'FIELDWORK_LOG',
  'VITEST',
  'VITEST_POOL_ID',
  'VITEST_WORKER_ID',
];

export type CliRun = { code: number | null; stdout: string; stderr: string };

/**
 * A runner whose runs keep their HOME, XDG folders and FIELDWORK_HOME in the folders `dirs` names (read at
 * each run, as a file's beforeAll makes them). No D-Bus, display or host keyring reaches a run, so keys are
 * never stored on this machine. `printed` holds everything any run printed; `killAll` ends runs still going.
 */
export function cliRunner(dirs: () => { tmp: string; home: string }) {
  const children = new Set<ChildProcess>();
  const printed: string[] = [];
  const run = (args: string[], o: { key?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> => {
    const { tmp, home } = dirs();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of HOST_ONLY) delete env[name];
    Object.assign(env, { HOME: tmp, XDG_CONFIG_HOME: join(tmp, 'config'), XDG_DATA_HOME: join(tmp, 'data'), FIELDWORK_HOME: home, NO_COLOR: '1' });
    if (o.key !== undefined) env.FIELDWORK_API_KEY = o.key;
    Object.assign(env, o.env ?? {});
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        children.delete(child);
        printed.push(stdout, stderr);
        resolve({ code, stdout, stderr });
      });
    });
  };
  return {
    run,
    printed,
    killAll: () => {
      for (const c of children) c.kill('SIGKILL');
    },
  };
}

/** A run's standard output, parsed as JSON. */
export const cliJson = <T>(r: CliRun): T => JSON.parse(r.stdout) as T;

export type CliFile = {
  /** Runs `fieldwork` with the file's folders (see cliRunner). */
  run: ReturnType<typeof cliRunner>['run'];
  /** The temporary folder the runs use as HOME. */
  readonly tmp: string;
  /** FIELDWORK_HOME, inside tmp. */
  readonly home: string;
  /** The standalone service, until stopSandbox. */
  readonly sb: TestSandbox;
  /** Stops the service for the rest of the file, so what follows runs offline. */
  stopSandbox(): Promise<void>;
  /** The one workspace's cache file, opened in this process. */
  workspaceCache(): Promise<Cache>;
  /**
   * A launched study of a new organisation, with `completed` simulated interviews, whose service is added as
   * workspace `workspace` by `fieldwork workspace add` (not synced yet).
   */
  study(o: { title: string; target: number; completed: number; workspace: string }): Promise<{ org: Org; project: string }>;
};

/**
 * The set-up every CLI test file repeats: a temporary HOME with a FIELDWORK_HOME in it, a runner, and a standalone
 * service, made before the file's tests (a beforeAll of the file's own registered after this runs after it) and
 * removed after them, with any run still going ended.
 */
export function useCli(o: { dirPrefix: string; sandbox?: SandboxOptions }): CliFile {
  let tmp: string | undefined;
  let home: string | undefined;
  let sb: TestSandbox | null = null;
  const runner = cliRunner(() => ({ tmp: need(tmp, 'the temporary HOME'), home: need(home, 'FIELDWORK_HOME') }));

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), o.dirPrefix));
    home = join(tmp, 'fieldwork-home');
    mkdirSync(home);
    sb = await testSandbox(o.sandbox);
  });
  afterAll(async () => {
    runner.killAll();
    await sb?.close().catch(() => undefined);
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const file: CliFile = {
    run: runner.run,
    get tmp() {
      return need(tmp, 'the temporary HOME');
    },
    get home() {
      return need(home, 'FIELDWORK_HOME');
    },
    get sb() {
      return need(sb ?? undefined, 'the sandbox');
    },
    async stopSandbox() {
      await file.sb.close();
      sb = null;
    },
    async workspaceCache() {
      const [id] = readdirSync(join(file.home, 'workspaces'));
      return openInProcessCache(join(file.home, 'workspaces', id!, 'cache.db'));
    },
    async study(s) {
      const org = await file.sb.newOrg({ trial_credits: 100 });
      const { id: project } = await org.client.createProject(projectBody({ title: s.title }));
      await org.client.launchProject(project, s.target);
      await org.operator('POST', `/_sandbox/projects/${project}/simulate`, { completed: s.completed });
      expect((await runner.run(['workspace', 'add', '--name', s.workspace, '--base-url', file.sb.baseUrl], { key: org.apiKey })).code).toBe(0);
      return { org, project };
    },
  };
  return file;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not there: useCli's beforeAll has not run, or the sandbox was stopped`);
  return value;
}
