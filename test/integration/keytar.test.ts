/**
 * The SecretStore against a real Secret Service (a throwaway D-Bus session with its own unlocked
 * gnome-keyring, everything under a temp HOME/XDG_DATA_HOME), and its in-memory fallback when no
 * keychain answers, both with a fake keytar and with the real one and no D-Bus at all.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeytarLike } from '../../src/main/secrets/keytar-store';
import { openSecretStore } from '../../src/main/secrets/keytar-store';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { NO_KEYCHAIN_WARNING, type SecretStore } from '../../src/main/secrets/secret-store';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(ROOT, 'test/fixtures/keytar-roundtrip.ts');
/** tsx's loader by absolute URL, so the fixture also runs with a cwd outside the project. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** The keyring's login password inside the throwaway session. */
const KEYRING_PASSWORD = 'pw';
const SESSION_TIMEOUT_S = 45;

function onPath(cmd: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const missing = [
  !onPath('dbus-run-session') && 'dbus-run-session (apt-get install dbus)',
  !onPath('gnome-keyring-daemon') && 'gnome-keyring (apt-get install gnome-keyring)',
  !onPath('timeout') && 'timeout (coreutils)',
].filter((m): m is string => typeof m === 'string');
const noSecretService = process.platform !== 'linux' || missing.length > 0;
if (noSecretService) {
  console.warn(
    process.platform !== 'linux'
      ? `keytar integration skipped: the gnome-keyring Secret Service tests are Linux-only (platform ${process.platform})`
      : `keytar integration skipped: not installed: ${missing.join(', ')}`,
  );
}

function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `fw-keytar-${label}-`));
}

/** An environment that can only reach what lives under `dir`: no session bus, display or keyring of the host. */
function isolatedEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'GNOME_KEYRING_CONTROL', 'SSH_AUTH_SOCK', 'NODE_OPTIONS']) {
    delete env[name];
  }
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  return {
    ...env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    XDG_RUNTIME_DIR: runtime,
    ...extra,
  };
}

/** Every file below `dir`, relative to it. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** Names, sizes and modification times of everything below `dir`. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => {
      const p = join(e.parentPath, e.name);
      const s = statSync(p);
      return `${relative(dir, p)} ${e.isDirectory() ? 'dir' : s.size} ${s.mtimeMs}`;
    })
    .sort();
}

type FixtureResult = {
  fixture: 'keytar-roundtrip';
  ok: boolean;
  mode: 'roundtrip' | 'probe';
  kind?: SecretStore['kind'];
  warning?: string | null;
  probeMs?: number;
  writeOk?: boolean;
  writeError?: string;
  checks?: Record<string, boolean>;
  details?: Record<string, unknown>;
  timings?: Record<string, number>;
  error?: string;
};

/** The fixture's one JSON line, or a failure that shows everything the child said. */
function parseFixture(run: SpawnSyncReturns<string>): FixtureResult {
  const line = (run.stdout ?? '')
    .split('\n')
    .filter((l) => l.startsWith('{"fixture":"keytar-roundtrip"'))
    .at(-1);
  if (!line) {
    throw new Error(
      `the fixture printed no result (status ${run.status}, signal ${run.signal}, error ${run.error?.message ?? 'none'})\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`,
    );
  }
  return JSON.parse(line) as FixtureResult;
}

/**
 * Runs the fixture inside a fresh D-Bus session, as the project guide prescribes. `unlock: false` leaves
 * the keyring daemon to D-Bus activation, with no login keyring. `timeout` kills the whole process
 * group (dbus-daemon included) if the session hangs; spawnSync's own timeout is the last resort.
 */
function runInSession(home: string, fixtureArgs: string[], { unlock = true } = {}) {
  const script = unlock ? `echo -n ${KEYRING_PASSWORD} | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"` : 'exec "$@"';
  const started = performance.now();
  const run = spawnSync(
    'timeout',
    [
      '--kill-after=5',
      String(SESSION_TIMEOUT_S),
      'dbus-run-session',
      '--',
      'sh',
      '-c',
      script,
      'sh',
      process.execPath,
      '--import',
      TSX,
      FIXTURE,
      ...fixtureArgs,
    ],
    { cwd: ROOT, env: isolatedEnv(home), encoding: 'utf8', timeout: (SESSION_TIMEOUT_S + 15) * 1000, killSignal: 'SIGKILL' },
  );
  return { run, wallMs: Math.round(performance.now() - started) };
}

/** Runs `openSecretStore()` for real in a child with no session bus at all. */
function probeWithoutDbus(home: string, extraEnv: Record<string, string> = {}) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', TSX, FIXTURE, '--probe', '--try-write'], {
    cwd: home,
    env: isolatedEnv(home, extraEnv),
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
  });
  return { run, wallMs: Math.round(performance.now() - started) };
}

const ROUND_TRIP_CHECKS = [
  'kindIsKeychain',
  'noWarning',
  'directKindIsKeychain',
  'readBackViaStore',
  'readBackViaDirectStore',
  'readBackViaKeytar',
  'listedWhileStored',
  'keyringFileWritten',
  'overwriteReadsNew',
  'overwriteViaKeytar',
  'deleteReturnsTrue',
  'getAfterDeleteIsNull',
  'directGetAfterDeleteIsNull',
  'deleteMissingReturnsFalse',
  'notListedAfterDelete',
  'noPlainSecretInXdgDataHome',
  'noPlainSecretInHome',
  'noPlainSecretInCwd',
];

const dirs: string[] = [];
function freshHome(label: string): string {
  const dir = tempDir(label);
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('keytar against a real Secret Service (gnome-keyring in a throwaway D-Bus session)', () => {
  it.skipIf(noSecretService)(
    'stores, reads, overwrites and deletes a key, and never writes it in plain text',
    () => {
      const home = freshHome('session');
      const { run, wallMs } = runInSession(home, []);
      const result = parseFixture(run);
      console.info(`keytar round trip: ${JSON.stringify(result.timings)} ms inside a ${wallMs} ms D-Bus session`);

      expect(result.mode).toBe('roundtrip');
      expect(result.details?.error).toBeUndefined();
      expect(result.checks).toEqual(Object.fromEntries(ROUND_TRIP_CHECKS.map((name) => [name, true])));
      expect(result.details).toMatchObject({ kind: 'keychain', warning: null, account: expect.stringMatching(/^fw-test-[0-9a-f]{16}$/), homeScanned: true });
      expect(result.details?.plainHits).toEqual({ xdgDataHome: [], home: [], cwd: [] });
      // The keyring really was the throwaway one under XDG_DATA_HOME, not the host's.
      expect(result.details?.keyringFiles).toContain('keyrings/login.keyring');
      expect(filesIn(join(home, 'data'))).toContain(join('keyrings', 'login.keyring'));
      expect(result.ok).toBe(true);
      expect(run.status).toBe(0);
    },
    (SESSION_TIMEOUT_S + 20) * 1000,
  );

  // A Secret Service with no unlocked login keyring answers reads but refuses writes ("Object does not
  // exist at path /org/freedesktop/secrets/collection/login"); the probe writes, so it falls back to memory.
  it.skipIf(noSecretService)(
    'a Secret Service with no usable keyring is not handed out as a keychain that cannot store keys',
    () => {
      const home = freshHome('nologin');
      const { run, wallMs } = runInSession(home, ['--probe', '--try-write'], { unlock: false });
      const result = parseFixture(run);
      console.info(
        `keytar without a login keyring: kind ${result.kind}, write ${result.writeOk ? 'ok' : `failed (${result.writeError})`}, probe ${result.probeMs} ms, session ${wallMs} ms`,
      );
      expect(run.status).toBe(0);
      expect(result.kind === 'memory' || result.writeOk === true).toBe(true);
    },
    (SESSION_TIMEOUT_S + 20) * 1000,
  );
});

/** A keytar whose first write fails the way a missing Secret Service does. */
function fakeKeytar(setPassword: () => Promise<void>) {
  const calls: string[] = [];
  const keytar: KeytarLike = {
    getPassword: async () => {
      calls.push('getPassword');
      return 'from-the-keychain';
    },
    setPassword: (service) => {
      calls.push(`setPassword:${service}`);
      return setPassword();
    },
    deletePassword: async () => {
      calls.push('deletePassword');
      return true;
    },
    findCredentials: async (service) => {
      calls.push(`findCredentials:${service}`);
      return [];
    },
  };
  return { keytar, calls };
}

async function expectWorkingMemoryStore(store: SecretStore, cause: string) {
  expect(store.kind).toBe('memory');
  expect(store.warning).toBe(NO_KEYCHAIN_WARNING);
  // A plain sentence a researcher can act on: no error text, stack or jargon from the failure.
  const warning = store.warning ?? '';
  expect(warning).toMatch(/^[A-Z][^\n]*\.$/);
  expect(warning).toMatch(/for this session only/);
  expect(warning).not.toContain(cause);
  expect(warning).not.toMatch(/error|exception|keytar|d-bus|dbus|\bat \S+:\d+/i);

  expect(await store.get('openai')).toBeNull();
  await store.set('openai', 'sk-one');
  expect(await store.get('openai')).toBe('sk-one');
  await store.set('openai', 'sk-two');
  expect(await store.get('openai')).toBe('sk-two');
  await store.set('anthropic', 'sk-ant');
  expect(await store.delete('openai')).toBe(true);
  expect(await store.get('openai')).toBeNull();
  expect(await store.delete('openai')).toBe(false);
  expect(await store.get('anthropic')).toBe('sk-ant');
}

describe('fallback to memory when no keychain answers', () => {
  const originalCwd = process.cwd();
  const originalHome = process.env.HOME;
  let sandbox = '';

  beforeEach(() => {
    sandbox = freshHome('cwd');
    process.chdir(sandbox);
    process.env.HOME = sandbox;
  });
  afterEach(() => {
    process.chdir(originalCwd);
    if (originalHome === undefined) delete process.env.HOME;
    else process.env.HOME = originalHome;
  });

  it('keytar loads but cannot write (no Secret Service): memory store, plain warning, no file', async () => {
    const before = snapshot(sandbox);
    const cause = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
    const { keytar, calls } = fakeKeytar(() => Promise.reject(new Error(cause)));
    const store = await openSecretStore(async () => keytar);
    await expectWorkingMemoryStore(store, cause);
    // After the failed probe the fake keychain is never touched again.
    expect(calls).toEqual(['setPassword:Fieldwork']);
    expect(snapshot(sandbox)).toEqual(before);
    expect(filesIn(sandbox)).toEqual([]);
  });

  it('keytar cannot load (loader rejects, or throws before returning a promise): memory store, plain warning, no file', async () => {
    const before = snapshot(sandbox);
    const cause = "Cannot find module 'keytar'";
    const rejecting = await openSecretStore(() => Promise.reject(new Error(cause)));
    await expectWorkingMemoryStore(rejecting, cause);
    const throwing = await openSecretStore(() => {
      throw new Error(`${cause} (sync)`);
    });
    await expectWorkingMemoryStore(throwing, cause);
    expect(snapshot(sandbox)).toEqual(before);
    expect(filesIn(sandbox)).toEqual([]);
  });

  it('memory stores are purely in-memory: two stores never share a key', async () => {
    const a = await openSecretStore(() => Promise.reject(new Error('no keytar')));
    const b = await openSecretStore(() => Promise.reject(new Error('no keytar')));
    const c = createMemoryStore();
    await a.set('openai', 'sk-only-in-a');
    expect(await a.get('openai')).toBe('sk-only-in-a');
    expect(await b.get('openai')).toBeNull();
    expect(await c.get('openai')).toBeNull();
    expect(await b.delete('openai')).toBe(false);
    expect(await a.get('openai')).toBe('sk-only-in-a');
    expect(filesIn(sandbox)).toEqual([]);
  });

  describe.skipIf(process.platform !== 'linux')('the real keytar with no D-Bus session (child process)', () => {
    it.each([
      ['no DBUS_SESSION_BUS_ADDRESS and no DISPLAY', {}],
      ['no DBUS_SESSION_BUS_ADDRESS, DISPLAY pointing at no X server (dbus-launch autolaunch)', { DISPLAY: ':97' }],
    ])(
      '%s: falls back to memory quickly instead of crashing or hanging',
      (_label, extraEnv: Record<string, string>) => {
        const home = freshHome('nodbus');
        const { run, wallMs } = probeWithoutDbus(home, extraEnv);
        const result = parseFixture(run);
        console.info(`openSecretStore() without D-Bus (${JSON.stringify(extraEnv)}): probe ${result.probeMs} ms, child process ${wallMs} ms`);
        expect(run.error).toBeUndefined(); // not killed by the timeout
        expect(run.status).toBe(0);
        expect(result).toMatchObject({ mode: 'probe', kind: 'memory', warning: NO_KEYCHAIN_WARNING, writeOk: true });
        expect(result.probeMs).toBeLessThan(10_000);
        // Nothing was written in the child's cwd/HOME (only the runtime dir the test itself made).
        expect(filesIn(home)).toEqual([]);
      },
      40_000,
    );
  });
});
