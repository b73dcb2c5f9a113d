// Checklist items 1, 3, 5, 6, 7 and 9 at the wiring level: window.ts and app.ts run against a fake
// 'electron' module (the real one needs a binary this machine cannot download), and the test checks
// that what they hand Electron is the locked-down configuration the pure functions describe.
import { FILES_REGISTER_CHANNEL } from '../../../../src/shared/ipc/contract';
import { describe, it, expect, vi, beforeAll, afterAll, type MockInstance } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { channelNames, IPC_EVENT_CHANNEL } from '../../../../src/shared/ipc/contract';
import { buildWebPreferences } from '../../../../src/main/security/web-preferences';
import { buildCsp } from '../../../../src/main/security/csp';

type Listener = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  class Emitter {
    readonly listeners = new Map<string, Listener[]>();
    readonly on = vi.fn((name: string, fn: Listener) => {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
      return this;
    });
    readonly once = vi.fn((name: string, fn: Listener) => this.on(name, fn));
    emit(name: string, ...args: unknown[]): unknown[] {
      return (this.listeners.get(name) ?? []).map((fn) => fn(...args));
    }
    handlers(name: string): Listener[] {
      return this.listeners.get(name) ?? [];
    }
  }

  class FakeWebContents extends Emitter {
    windowOpenHandler: ((details: { url: string }) => unknown) | null = null;
    readonly setWindowOpenHandler = vi.fn((fn: (details: { url: string }) => unknown) => {
      this.windowOpenHandler = fn;
    });
    readonly send = vi.fn();
    /** What the hidden print window loaded when printToPDF ran (the file is gone afterwards). */
    printed: { html: string; options: unknown } | null = null;
    loadedFile: string | null = null;
    readonly printToPDF = vi.fn(async (options: unknown) => {
      const { readFileSync } = await import('node:fs');
      this.printed = { html: readFileSync(this.loadedFile!, 'utf8'), options };
      return Buffer.from('%PDF-1.7 fake');
    });
  }

  class FakeBrowserWindow extends Emitter {
    static instances: FakeBrowserWindow[] = [];
    readonly webContents = new FakeWebContents();
    readonly loadURL = vi.fn(async (_url: string) => undefined);
    readonly loadFile = vi.fn(async (file: string) => {
      this.webContents.loadedFile = file;
    });
    destroyed = false;
    readonly destroy = vi.fn(() => {
      this.destroyed = true;
    });
    readonly show = vi.fn();
    readonly focus = vi.fn();
    readonly restore = vi.fn();
    readonly isMinimized = vi.fn(() => false);
    readonly maximize = vi.fn();
    readonly isMaximized = vi.fn(() => false);
    readonly isDestroyed = vi.fn(() => this.destroyed);
    readonly isFullScreen = vi.fn(() => false);
    readonly isFocused = vi.fn(() => true);
    readonly getNormalBounds = vi.fn(() => ({ x: 0, y: 0, width: 1280, height: 820 }));
    constructor(readonly options: Record<string, unknown>) {
      super();
      FakeBrowserWindow.instances.push(this);
    }
  }

  class FakeApp extends Emitter {
    isPackaged = true;
    readonly state = { userData: '', appPath: '', ready: null as null | (() => void) };
    readonly readyPromise = new Promise<void>((resolve) => {
      this.state.ready = resolve;
    });
    readonly whenReady = vi.fn(() => this.readyPromise);
    readonly requestSingleInstanceLock = vi.fn(() => true);
    readonly quit = vi.fn();
    readonly enableSandbox = vi.fn();
    readonly getPath = vi.fn((name: string) => {
      if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
      return this.state.userData;
    });
    readonly getAppPath = vi.fn(() => this.state.appPath);
    readonly getVersion = vi.fn(() => '9.9.9-test');
  }

  const ipcHandlers = new Map<string, Listener>();
  const ipcMain = {
    handle: vi.fn((channel: string, fn: Listener) => {
      if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipcHandlers.set(channel, fn);
    }),
    removeHandler: vi.fn((channel: string) => ipcHandlers.delete(channel)),
    on: vi.fn(),
  };

  const protocolHandlers = new Map<string, (request: { url: string }) => Promise<Response>>();
  const protocol = {
    registerSchemesAsPrivileged: vi.fn(),
    handle: vi.fn((scheme: string, fn: (request: { url: string }) => Promise<Response>) => {
      protocolHandlers.set(scheme, fn);
    }),
    registerFileProtocol: vi.fn(),
    interceptFileProtocol: vi.fn(),
  };

  const defaultSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  };

  return {
    Emitter,
    FakeWebContents,
    FakeBrowserWindow,
    app: new FakeApp(),
    ipcMain,
    ipcHandlers,
    protocol,
    protocolHandlers,
    session: { defaultSession },
    net: { fetch: vi.fn(async (url: string) => new Response(`file body of ${url}`)) },
    shell: { openExternal: vi.fn(async (_url: string) => undefined), showItemInFolder: vi.fn() },
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })), setApplicationMenu: vi.fn() },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1050 } }]) },
    dialog: {
      showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
      showMessageBoxSync: vi.fn((..._args: unknown[]) => 0),
    },
  };
});

vi.mock('electron', () => ({
  app: fake.app,
  BrowserWindow: fake.FakeBrowserWindow,
  ipcMain: fake.ipcMain,
  protocol: fake.protocol,
  session: fake.session,
  net: fake.net,
  shell: fake.shell,
  Menu: fake.Menu,
  screen: fake.screen,
  dialog: fake.dialog,
}));

// From the sources, the shell's directory is not the bundle's: point it at src/ (the built-app boot test
// checks the real paths against out/).
vi.mock('../../../../src/main/shell/bundle-paths', async () => {
  const { join } = await import('node:path');
  const src = join(__dirname, '..', '..', '..', '..', 'src');
  return { bundlePaths: () => ({ rendererDir: join(src, 'renderer'), preload: join(src, 'preload', 'index.cjs') }) };
});
vi.mock('../../../../src/main/secrets/keytar-store', async () => {
  const { createMemoryStore } = await import('../../../../src/main/secrets/memory-store');
  return { openSecretStore: vi.fn(async () => createMemoryStore('test: no keychain')), createKeytarStore: vi.fn() };
});

import { createMainWindow, hardenContents, printHtmlToPdf } from '../../../../src/main/shell/window';

type FakeWindow = InstanceType<typeof fake.FakeBrowserWindow>;
type FakeContents = InstanceType<typeof fake.FakeWebContents>;

const preventable = (extra: Record<string, unknown> = {}) => ({ preventDefault: vi.fn(), ...extra });

/** Fires every handler registered for a navigation event; returns whether navigation was prevented. */
function navigate(contents: FakeContents, name: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', url: string): boolean {
  const handlers = contents.handlers(name);
  expect(handlers.length, `${name} handlers`).toBeGreaterThan(0);
  const event = preventable(name === 'will-frame-navigate' ? { url, isMainFrame: false } : {});
  for (const h of handlers) h(event, url);
  return event.preventDefault.mock.calls.length > 0;
}

const EVIL_URLS = [
  'https://evil.example/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'data:text/html,x',
  'app://fieldwork.evil/',
  'https://a@b.com',
  'about:blank',
];

describe('createMainWindow (window.ts)', () => {
  let win: FakeWindow;

  beforeAll(() => {
    fake.FakeBrowserWindow.instances.length = 0;
    win = createMainWindow({
      preloadPath: '/p/preload.cjs',
      isPackaged: true,
      url: 'app://fieldwork/index.html',
      allowedOrigins: ['app://fieldwork'],
      externalHosts: () => ['docs.example.com'],
    }) as unknown as FakeWindow;
  });

  it('creates one window whose webPreferences are exactly buildWebPreferences()', () => {
    expect(fake.FakeBrowserWindow.instances).toHaveLength(1);
    expect(win.options.webPreferences).toStrictEqual(buildWebPreferences('/p/preload.cjs', true));
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, devTools: false });
    expect(win.options.show).toBe(false);
  });

  it('loads the app URL and shows the window only when ready', () => {
    expect(win.loadURL).toHaveBeenCalledExactlyOnceWith('app://fieldwork/index.html');
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledTimes(1);
  });

  it.each(['will-navigate', 'will-redirect', 'will-frame-navigate'] as const)('%s blocks other origins and allows the app', (name) => {
    const contents = win.webContents;
    for (const url of EVIL_URLS) expect(navigate(contents, name, url), url).toBe(true);
    expect(navigate(contents, name, 'app://fieldwork/index.html')).toBe(false);
    expect(navigate(contents, name, 'app://fieldwork/other.html#x')).toBe(false);
  });

  it('an edit the page could not keep as a draft: closing asks first, and closes only when told to', () => {
    const [handler] = win.webContents.handlers('will-prevent-unload');
    expect(handler).toBeDefined();
    fake.dialog.showMessageBoxSync.mockReturnValueOnce(0);
    const keep = preventable();
    handler!(keep);
    expect(fake.dialog.showMessageBoxSync).toHaveBeenLastCalledWith(
      win,
      expect.objectContaining({ buttons: ['Keep editing', 'Close and lose it'], cancelId: 0 }),
    );
    expect(keep.preventDefault).not.toHaveBeenCalled();
    fake.dialog.showMessageBoxSync.mockReturnValueOnce(1);
    const close = preventable();
    handler!(close);
    expect(close.preventDefault).toHaveBeenCalledOnce();
  });

  it('will-attach-webview is always prevented', () => {
    const handlers = win.webContents.handlers('will-attach-webview');
    expect(handlers).toHaveLength(1);
    const event = preventable();
    handlers[0]!(event, { preload: '/evil.js', nodeIntegration: true }, { src: 'app://fieldwork/index.html' });
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });

  it('the window-open handler always denies and opens only vetted https links externally', () => {
    const handler = win.webContents.windowOpenHandler!;
    expect(win.webContents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    fake.shell.openExternal.mockClear();
    for (const url of [
      'https://evil.example/',
      'http://docs.example.com/',
      'smb://docs.example.com/x',
      'ms-msdt:/id',
      'mailto:a@docs.example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://docs.example.com@evil.example/',
      'app://fieldwork/index.html',
    ]) {
      expect(handler({ url }), url).toStrictEqual({ action: 'deny' });
    }
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
    expect(handler({ url: 'https://docs.example.com/guide' })).toStrictEqual({ action: 'deny' });
    expect(fake.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://docs.example.com/guide');
  });

  it('reads the external host list at click time', () => {
    const contents = new fake.FakeWebContents();
    let hosts: string[] = [];
    hardenContents(contents as never, { allowedOrigins: ['app://fieldwork'], externalHosts: () => hosts });
    fake.shell.openExternal.mockClear();
    contents.windowOpenHandler!({ url: 'https://help.example.org/' });
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
    hosts = ['help.example.org'];
    contents.windowOpenHandler!({ url: 'https://help.example.org/' });
    expect(fake.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://help.example.org/');
  });

  it('devTools are on only for an unpackaged build', () => {
    const dev = createMainWindow({
      preloadPath: '/p/preload.cjs',
      isPackaged: false,
      url: 'http://localhost:5173/',
      allowedOrigins: ['app://fieldwork', 'http://localhost:5173'],
      externalHosts: () => [],
    }) as unknown as FakeWindow;
    expect(dev.options.webPreferences).toStrictEqual(buildWebPreferences('/p/preload.cjs', false));
  });
});

describe('printHtmlToPdf (window.ts): the report PDF in the app', () => {
  it('prints in a hidden, sandboxed window with JavaScript off, then destroys it and removes its temporary file', async () => {
    const before = fake.FakeBrowserWindow.instances.length;
    const html = '<!doctype html><title>R</title><p>Report &amp; quotes</p>';
    const pdf = await printHtmlToPdf(html);
    expect(Buffer.from(pdf).toString('latin1')).toBe('%PDF-1.7 fake');
    expect(fake.FakeBrowserWindow.instances).toHaveLength(before + 1);
    const win = fake.FakeBrowserWindow.instances.at(-1)!;
    expect(win.options.show).toBe(false);
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false });
    expect(win.options.webPreferences).not.toHaveProperty('preload');
    expect(win.webContents.printed).toEqual({ html, options: expect.objectContaining({ printBackground: true, pageSize: 'A4' }) });
    expect(win.destroy).toHaveBeenCalledTimes(1);
    const { existsSync } = await import('node:fs');
    expect(existsSync(win.webContents.loadedFile!)).toBe(false);
  });

  it('a failed print still destroys the window', async () => {
    const failing = printHtmlToPdf('<p>x</p>');
    const win = fake.FakeBrowserWindow.instances.at(-1)!;
    win.webContents.printToPDF.mockRejectedValueOnce(new Error('printing failed'));
    await expect(failing).rejects.toThrow('printing failed');
    expect(win.destroy).toHaveBeenCalledTimes(1);
  });
});

describe('app.ts composition root', () => {
  let dataDir: string;
  let stderr: MockInstance<typeof process.stderr.write>;
  let mainWindow: FakeWindow;
  let appWindowsBefore = 0;
  let rejectionListenersBefore = 0;
  let savedRendererUrl: string | undefined;
  const appFrame = { url: 'app://fieldwork/index.html', parent: null };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-shell-'));
    fake.app.state.userData = join(dataDir, 'userData');
    fake.app.state.appPath = join(dataDir, 'app');
    Object.assign(process, { resourcesPath: join(dataDir, 'resources') });
    // A packaged app must ignore a dev server URL left in the environment (checklist 3).
    savedRendererUrl = (process.env as Record<string, string | undefined>).ELECTRON_RENDERER_URL;
    (process.env as Record<string, string | undefined>).ELECTRON_RENDERER_URL = 'http://localhost:5173';
    stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // A window state from the last session, on the one display there is.
    mkdirSync(fake.app.state.userData, { recursive: true });
    writeFileSync(join(fake.app.state.userData, 'window-state.json'), JSON.stringify({ x: 100, y: 50, width: 1100, height: 700, maximized: true }));
    appWindowsBefore = fake.FakeBrowserWindow.instances.length;
    rejectionListenersBefore = process.listenerCount('unhandledRejection');

    await import('../../../../src/main/shell/app');
    // Module-level wiring happens before whenReady; the rest after it resolves.
    expect(fake.ipcMain.handle).not.toHaveBeenCalled();
    fake.app.state.ready!();
    await vi.waitFor(() => {
      expect(fake.ipcMain.handle).toHaveBeenCalledTimes(channelNames.length + 1);
      expect(fake.FakeBrowserWindow.instances.length).toBe(appWindowsBefore + 1);
    });
    mainWindow = fake.FakeBrowserWindow.instances.at(-1)!;
  });

  afterAll(async () => {
    fake.app.emit('will-quit');
    await new Promise((r) => setTimeout(r, 10));
    stderr.mockRestore();
    if (savedRendererUrl === undefined) delete (process.env as Record<string, string | undefined>).ELECTRON_RENDERER_URL;
    else (process.env as Record<string, string | undefined>).ELECTRON_RENDERER_URL = savedRendererUrl;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers app: and fieldwork-media: as standard, secure schemes before ready, neither bypassing CSP', () => {
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledTimes(1);
    const [schemes] = fake.protocol.registerSchemesAsPrivileged.mock.calls[0]! as [{ scheme: string; privileges: Record<string, boolean> }[]];
    expect(schemes.map((s) => s.scheme)).toEqual(['app', 'fieldwork-media']);
    for (const s of schemes) {
      expect(s.privileges).toMatchObject({ standard: true, secure: true });
      expect(s.privileges.bypassCSP).toBeFalsy();
      expect(s.privileges.corsEnabled).toBeFalsy();
    }
  });

  it('installs the process guard: a stray rejection is logged, and the app keeps running', () => {
    expect(process.listenerCount('unhandledRejection')).toBe(rejectionListenersBefore + 1);
    stderr.mockClear();
    process.emit('unhandledRejection', new Error('a stray side read'), Promise.resolve());
    expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/unhandled promise rejection/);
  });

  it('enables the sandbox for every renderer and takes the single-instance lock', () => {
    expect(fake.app.enableSandbox).toHaveBeenCalledTimes(1);
    expect(fake.app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(fake.app.quit).not.toHaveBeenCalled();
  });

  it('never uses file:// protocol helpers', () => {
    expect(fake.protocol.registerFileProtocol).not.toHaveBeenCalled();
    expect(fake.protocol.interceptFileProtocol).not.toHaveBeenCalled();
  });

  it("the default session's permission request handler denies media and everything but app fullscreen", () => {
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
    const handler = fake.session.defaultSession.setPermissionRequestHandler.mock.calls[0]![0] as Listener;
    const ask = (permission: string, requestingUrl: string) => {
      const cb = vi.fn();
      handler({}, permission, cb, { requestingUrl, mediaTypes: ['audio', 'video'] });
      expect(cb).toHaveBeenCalledTimes(1);
      return cb.mock.calls[0]![0] as boolean;
    };
    for (const p of ['media', 'geolocation', 'notifications', 'display-capture', 'clipboard-read', 'midi'])
      expect(ask(p, 'app://fieldwork/index.html'), p).toBe(false);
    expect(ask('fullscreen', 'app://fieldwork/index.html')).toBe(true);
    expect(ask('fullscreen', 'https://evil.example/')).toBe(false);
  });

  it('sets the permission check and device permission handlers to deny', () => {
    expect(fake.session.defaultSession.setPermissionCheckHandler).toHaveBeenCalledTimes(1);
    const check = fake.session.defaultSession.setPermissionCheckHandler.mock.calls[0]![0] as Listener;
    expect(check({}, 'media', 'app://fieldwork')).toBe(false);
    expect(check({}, 'fullscreen', 'https://evil.example')).toBe(false);
    expect(fake.session.defaultSession.setDevicePermissionHandler).toHaveBeenCalledTimes(1);
    const device = fake.session.defaultSession.setDevicePermissionHandler.mock.calls[0]![0] as Listener;
    expect(device({ deviceType: 'usb', origin: 'app://fieldwork' })).toBe(false);
  });

  it("registers exactly one fieldwork:-prefixed ipcMain handler per contract channel, and the preload's file channel", () => {
    const registered = fake.ipcMain.handle.mock.calls.map((c) => c[0] as string);
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered.sort()).toEqual([...channelNames.map((c) => `fieldwork:${c}`), FILES_REGISTER_CHANNEL].sort());
    expect(fake.ipcMain.on).not.toHaveBeenCalled();
  });

  it("the file channel gives a token for an absolute path from the app's frame only", async () => {
    const handler = fake.ipcMain.handle.mock.calls.find((c) => c[0] === FILES_REGISTER_CHANNEL)![1] as (e: unknown, p: unknown) => Promise<unknown>;
    const token = await handler({ senderFrame: appFrame }, '/home/r/pack.png');
    expect(token).toMatch(/^file_/);
    expect(await handler({ senderFrame: { url: 'https://evil.example', parent: null } }, '/etc/passwd')).toBeNull();
    expect(await handler({ senderFrame: appFrame }, 'relative.png')).toBeNull();
    expect(await handler({ senderFrame: appFrame }, 42)).toBeNull();
  });

  it.each<[string, unknown]>([
    ['a null senderFrame', null],
    ['an undefined senderFrame', undefined],
    ['an evil origin', { url: 'https://evil.example', parent: null }],
    ['a subframe', { url: 'app://fieldwork/index.html', parent: { url: 'app://fieldwork/index.html', parent: null } }],
    ['a file: page', { url: 'file:///C:/x.html', parent: null }],
    ['the dev server origin in a packaged app', { url: 'http://localhost:5173/', parent: null }],
  ])('an IPC call from %s is refused with forbidden_sender', async (_label, senderFrame) => {
    for (const name of channelNames) {
      const handler = fake.ipcHandlers.get(`fieldwork:${name}`)!;
      const r = await handler({ senderFrame }, undefined);
      expect(r, name).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
  });

  it('an IPC call from the app top frame is dispatched to the real core', async () => {
    const info = fake.ipcHandlers.get('fieldwork:app.info')!;
    await expect(info({ senderFrame: appFrame }, undefined)).resolves.toStrictEqual({
      ok: true,
      value: { version: '9.9.9-test', platform: process.platform, keychain: { available: false, message: 'test: no keychain' }, native_menu: true },
    });
    const list = fake.ipcHandlers.get('fieldwork:workspaces.list')!;
    await expect(list({ senderFrame: appFrame }, undefined)).resolves.toStrictEqual({ ok: true, value: [] });
    // And the dispatcher's schema check is behind the sender check.
    const projects = fake.ipcHandlers.get('fieldwork:projects.list')!;
    await expect(projects({ senderFrame: appFrame }, { workspace_id: 42 })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('exports.chooseFolder opens the OS folder picker on the main window; a cancelled picker answers null', async () => {
    const choose = fake.ipcHandlers.get('fieldwork:exports.chooseFolder')!;
    await expect(choose({ senderFrame: appFrame }, undefined)).resolves.toStrictEqual({ ok: true, value: null });
    expect(fake.dialog.showOpenDialog).toHaveBeenCalledTimes(1);
    const [parent, options] = fake.dialog.showOpenDialog.mock.calls[0]!;
    expect(parent).toBe(mainWindow);
    expect(options).toMatchObject({ properties: ['openDirectory', 'createDirectory'] });
    fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [dataDir] });
    await expect(choose({ senderFrame: appFrame }, undefined)).resolves.toMatchObject({ ok: true, value: { folder: expect.any(String) } });
  });

  it('creates the main window from the built preload with exact preferences, at the app origin', () => {
    const prefs = mainWindow.options.webPreferences as { preload: string };
    expect(prefs.preload.replace(/\\/g, '/')).toMatch(/\/preload\/index\.cjs$/);
    expect(prefs).toStrictEqual(buildWebPreferences(prefs.preload, true));
    expect(mainWindow.loadURL).toHaveBeenCalledExactlyOnceWith('app://fieldwork/index.html');
    expect(navigate(mainWindow.webContents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate(mainWindow.webContents, 'will-navigate', 'app://fieldwork/index.html')).toBe(false);
    expect(navigate(mainWindow.webContents, 'will-navigate', 'http://localhost:5173/')).toBe(true);
  });

  it('opens no external links from the main window (empty host list)', () => {
    fake.shell.openExternal.mockClear();
    expect(mainWindow.webContents.windowOpenHandler!({ url: 'https://docs.example.com/' })).toStrictEqual({ action: 'deny' });
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('hardens every web contents created later (web-contents-created)', () => {
    const contents = new fake.FakeWebContents();
    fake.app.emit('web-contents-created', {}, contents);
    expect(navigate(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate(contents, 'will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'app://fieldwork/index.html')).toBe(false);
    const event = preventable();
    contents.handlers('will-attach-webview')[0]!(event, {}, {});
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toStrictEqual({ action: 'deny' });
  });

  it('serves app:// through the traversal-safe resolver with the production CSP header', async () => {
    const handler = fake.protocolHandlers.get('app')!;
    expect(handler).toBeTypeOf('function');
    fake.net.fetch.mockClear();
    for (const url of [
      'app://fieldwork/..%2f..%2fpackage.json',
      'app://fieldwork/%2e%2e%2f%2e%2e%2fpackage.json',
      'app://evil/index.html',
      'app://fieldwork/index.html%00',
      'app://fieldwork/missing.js',
    ]) {
      const res = await handler({ url });
      expect(res.status, url).toBe(404);
    }
    expect(fake.net.fetch).not.toHaveBeenCalled();

    // rendererDir (mocked above to src/renderer, which has an index.html).
    const res = await handler({ url: 'app://fieldwork/' });
    expect(res.status).toBe(200);
    expect(fake.net.fetch).toHaveBeenCalledTimes(1);
    expect(String(fake.net.fetch.mock.calls[0]![0])).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(buildCsp({ mode: 'production' }));
  });

  it('a trusted workspaces.add reaches the service, pushes workspaces.changed, and never returns the key', async () => {
    const CANARY = 'ak_CANARY_7f3e9c1d2b';
    const seen: { url: string | undefined; key: string | string[] | undefined }[] = [];
    const server = createServer((req, res) => {
      seen.push({ url: req.url, key: req.headers['x-api-key'] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ balance: '10', trial_credits: 0 }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base_url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const add = fake.ipcHandlers.get('fieldwork:workspaces.add')!;
      mainWindow.webContents.send.mockClear();

      // Refused: nothing reaches the service and nothing is pushed.
      await expect(add({ senderFrame: { url: 'https://evil.example', parent: null } }, { name: 'Evil', base_url, api_key: CANARY })).resolves.toMatchObject({
        ok: false,
        error: { code: 'forbidden_sender' },
      });
      expect(seen).toHaveLength(0);
      expect(mainWindow.webContents.send).not.toHaveBeenCalled();

      const r = await add({ senderFrame: appFrame }, { name: 'Acme', base_url, api_key: CANARY });
      expect(r).toMatchObject({ ok: true, value: { name: 'Acme', base_url, key_storage: 'memory', is_demo: false } });
      expect(seen).toEqual([{ url: '/v1/credits', key: CANARY }]);
      expect(mainWindow.webContents.send).toHaveBeenCalledExactlyOnceWith(IPC_EVENT_CHANNEL, { name: 'workspaces.changed', payload: { reason: 'added' } });

      const listed = await fake.ipcHandlers.get('fieldwork:workspaces.list')!({ senderFrame: appFrame }, undefined);
      // Checklist 12: nothing the renderer receives carries the key.
      expect(JSON.stringify([r, listed, mainWindow.webContents.send.mock.calls])).not.toContain(CANARY);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('sets a native application menu whose commands reach the renderer as app.command', () => {
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
    type Item = { label?: string; role?: string; accelerator?: string; click?: () => void; submenu?: Item[] };
    const built = fake.Menu.setApplicationMenu.mock.calls[0]![0] as { template: Item[] };
    expect(fake.Menu.buildFromTemplate).toHaveBeenCalledWith(built.template);
    const flat = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flat(i.submenu ?? [])]);
    const items = flat(built.template);
    // Packaged: no devtools, and the page-reload role (Ctrl+R) is absent because Ctrl+R is Sync now.
    expect(items.map((i) => i.role)).not.toContain('toggleDevTools');
    expect(items.map((i) => i.role)).not.toContain('reload');
    expect(items.map((i) => i.role)).toEqual(expect.arrayContaining(['copy', 'paste', 'zoomIn', 'resetZoom', 'togglefullscreen', 'windowMenu', 'help']));
    mainWindow.webContents.send.mockClear();
    mainWindow.focus.mockClear();
    items.find((i) => i.label === 'Sync now')!.click!();
    expect(mainWindow.webContents.send).toHaveBeenCalledExactlyOnceWith(IPC_EVENT_CHANNEL, { name: 'app.command', payload: { command: 'sync' } });
    expect(mainWindow.focus).toHaveBeenCalled();
  });

  it('a second instance restores and focuses the first window', () => {
    mainWindow.focus.mockClear();
    mainWindow.isMinimized.mockReturnValueOnce(true);
    fake.app.emit('second-instance', {}, ['fieldwork'], '/');
    expect(mainWindow.restore).toHaveBeenCalledTimes(1);
    expect(mainWindow.focus).toHaveBeenCalledTimes(1);
  });

  it('restores the saved window size, position and maximised state, and saves it again on close', () => {
    expect(mainWindow.options).toMatchObject({ x: 100, y: 50, width: 1100, height: 700, minWidth: 900, minHeight: 600 });
    mainWindow.emit('ready-to-show');
    expect(mainWindow.maximize).toHaveBeenCalledTimes(1);
    expect(mainWindow.show).toHaveBeenCalled();
    mainWindow.getNormalBounds.mockReturnValue({ x: 40, y: 30, width: 1000, height: 650 });
    mainWindow.isMaximized.mockReturnValue(false);
    mainWindow.emit('move');
    mainWindow.emit('close');
    expect(JSON.parse(readFileSync(join(fake.app.state.userData, 'window-state.json'), 'utf8'))).toEqual({
      x: 40,
      y: 30,
      width: 1000,
      height: 650,
      maximized: false,
    });
  });

  it('logged refusals (JSON lines on stderr) name the channel but carry no payload', async () => {
    stderr.mockClear();
    await fake.ipcHandlers.get('fieldwork:workspaces.add')!(
      { senderFrame: { url: 'https://evil.example', parent: null } },
      { api_key: 'ak_CANARY_7f3e9c1d2b' },
    );
    const written = stderr.mock.calls.map((c) => String(c[0])).join('');
    expect(written).toContain('untrusted sender');
    expect(written).toContain('workspaces.add');
    expect(written).not.toContain('ak_CANARY_7f3e9c1d2b');
  });
});
