// Checklist items 1, 5, 6, 7, 8 and 9: the Electron-free security functions the shell wires up.
// Everything here is pure (or touches a temp dir only), so no Electron binary is needed.
import { describe, it, expect, vi, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PathLike } from 'node:fs';
import { buildWebPreferences } from '../../../../src/main/security/web-preferences';
import { buildCsp, type CspMode } from '../../../../src/main/security/csp';
import { APP_ORIGIN, guardNavigation, isAppUrl, isSafeExternalUrl, windowOpenHandler } from '../../../../src/main/security/navigation';
import { devicePermissionHandler, permissionCheckHandler, permissionRequestHandler } from '../../../../src/main/security/permissions';
import { isTrustedSender, originOf, type FrameLike } from '../../../../src/main/security/sender';
import { resolveAppAsset } from '../../../../src/main/security/app-protocol';
import { electronSqliteBindingPath, findElectronSqliteBinding } from '../../../../src/main/native/sqlite-binding';
import { seededRandom } from '../../../support/random';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ORIGINS = ['app://fieldwork'] as const;
const DEV_ORIGIN = 'http://localhost:5173';

describe('buildWebPreferences (checklist 1)', () => {
  it('returns exactly the locked-down preferences for a packaged app', () => {
    expect(buildWebPreferences('/p/preload.cjs', true)).toStrictEqual({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
      devTools: false,
    });
  });

  it('enables devTools only when not packaged, and nothing else changes', () => {
    const dev = buildWebPreferences('/p/preload.cjs', false);
    const prod = buildWebPreferences('/p/preload.cjs', true);
    expect(dev.devTools).toBe(true);
    expect({ ...dev, devTools: false }).toStrictEqual(prod);
  });

  it('never enables Blink features or a partition that could be shared', () => {
    const prefs = buildWebPreferences('/x', true) as Record<string, unknown>;
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('partition');
    expect(prefs).not.toHaveProperty('additionalArguments');
  });
});

/** Parses a CSP string into directive → sources; duplicate directives fail the test. */
function parseCsp(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) continue;
    const [name, ...values] = tokens as [string, ...string[]];
    expect(map.has(name.toLowerCase()), `duplicate directive ${name}`).toBe(false);
    map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('buildCsp (checklist 8)', () => {
  const modes: CspMode[] = ['production', 'test-host', 'development'];

  it("production: default-src none, script-src self only, no unsafe-*, fetch only from main's media protocol, everything else closed", () => {
    const csp = buildCsp({ mode: 'production' });
    const d = parseCsp(csp);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    // Only main's media protocol: a frame-exact cut reads the saved video's bytes in the page.
    expect(d.get('connect-src')).toEqual(['fieldwork-media:']);
    expect(d.get('form-action')).toEqual(["'none'"]);
    expect(d.get('frame-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-/i);
    expect(csp).not.toContain('localhost');
    expect(csp).not.toMatch(/\bws:|\bhttps?:|\*/);
  });

  it('the meta form omits frame-ancestors (ignored in <meta>) but is otherwise identical', () => {
    const meta = parseCsp(buildCsp({ mode: 'production', forMeta: true }));
    const header = parseCsp(buildCsp({ mode: 'production' }));
    expect(meta.has('frame-ancestors')).toBe(false);
    header.delete('frame-ancestors');
    expect(meta).toEqual(header);
  });

  it('test-host: connect-src self (the same-origin IPC bridge) and still no unsafe-*', () => {
    const csp = buildCsp({ mode: 'test-host' });
    const d = parseCsp(csp);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-/i);
  });

  it('only development mode allows the dev server origin and its websocket', () => {
    const origin = 'http://localhost:5999';
    for (const mode of modes) {
      const csp = buildCsp({ mode, devServerOrigin: origin });
      const d = parseCsp(csp);
      if (mode === 'development') {
        expect(d.get('script-src')).toContain(origin);
        expect(d.get('connect-src')).toEqual(expect.arrayContaining([origin, 'ws://localhost:5999']));
      } else {
        expect(csp, mode).not.toContain('localhost');
        expect(csp, mode).not.toMatch(/unsafe-/i);
      }
    }
  });

  it('no mode ever allows unsafe-eval or remote objects', () => {
    for (const mode of modes) {
      for (const forMeta of [false, true]) {
        const csp = buildCsp({ mode, forMeta });
        expect(csp).not.toContain('unsafe-eval');
        expect(parseCsp(csp).get('object-src')).toEqual(["'none'"]);
        expect(parseCsp(csp).get('default-src')).toEqual(["'none'"]);
      }
    }
  });

  it('the built out/renderer/index.html carries exactly the production meta CSP', (ctx) => {
    const file = join(REPO_ROOT, 'out', 'renderer', 'index.html');
    if (!existsSync(file)) {
      console.warn(`skipping: ${file} does not exist (run npm run build first)`);
      ctx.skip();
      return;
    }
    const html = readFileSync(file, 'utf8');
    const metas = [...html.matchAll(/<meta\s+http-equiv=["']Content-Security-Policy["']\s+content="([^"]*)"/gi)];
    expect(metas).toHaveLength(1);
    expect(metas[0]![1]).toBe(buildCsp({ mode: 'production', forMeta: true }));
  });
});

describe('navigation guard (checklist 5)', () => {
  const allowed = ['app://fieldwork/index.html', 'app://fieldwork/', 'app://fieldwork/assets/index.js?x=1#frag'];
  const blocked = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'file:///etc/passwd',
    'file:///C:/x.html',
    'data:text/html,x',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'https://app.example.com.evil',
    'APP://FIELDWORK.evil/',
    'https://a@b.com',
    'app://fieldwork@evil.example/',
    'app://user:pw@fieldwork/index.html',
    'app://fieldwork.evil/',
    'app://evil/index.html',
    'app://fіeldwork/', // Cyrillic і
    'app://xn--feldwork-zsg/',
    'https://fіeldwork/', // IDN lookalike on https
    'https://xn--pp-6kc.example.com/',
    'about:blank',
    'about:srcdoc',
    'http://fieldwork/',
    'https://fieldwork/',
    'blob:app://fieldwork/1234',
    'not a url',
    '',
  ];

  it.each(allowed)('allows %s', (url) => {
    expect(isAppUrl(url, ORIGINS)).toBe(true);
    const event = { preventDefault: vi.fn() };
    guardNavigation(event, url, ORIGINS);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it.each(blocked)('blocks %j', (url) => {
    expect(isAppUrl(url, ORIGINS)).toBe(false);
    const event = { preventDefault: vi.fn() };
    guardNavigation(event, url, ORIGINS);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });

  it('the dev server origin is allowed only when it is in the list', () => {
    expect(isAppUrl(`${DEV_ORIGIN}/index.html`, ORIGINS)).toBe(false);
    expect(isAppUrl(`${DEV_ORIGIN}/index.html`, [...ORIGINS, DEV_ORIGIN])).toBe(true);
    expect(isAppUrl('http://localhost:5174/', [...ORIGINS, DEV_ORIGIN])).toBe(false);
  });

  it('an empty allow list blocks even the app', () => {
    expect(isAppUrl('app://fieldwork/index.html', [])).toBe(false);
  });

  it('APP_ORIGIN is the allowed origin the shell uses', () => {
    expect(APP_ORIGIN).toBe('app://fieldwork');
  });
});

describe('external links (checklist 5, 6)', () => {
  const hosts = ['docs.example.com'];
  const safe = ['https://docs.example.com/guide', 'https://DOCS.example.com/a?b=c#d', 'https://docs.example.com:443/x'];
  const unsafe = [
    'http://docs.example.com/guide',
    'smb://docs.example.com/share',
    '\\\\docs.example.com\\share',
    'ms-msdt:/id PCWDiagnostic /skip force',
    'ms-msdt://docs.example.com',
    'mailto:someone@docs.example.com',
    'file:///etc/passwd',
    'file://docs.example.com/x',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://docs.example.com@evil.example/',
    'https://evil.example@docs.example.com/',
    'https://user:pw@docs.example.com/',
    'https://docs.example.com.evil.example/',
    'https://evil.example/?docs.example.com',
    'https://evil.example/docs.example.com',
    'https://dоcs.example.com/', // Cyrillic о
    'https://docs.example.com./',
    'https://example.com/',
    'ftp://docs.example.com/',
    'app://fieldwork/index.html',
    'about:blank',
    '',
    'garbage',
  ];

  it.each(safe)('%s opens in the system browser, and the window is still denied', (url) => {
    expect(isSafeExternalUrl(url, hosts)).toBe(true);
    const open = vi.fn();
    expect(windowOpenHandler(url, hosts, open)).toStrictEqual({ action: 'deny' });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(url);
  });

  it.each(unsafe)('%j never reaches openExternal, and the window is denied', (url) => {
    expect(isSafeExternalUrl(url, hosts)).toBe(false);
    const open = vi.fn();
    expect(windowOpenHandler(url, hosts, open)).toStrictEqual({ action: 'deny' });
    expect(open).not.toHaveBeenCalled();
  });

  it('with an empty allow list nothing opens, even https', () => {
    const open = vi.fn();
    expect(windowOpenHandler('https://docs.example.com/', [], open)).toStrictEqual({ action: 'deny' });
    expect(open).not.toHaveBeenCalled();
  });
});

describe('permissions (checklist 7)', () => {
  const appUrl = 'app://fieldwork/index.html';
  const denied = [
    'media',
    'geolocation',
    'notifications',
    'display-capture',
    'clipboard-read',
    'clipboard-sanitized-write',
    'midi',
    'midiSysex',
    'pointerLock',
    'keyboardLock',
    'openExternal',
    'window-management',
    'idle-detection',
    'storage-access',
    'top-level-storage-access',
    'fileSystem',
    'hid',
    'serial',
    'usb',
    'speaker-selection',
    'unknown',
    '',
  ];

  it.each(denied)('request %j is denied, even for the app page', (permission) => {
    const handler = permissionRequestHandler(ORIGINS);
    for (const details of [{ requestingUrl: appUrl, mediaTypes: ['audio', 'video'] }, { requestingUrl: 'https://evil.example/' }, {}, undefined]) {
      const cb = vi.fn();
      handler({}, permission, cb, details);
      expect(cb).toHaveBeenCalledTimes(1);
      expect(cb).toHaveBeenCalledWith(false);
    }
  });

  it.each(denied)('check %j is denied, even for the app origin', (permission) => {
    const check = permissionCheckHandler(ORIGINS);
    expect(check({}, permission, 'app://fieldwork')).toBe(false);
    expect(check({}, permission, appUrl)).toBe(false);
    expect(check({}, permission, 'https://evil.example')).toBe(false);
  });

  it('fullscreen is granted only to the app page', () => {
    const handler = permissionRequestHandler(ORIGINS);
    const grant = (details?: { requestingUrl?: string }) => {
      const cb = vi.fn();
      handler({}, 'fullscreen', cb, details);
      expect(cb).toHaveBeenCalledTimes(1);
      return cb.mock.calls[0]![0] as boolean;
    };
    expect(grant({ requestingUrl: appUrl })).toBe(true);
    expect(grant({ requestingUrl: 'https://evil.example/' })).toBe(false);
    expect(grant({ requestingUrl: 'file:///tmp/x.html' })).toBe(false);
    expect(grant({ requestingUrl: 'app://fieldwork.evil/' })).toBe(false);
    expect(grant({})).toBe(false);
    expect(grant(undefined)).toBe(false);

    const check = permissionCheckHandler(ORIGINS);
    expect(check({}, 'fullscreen', 'app://fieldwork')).toBe(true);
    expect(check({}, 'fullscreen', 'https://evil.example')).toBe(false);
    expect(check({}, 'fullscreen', '')).toBe(false);
  });

  it('device permissions are always refused', () => {
    expect(devicePermissionHandler()).toBe(false);
  });
});

describe('isTrustedSender (checklist 3)', () => {
  const top = (url: string): FrameLike => ({ url, parent: null });

  it('accepts the top frame at the app origin', () => {
    expect(isTrustedSender(top('app://fieldwork/index.html'), ORIGINS)).toBe(true);
    expect(isTrustedSender(top('app://fieldwork/'), ORIGINS)).toBe(true);
  });

  it.each<[string, FrameLike | null | undefined]>([
    ['null frame', null],
    ['undefined frame', undefined],
    ['subframe at the app origin', { url: 'app://fieldwork/index.html', parent: top('app://fieldwork/index.html') }],
    ['subframe of an evil page', { url: 'app://fieldwork/index.html', parent: top('https://evil.example') }],
    ['evil https origin', top('https://evil.example')],
    ['file: on Windows', top('file:///C:/x.html')],
    ['file: on Linux', top('file:///tmp/x.html')],
    ['data: URL', top('data:text/html,<script>1</script>')],
    ['userinfo on the app origin', top('app://user@fieldwork/index.html')],
    ['userinfo with password', top('app://u:p@fieldwork/index.html')],
    ['about:blank', top('about:blank')],
    ['javascript:', top('javascript:alert(1)')],
    ['lookalike host', top('app://fieldwork.evil/index.html')],
    ['empty url', top('')],
    ['dev origin when not listed', top(`${DEV_ORIGIN}/`)],
  ])('rejects %s', (_label, frame) => {
    expect(isTrustedSender(frame, ORIGINS)).toBe(false);
  });

  it('accepts the dev origin only when it is listed', () => {
    const frame = top(`${DEV_ORIGIN}/index.html`);
    expect(isTrustedSender(frame, ORIGINS)).toBe(false);
    expect(isTrustedSender(frame, [...ORIGINS, DEV_ORIGIN])).toBe(true);
    expect(isTrustedSender(top('http://localhost:5174/'), [...ORIGINS, DEV_ORIGIN])).toBe(false);
  });

  it('originOf refuses userinfo and origin-less schemes', () => {
    expect(originOf('app://fieldwork/x')).toBe('app://fieldwork');
    expect(originOf('https://a@b.com/')).toBeNull();
    expect(originOf('file:///x')).toBeNull();
    expect(originOf('data:,x')).toBeNull();
    expect(originOf('about:blank')).toBeNull();
    expect(originOf('::nope')).toBeNull();
  });
});

describe('resolveAppAsset (checklist 9)', () => {
  let base: string;
  let root: string;

  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'fieldwork-asset-'));
    root = join(base, 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(root, 'assets', 'a.js'), 'console.log(1)');
    writeFileSync(join(root, 'assets', 'b.css'), 'body{}');
    writeFileSync(join(root, 'assets', 'blob.bin'), 'x');
    writeFileSync(join(base, 'secret.txt'), 'TOP SECRET');
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(base, 'outside', 'x.js'), 'evil()');
    symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'escape.js'));
    symlinkSync(join(base, 'outside'), join(root, 'linkdir'));
    symlinkSync(join(root, 'assets', 'a.js'), join(root, 'inner-link.js'));
  });

  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('serves app://fieldwork/ and app://fieldwork as index.html', () => {
    for (const url of ['app://fieldwork/', 'app://fieldwork', 'app://fieldwork/index.html', 'app://fieldwork/index.html?v=1#x']) {
      const r = resolveAppAsset(root, url);
      expect(r, url).not.toBeNull();
      expect(readFileSync(r!.path, 'utf8')).toBe('<!doctype html><title>app</title>');
      expect(r!.contentType).toBe('text/html; charset=utf-8');
    }
  });

  it('serves assets by path with the right content types', () => {
    const js = resolveAppAsset(root, 'app://fieldwork/assets/a.js');
    expect(js).not.toBeNull();
    expect(readFileSync(js!.path, 'utf8')).toBe('console.log(1)');
    expect(js!.contentType).toBe('text/javascript; charset=utf-8');
    expect(resolveAppAsset(root, 'app://fieldwork/assets/b.css')?.contentType).toBe('text/css; charset=utf-8');
    expect(resolveAppAsset(root, 'app://fieldwork/assets/blob.bin')?.contentType).toBe('application/octet-stream');
    expect(resolveAppAsset(root, 'app://fieldwork/assets/missing.js')).toBeNull();
  });

  it('follows a symlink that stays inside the root', () => {
    const r = resolveAppAsset(root, 'app://fieldwork/inner-link.js');
    expect(r).not.toBeNull();
    expect(readFileSync(r!.path, 'utf8')).toBe('console.log(1)');
  });

  it.each([
    'app://fieldwork/..%2fsecret.txt',
    'app://fieldwork/assets/..%2f..%2fsecret.txt',
    'app://fieldwork/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    'app://fieldwork/%2e%2e/secret.txt',
    'app://fieldwork/%2e%2e%2fsecret.txt',
    'app://fieldwork/%2E%2E%2Fsecret.txt',
    'app://fieldwork/assets/%2e%2e/%2e%2e/secret.txt',
    'app://fieldwork/../secret.txt',
    'app://fieldwork/index.html%00.js',
    'app://fieldwork/%00',
    'app://fieldwork/assets/a.js%00',
    'app://fieldwork/..\\secret.txt',
    'app://fieldwork/assets\\a.js',
    'app://fieldwork/..%5csecret.txt',
    'app://fieldwork/assets%5Ca.js',
    'app://evil/index.html',
    'app://fieldwork.evil/index.html',
    'app://FIELDWORK.evil/index.html',
    'app://user@fieldwork.evil/index.html',
    'app:///index.html',
    'app:/index.html',
    'app:index.html',
    'file:///etc/passwd',
    'https://fieldwork/index.html',
    'http://fieldwork/index.html',
    'fieldwork-media://fieldwork/index.html',
    'javascript:alert(1)',
    'app://fieldwork//etc/passwd',
    'app://fieldwork/%2fetc%2fpasswd',
    'app://fieldwork/%2F%2Fetc%2Fpasswd',
    'app://fieldwork/assets/escape.js',
    'app://fieldwork/linkdir/x.js',
    'app://fieldwork/%E0%A4%A',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(resolveAppAsset(root, url)).toBeNull();
  });

  it('refuses an absolute path to an existing file outside the root', () => {
    const abs = join(base, 'secret.txt');
    expect(resolveAppAsset(root, `app://fieldwork${abs}`)).toBeNull();
    expect(resolveAppAsset(root, `app://fieldwork/${encodeURIComponent(abs)}`)).toBeNull();
  });

  it('never returns a path outside the real root, whatever the URL', () => {
    const rootReal = resolveAppAsset(root, 'app://fieldwork/index.html')!.path.replace(/index\.html$/, '');
    const pieces = ['..', '%2e%2e', '%2f', '%5c', 'assets', 'linkdir', 'escape.js', 'secret.txt', 'x.js', 'outside', '.', '/', '%00', 'a.js'];
    const next = seededRandom(42).unit;
    for (let i = 0; i < 500; i++) {
      const n = 1 + Math.floor(next() * 6);
      const segs = Array.from({ length: n }, () => pieces[Math.floor(next() * pieces.length)]!);
      const url = `app://fieldwork/${segs.join('/')}`;
      const r = resolveAppAsset(root, url);
      if (r) {
        expect(r.path.startsWith(rootReal), url).toBe(true);
        if (statSync(r.path).isFile()) expect(readFileSync(r.path, 'utf8'), url).not.toMatch(/TOP SECRET|evil\(\)/);
      }
    }
  });

  // The doc comment promises "a file inside the built renderer, or null". A directory is not a file:
  // net.fetch() of a file:// directory would hand back a listing (or an error) under app://.
  it('refuses directories (only files are served)', () => {
    for (const url of ['app://fieldwork/assets', 'app://fieldwork/assets/', 'app://fieldwork/assets/..%2fassets/']) {
      expect(resolveAppAsset(root, url), url).toBeNull();
    }
  });

  it('returns null when the root does not exist', () => {
    expect(resolveAppAsset(join(base, 'nope'), 'app://fieldwork/index.html')).toBeNull();
  });
});

describe('findElectronSqliteBinding', () => {
  const appRoot = '/repo';
  const expected = electronSqliteBindingPath(appRoot, '45.4.1');

  it('builds the per-ABI path beside node_modules', () => {
    expect(expected).toBe(join('/repo', 'node_modules', '.fieldwork-native', 'electron-45.4.1', 'better_sqlite3.node'));
  });

  it('is undefined when packaged, even if the file exists', () => {
    const exists = vi.fn(() => true);
    expect(findElectronSqliteBinding(appRoot, '45.4.1', true, exists)).toBeUndefined();
  });

  it('is undefined without an Electron version (plain Node)', () => {
    const exists = vi.fn(() => true);
    expect(findElectronSqliteBinding(appRoot, undefined, false, exists)).toBeUndefined();
    expect(findElectronSqliteBinding(appRoot, '', false, exists)).toBeUndefined();
  });

  it('returns the per-ABI path only when it exists', () => {
    const exists = vi.fn((p: PathLike) => p === expected);
    expect(findElectronSqliteBinding(appRoot, '45.4.1', false, exists)).toBe(expected);
    expect(exists).toHaveBeenCalledWith(expected);
    expect(findElectronSqliteBinding(appRoot, '44.0.0', false, exists)).toBeUndefined();
    expect(findElectronSqliteBinding(appRoot, '45.4.1', false, () => false)).toBeUndefined();
  });
});
