import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';
import { app, clipboard, dialog, ipcMain, Menu, net, Notification, protocol, screen, session, shell } from 'electron';
import { channelNames, IPC_EVENT_CHANNEL } from '../../shared/ipc/contract';
import { createCore, type Core } from '../core';
import { registerFilesChannel, registerIpc, type IpcMainLike } from '../ipc/registrar';
import { createLogger, stderrSink } from '../logging/logger';
import { installProcessGuard } from '../logging/process-guard';
import { findElectronSqliteBinding } from '../native/sqlite-binding';
import { resolveAppAsset } from '../security/app-protocol';
import { buildCsp } from '../security/csp';
import { APP_ORIGIN, APP_SCHEME } from '../security/navigation';
import { devicePermissionHandler, permissionCheckHandler, permissionRequestHandler } from '../security/permissions';
import { openSecretStore } from '../secrets/keytar-store';
import { bundlePaths } from './bundle-paths';
import { buildMenuTemplate } from './menu';
import { createMainWindow, hardenContents, printHtmlToPdf, trackWindowState } from './window';
import { createWindowStateSaver, loadWindowState } from './window-state';
import cacheWorkerPath from '../cache/worker-entry?modulePath';
import { MEDIA_SCHEME } from '../security/csp';

/**
 * The composition root and the only Electron-facing file besides window.ts. Everything it wires is
 * Electron-free (core.ts and friends) and tested under Node; this file only connects it to Electron.
 */
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  // Videos reach the renderer through main: from disk, or streamed from the signed link with Range.
  { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);
app.enableSandbox();

const devServer = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const allowedOrigins = devServer ? [APP_ORIGIN, new URL(devServer).origin] : [APP_ORIGIN];
const log = createLogger(stderrSink);
installProcessGuard(log);
let core: Core | null = null;
let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) app.quit();

app.on('second-instance', () => {
  if (mainWindow?.isMinimized()) mainWindow.restore();
  mainWindow?.focus();
});

app.on('web-contents-created', (_event, contents) => hardenContents(contents, { allowedOrigins, externalHosts: () => [] }));

/** The default session grants only what the app's own pages may ask for. */
function lockSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler(permissionRequestHandler(allowedOrigins));
  ses.setPermissionCheckHandler(permissionCheckHandler(allowedOrigins));
  ses.setDevicePermissionHandler(devicePermissionHandler);
}

/** app:// serves the bundled renderer, with the CSP on every answer. */
function serveApp(rendererDir: string): void {
  const csp = buildCsp({ mode: devServer ? 'development' : 'production', ...(devServer ? { devServerOrigin: new URL(devServer).origin } : {}) });
  protocol.handle(APP_SCHEME, async (request) => {
    const asset = resolveAppAsset(rendererDir, request.url);
    if (!asset) return new Response('Not found', { status: 404 });
    const file = await net.fetch(pathToFileURL(asset.path).toString());
    return new Response(file.body, {
      status: 200,
      headers: { 'content-type': asset.contentType, 'content-security-policy': csp, 'x-content-type-options': 'nosniff' },
    });
  });
}

/** What the core may ask of the desktop: the clipboard, notifications, the file manager, folders, PDF printing. */
function desktopBridge(): NonNullable<Parameters<typeof createCore>[0]['desktop']> {
  return {
    writeClipboard: (text) => clipboard.writeText(text),
    // Only when the researcher is looking elsewhere; in the window, the renderer shows a toast.
    notify: (n) => {
      if (Notification.isSupported() && !mainWindow?.isFocused()) new Notification({ title: n.title, body: n.body }).show();
    },
    // The handler has already checked the path is inside a folder Fieldwork exported to.
    showInFolder: (path) => shell.showItemInFolder(path),
    chooseFolder: async ({ title, defaultPath }) => {
      const options = {
        title,
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
        ...(defaultPath ? { defaultPath } : {}),
      };
      const r = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    printToPdf: (html, signal) => printHtmlToPdf(html, signal),
  };
}

/** The Electron-free core, on the keychain (or a warning why not) and Electron's own SQLite binding. */
async function startCore(): Promise<Core> {
  const appRoot = app.getAppPath();
  const secrets = await openSecretStore(undefined, undefined, (reason) => log.warn('no usable keychain', { reason }));
  if (secrets.warning) log.warn(secrets.warning);
  return createCore({
    nativeMenu: true,
    dataDir: app.getPath('userData'),
    mediaDir: app.isPackaged ? join(process.resourcesPath, 'sample-media') : join(appRoot, 'resources', 'sample-media'),
    secrets,
    log,
    version: app.getVersion(),
    platform: process.platform,
    sqliteBinding: findElectronSqliteBinding(appRoot, process.versions.electron, app.isPackaged),
    cacheWorker: { path: cacheWorkerPath },
    mediaUrl: (w, i) => `${MEDIA_SCHEME}://video/${encodeURIComponent(w)}/${encodeURIComponent(i)}`,
    desktop: desktopBridge(),
  });
}

/** The media scheme: saved videos from disk, or streamed from the signed link with Range. */
function serveMedia(mediaCore: Core): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const url = new URL(request.url);
    try {
      const m = await mediaCore.serveMedia(`${url.hostname}${url.pathname}`, request.headers.get('range') ?? undefined);
      return new Response(m.body ? (Readable.toWeb(m.body) as ReadableStream) : null, { status: m.status, headers: m.headers });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

/** The renderer's requests reach the core through IPC; the core's events reach the window. */
function connectIpc(ipcCore: Core): void {
  registerIpc(ipcMain as unknown as IpcMainLike, channelNames, ipcCore.dispatch, () => allowedOrigins, log);
  registerFilesChannel(
    ipcMain as unknown as IpcMainLike,
    (path) => core!.pickedFiles.register(path),
    () => allowedOrigins,
    log,
  );
  ipcCore.events.subscribe((event) => mainWindow?.webContents.send(IPC_EVENT_CHANNEL, event));
}

/** The native menu; its commands bring the window forward and reach the renderer as app.command. */
function installMenu(menuCore: Core): void {
  const template = buildMenuTemplate({
    isPackaged: app.isPackaged,
    platform: process.platform,
    appName: 'Fieldwork',
    command: (command) => {
      if (mainWindow?.isMinimized()) mainWindow.restore();
      mainWindow?.focus();
      menuCore.events.emit('app.command', { command });
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template as MenuItemConstructorOptions[]));
}

/** The main window, where it was last left, its position saved as it moves. */
function openMainWindow(preload: string): void {
  const stateFile = join(app.getPath('userData'), 'window-state.json');
  const windowState = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  mainWindow = createMainWindow({
    state: windowState,
    preloadPath: preload,
    isPackaged: app.isPackaged,
    url: devServer ?? `${APP_ORIGIN}/index.html`,
    allowedOrigins,
    externalHosts: () => [],
  });
  trackWindowState(mainWindow, createWindowStateSaver(stateFile, { onError: (e) => log.warn('could not save the window position', { error: e }) }));
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

app
  .whenReady()
  .then(async () => {
    lockSession();
    const { rendererDir, preload } = bundlePaths(__dirname);
    serveApp(rendererDir);
    const started = await startCore();
    core = started;
    serveMedia(started);
    connectIpc(started);
    installMenu(started);
    openMainWindow(preload);
  })
  .catch((e: unknown) => {
    // Without this the window would never open and nothing would say why.
    log.error('Fieldwork could not start', { error: e });
    dialog.showErrorBox(
      'Fieldwork could not start',
      'Something went wrong while opening Fieldwork. Quit and open it again; if it keeps happening, the log says what failed.',
    );
    app.quit();
  });

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', () => {
  void core?.close();
});
