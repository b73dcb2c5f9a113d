// Desktop conventions without Electron: the notification gate, the native menu template, the window-state
// file and the "Show in folder" guard. The notices themselves are tested in test/unit/main/jobs/notices.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../../src/main/core';
import { allowedExportPath, ExportFolders } from '../../../../src/main/desktop/export-folders';
import { createNotifier } from '../../../../src/main/desktop/notifier';
import { manualTimers } from '../../../support/fake-timers';
import { createMemoryDesktop } from '../../../../src/main/desktop/ports';
import { silentLogger } from '../../../../src/main/logging/logger';
import { acceleratorsOf, buildMenuTemplate, type MenuItem } from '../../../../src/main/shell/menu';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import { clampToDisplays, createWindowStateSaver, loadWindowState, readWindowState, stateOf } from '../../../../src/main/shell/window-state';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fw-desktop-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createNotifier', () => {
  it('sends only while notifications are on', () => {
    const desktop = createMemoryDesktop();
    let on = true;
    const n = createNotifier({ desktop, enabled: () => on });
    expect(n.notify({ title: 'Report ready', body: 'Meal-kit churn' })).toBe(true);
    on = false;
    expect(n.notify({ title: 'Report ready', body: 'Again' })).toBe(false);
    expect(desktop.notifications).toEqual([{ title: 'Report ready', body: 'Meal-kit churn' }]);
  });
});

describe('the core wires completed-interview notifications to the Notifications setting', () => {
  let core: Core;
  const desktop = createMemoryDesktop();
  beforeAll(() => {
    core = createCore({
      dataDir: join(dir, 'core'),
      mediaDir: dir,
      secrets: createMemoryStore(null),
      log: silentLogger,
      version: 't',
      platform: 'linux',
      desktop,
      webhooks: false,
    });
  });
  afterAll(() => core.close());

  it('notifies when on, stays quiet when off', async () => {
    // An unknown workspace: the title lookup fails and the notice says "Untitled study" rather than nothing.
    core.events.emit('interviews.completed', { workspace_id: 'nope', project_id: 'p', count: 2 });
    core.events.emit('sync.finished', { workspace_id: 'nope', ok: true, message: null, offline: false });
    await vi.waitFor(() => expect(desktop.notifications).toEqual([{ title: '2 new interviews completed', body: 'Untitled study' }]));
    await core.call('settings.set', { notifications: false });
    core.events.emit('interviews.completed', { workspace_id: 'nope', project_id: 'p', count: 1 });
    core.events.emit('sync.finished', { workspace_id: 'nope', ok: true, message: null, offline: false });
    // Notifications back on and a marker sync: had the quiet one leaked, there would be three notices.
    await core.call('settings.set', { notifications: true });
    core.events.emit('interviews.completed', { workspace_id: 'nope', project_id: 'p', count: 5 });
    core.events.emit('sync.finished', { workspace_id: 'nope', ok: true, message: null, offline: false });
    await vi.waitFor(() => expect(desktop.notifications).toHaveLength(2));
    expect(desktop.notifications[1]).toEqual({ title: '5 new interviews completed', body: 'Untitled study' });
  });

  it('app.showInFolder reveals only files inside a registered export folder', async () => {
    const exportDir = join(dir, 'exports');
    mkdirSync(exportDir, { recursive: true });
    const file = join(exportDir, 'report.csv');
    writeFileSync(file, 'x');
    const outside = join(dir, 'secret.txt');
    writeFileSync(outside, 'x');
    await expect(core.dispatch('app.showInFolder', { path: file })).resolves.toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    core.exports.remember(exportDir);
    await expect(core.dispatch('app.showInFolder', { path: file })).resolves.toMatchObject({ ok: true });
    await expect(core.dispatch('app.showInFolder', { path: outside })).resolves.toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    await expect(core.dispatch('app.showInFolder', { path: join(exportDir, '..', 'secret.txt') })).resolves.toMatchObject({ ok: false });
    expect(desktop.shownInFolder).toEqual([file]);
    // The registry survives a restart.
    expect(new ExportFolders(join(dir, 'core', 'export-folders.json')).list()).toEqual([exportDir]);
  });
});

describe('allowedExportPath', () => {
  let root: string;
  beforeAll(() => {
    root = join(dir, 'guard');
    mkdirSync(join(root, 'exports', 'sub'), { recursive: true });
    mkdirSync(join(root, 'exports-evil'), { recursive: true });
    writeFileSync(join(root, 'exports', 'sub', 'a.mp4'), '');
    writeFileSync(join(root, 'exports-evil', 'b.txt'), '');
    writeFileSync(join(root, 'outside.txt'), '');
    symlinkSync(join(root, 'outside.txt'), join(root, 'exports', 'link.txt'));
  });

  it('accepts files and folders inside an export folder', () => {
    const folders = [join(root, 'exports')];
    expect(allowedExportPath(join(root, 'exports', 'sub', 'a.mp4'), folders)).toBe(join(root, 'exports', 'sub', 'a.mp4'));
    expect(allowedExportPath(join(root, 'exports'), folders)).toBe(join(root, 'exports'));
  });

  it.each([
    ['a sibling whose name starts the same', 'exports-evil/b.txt'],
    ['a file outside', 'outside.txt'],
    ['a traversal', 'exports/../outside.txt'],
    ['a symlink pointing outside', 'exports/link.txt'],
    ['a missing file', 'exports/missing.txt'],
  ])('refuses %s', (_label, rel) => {
    expect(allowedExportPath(join(root, rel), [join(root, 'exports')])).toBeNull();
  });

  it('refuses relative, empty, NUL and UNC paths, and everything when no folder is registered', () => {
    const folders = [join(root, 'exports')];
    for (const p of ['exports/sub/a.mp4', '', `${join(root, 'exports')}\0/x`, '\\\\server\\share\\x', '//server/share/x'])
      expect(allowedExportPath(p, folders), JSON.stringify(p)).toBeNull();
    expect(allowedExportPath(join(root, 'exports', 'sub', 'a.mp4'), [])).toBeNull();
  });
});

describe('the application menu template', () => {
  const build = (o: { isPackaged?: boolean; platform?: string } = {}) => {
    const command = vi.fn();
    const template = buildMenuTemplate({ isPackaged: o.isPackaged ?? true, platform: o.platform ?? 'linux', appName: 'Fieldwork', command });
    return { template, command };
  };
  const flat = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((i) => ('submenu' in i ? [i, ...flat(i.submenu)] : [i]));
  const roles = (items: readonly MenuItem[]) => flat(items).flatMap((i) => ('role' in i && i.role ? [i.role] : []));
  const byLabel = (items: readonly MenuItem[], label: string) =>
    flat(items).find((i) => 'label' in i && i.label === label) as { click?: () => void; accelerator?: string } | undefined;

  it.each(['linux', 'win32', 'darwin'])('%s: has the standard edit, view, window and help roles', (platform) => {
    const { template } = build({ platform });
    const r = roles(template);
    for (const role of [
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
      'windowMenu',
      'minimize',
      'help',
      'about',
    ])
      expect(r, role).toContain(role);
  });

  it('the app commands send app.command with the brief shortcuts', () => {
    const { template, command } = build();
    const expected = [
      ['New study', 'CmdOrCtrl+N', 'new-study'],
      ['Sync now', 'CmdOrCtrl+R', 'sync'],
      ['Search…', 'CmdOrCtrl+K', 'search'],
      ['Export…', 'CmdOrCtrl+E', 'export'],
      ['Settings', 'CmdOrCtrl+,', 'settings'],
    ] as const;
    for (const [label, accelerator, cmd] of expected) {
      const item = byLabel(template, label);
      expect(item?.accelerator, label).toBe(accelerator);
      command.mockClear();
      item!.click!();
      expect(command).toHaveBeenCalledExactlyOnceWith(cmd);
    }
  });

  it.each([true, false])('packaged=%s: no accelerator is used twice and nothing but Sync now takes Ctrl+R', (isPackaged) => {
    for (const platform of ['linux', 'darwin']) {
      const { template } = build({ isPackaged, platform });
      const accs = acceleratorsOf(template).map((a) => a.accelerator);
      expect(new Set(accs).size, platform).toBe(accs.length);
      expect(acceleratorsOf(template).filter((a) => a.accelerator === 'CmdOrCtrl+R')).toEqual([{ accelerator: 'CmdOrCtrl+R', item: 'Sync now' }]);
      // The reload role's default accelerator is Ctrl+R: it must not be in the menu at all.
      expect(roles(template)).not.toContain('reload');
    }
  });

  it('devtools and force reload only in an unpackaged build', () => {
    expect(roles(build({ isPackaged: true }).template)).not.toContain('toggleDevTools');
    expect(roles(build({ isPackaged: true }).template)).not.toContain('forceReload');
    expect(roles(build({ isPackaged: false }).template)).toEqual(expect.arrayContaining(['toggleDevTools', 'forceReload']));
  });

  it('Help → Keyboard Shortcuts opens the shortcut sheet in the page; nothing in the menu opens a web address', () => {
    const { template, command } = build();
    byLabel(template, 'Keyboard Shortcuts')!.click!();
    expect(command).toHaveBeenCalledExactlyOnceWith('shortcuts');
  });
});

describe('window state', () => {
  const screen = { x: 0, y: 0, width: 1920, height: 1050 };
  const right = { x: 1920, y: 0, width: 1280, height: 760 };

  it('restores a saved position on a display that is still there', () => {
    expect(clampToDisplays({ x: 100, y: 80, width: 1200, height: 800, maximized: false }, [screen])).toEqual({
      x: 100,
      y: 80,
      width: 1200,
      height: 800,
      maximized: false,
    });
    expect(clampToDisplays({ x: 2000, y: 10, width: 1000, height: 700, maximized: true }, [screen, right])).toEqual({
      x: 2000,
      y: 10,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it('drops the position when its display is gone, so the OS centres the window', () => {
    expect(clampToDisplays({ x: 2000, y: 10, width: 1000, height: 700, maximized: false }, [screen])).toEqual({ width: 1000, height: 700, maximized: false });
    expect(clampToDisplays({ x: -5000, y: -5000, width: 1000, height: 700, maximized: false }, [screen])).toEqual({
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('shrinks a window bigger than the largest display and pulls a half-off window back on', () => {
    expect(clampToDisplays({ x: 0, y: 0, width: 4000, height: 3000, maximized: false }, [screen])).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1050,
      maximized: false,
    });
    expect(clampToDisplays({ x: 1500, y: 500, width: 1000, height: 800, maximized: false }, [screen])).toEqual({
      x: 920,
      y: 250,
      width: 1000,
      height: 800,
      maximized: false,
    });
  });

  it('without a saved file (or a broken one) starts from the defaults', () => {
    const file = join(dir, 'ws', 'window-state.json');
    expect(loadWindowState(file, [screen])).toEqual({ width: 1280, height: 820, maximized: false });
    mkdirSync(join(dir, 'ws'), { recursive: true });
    writeFileSync(file, '{not json');
    expect(readWindowState(file)).toBeNull();
    writeFileSync(file, JSON.stringify({ width: -1, height: 'x' }));
    expect(readWindowState(file)).toBeNull();
  });

  it('saves debounced, the last state wins, and flush writes at once', () => {
    const file = join(dir, 'ws2', 'window-state.json');
    const timers = manualTimers();
    const saver = createWindowStateSaver(file, { debounceMs: 500, timers });
    saver.schedule(stateOf({ x: 1, y: 2, width: 1000, height: 700 }, false));
    timers.advance(300);
    saver.schedule(stateOf({ x: 10.4, y: 20.6, width: 1100, height: 750 }, false));
    timers.advance(499);
    expect(readWindowState(file)).toBeNull();
    timers.advance(1);
    expect(readWindowState(file)).toEqual({ x: 10, y: 21, width: 1100, height: 750, maximized: false });
    saver.schedule(stateOf({ x: 0, y: 0, width: 1200, height: 800 }, true));
    saver.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 0, y: 0, width: 1200, height: 800, maximized: true });
    expect(loadWindowState(file, [screen])).toEqual({ x: 0, y: 0, width: 1200, height: 800, maximized: true });
  });
});
