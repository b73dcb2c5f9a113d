// The BUILT app boots, as far as this machine allows (no Electron binary runs here): out/main/index.js is
// loaded under Node with a recording stand-in for the 'electron' module (test/support/electron-stand-in.cjs)
// and driven to its first window. Source-level shell tests cannot see packaging mistakes (a dependency
// bundled wrongly or missing from `dependencies`, a path that only holds in src/, a worker chunk not
// emitted); this test reads what the build really hands Electron and checks it exists.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, FILES_REGISTER_CHANNEL, IPC_PREFIX } from '../../src/shared/ipc/contract';
import { buildCsp } from '../../src/main/security/csp';
import { buildWebPreferences } from '../../src/main/security/web-preferences';

const root = resolve(__dirname, '..', '..');
const out = join(root, 'out');
const mainBundle = join(out, 'main', 'index.js');

type BootRecord = {
  electronRequires: number;
  privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[];
  sandboxEnabled: boolean;
  singleInstanceLock: number;
  appEvents: string[];
  protocolHandlers: string[];
  ipcChannels: string[];
  duplicateIpcChannels: string[];
  windows: { options: { webPreferences?: Record<string, unknown>; icon?: string }; url: string | null }[];
  menuItems: string[] | null;
  permissionHandlers: string[];
  fetchedFiles: string[];
  workerFiles: string[];
  appProtocol: Record<string, { status: number; csp: string | null; nosniff: string | null } | null>;
  calls: Record<string, { ok: boolean; projects?: number; error?: { code: string } } | null>;
  quit: number;
  errorBox: unknown;
  failure: string | null;
};

let dir: string;
let record: BootRecord;
let stderr = '';

beforeAll(async () => {
  if (!existsSync(mainBundle)) throw new Error('out/main/index.js is missing: run `npm run build` first (npm test and npm run test:integration do).');
  dir = mkdtempSync(join(tmpdir(), 'fw-boot-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    // No keychain session: the app must start on its memory fallback, as on a Linux without a Secret Service.
    XDG_DATA_HOME: join(dir, 'xdg'),
    FW_BOOT_RECORD: join(dir, 'record.json'),
    FW_BOOT_USER_DATA: join(dir, 'user-data'),
    FW_BOOT_APP_PATH: root,
  };
  const child = spawn(process.execPath, ['-r', join(root, 'test', 'support', 'electron-stand-in.cjs'), mainBundle], {
    cwd: dir,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  if (!existsSync(env.FW_BOOT_RECORD!)) throw new Error(`the built app wrote no record (exit ${code}):\n${stderr.slice(-4000)}`);
  record = JSON.parse(readFileSync(env.FW_BOOT_RECORD!, 'utf8')) as BootRecord;
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the built main bundle (out/main) under a recording electron stand-in', () => {
  it('starts without failing, and gets as far as the first window', () => {
    expect(record.failure, stderr.slice(-2000)).toBeNull();
    expect(record.errorBox).toBeNull();
    expect(record.quit).toBe(0);
    expect(record.electronRequires).toBeGreaterThan(0);
    expect(record.windows).toHaveLength(1);
  });

  it('takes the single-instance lock, enables the sandbox and registers its schemes as privileged before ready', () => {
    expect(record.singleInstanceLock).toBe(1);
    expect(record.sandboxEnabled).toBe(true);
    expect(record.appEvents).toEqual(expect.arrayContaining(['second-instance', 'web-contents-created', 'window-all-closed', 'will-quit']));
    expect(record.privilegedSchemes.map((s) => s.scheme).sort()).toEqual(['app', 'fieldwork-media']);
    for (const s of record.privilegedSchemes) expect(s.privileges).toMatchObject({ standard: true, secure: true });
    expect(record.permissionHandlers.sort()).toEqual(['check', 'device', 'request']);
  });

  it('registers every contract channel exactly once, plus the preload file channel, and nothing else', () => {
    expect(record.duplicateIpcChannels).toEqual([]);
    expect([...record.ipcChannels].sort()).toEqual([...channelNames.map((c) => IPC_PREFIX + c), FILES_REGISTER_CHANNEL].sort());
  });

  it('gives the window exactly the hardened webPreferences, with a preload that exists in the build', () => {
    const win = record.windows[0]!;
    const preload = String(win.options.webPreferences?.preload);
    expect(preload).toBe(join(out, 'preload', 'index.cjs'));
    expect(existsSync(preload)).toBe(true);
    expect(win.options.webPreferences).toStrictEqual(buildWebPreferences(preload, false));
    expect(win.url).toBe('app://fieldwork/index.html');
    if (win.options.icon) expect(existsSync(win.options.icon)).toBe(true);
  });

  it('serves the built renderer through app:// with the production CSP, and every asset its HTML names exists', () => {
    for (const url of ['app://fieldwork/', 'app://fieldwork/index.html']) {
      expect(record.appProtocol[url]).toEqual({ status: 200, csp: buildCsp({ mode: 'production' }), nosniff: 'nosniff' });
    }
    expect(record.appProtocol['app://fieldwork/..%2f..%2fpackage.json']?.status).toBe(404);
    expect(record.fetchedFiles).toContain(join(out, 'renderer', 'index.html'));
    const html = readFileSync(join(out, 'renderer', 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((a) => !/^[a-z]+:/.test(a));
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) expect(existsSync(join(out, 'renderer', a.replace(/^\.?\//, ''))), a).toBe(true);
  });

  it('sets the application menu', () => {
    expect(record.menuItems).toEqual(expect.arrayContaining(['&File', '&Edit', '&View', '&Window', '&Help', 'Sync now']));
  });

  it('answers the page over IPC: the demo opens its cache through the built worker chunk and syncs', () => {
    expect(record.calls['app.info']?.ok).toBe(true);
    expect(record.calls['demo.start']).toEqual({ ok: true });
    expect(record.calls['sync.run']).toEqual({ ok: true });
    expect(record.calls['projects.list']?.projects).toBeGreaterThan(0);
    expect(record.calls.untrusted?.error?.code).toBe('forbidden_sender');
    expect(record.workerFiles.length).toBeGreaterThan(0);
    for (const f of record.workerFiles) {
      expect(f.startsWith(join(out, 'main')), f).toBe(true);
      expect(existsSync(f), f).toBe(true);
    }
  });

  it('requires only Node built-ins, electron, and packages a packaged app ships (dependencies, not devDependencies)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const files = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : e.name.endsWith('.js') ? [join(d, e.name)] : []));
    const bundles = files(join(out, 'main'));
    const externals = new Set<string>();
    for (const f of bundles) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\b(?:require|import)\(\s*["']([^"'./][^"']*)["']\s*\)/g)) externals.add(m[1]!);
    }
    expect(externals.size).toBeGreaterThan(0);
    const packageOf = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);
    const unshipped = [...externals].filter((s) => !builtins.has(s) && s !== 'electron' && !(packageOf(s) in pkg.dependencies));
    expect(unshipped).toEqual([]);
    // Relative requires between bundle files resolve inside out/main.
    for (const f of bundles) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\brequire\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
        const target = resolve(dirname(f), m[1]!);
        expect(existsSync(target) || existsSync(`${target}.js`), `${f} → ${m[1]}`).toBe(true);
      }
    }
  });
});
