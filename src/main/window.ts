import { BrowserWindow, shell, type WebContents } from 'electron';
import { buildWebPreferences } from './security/web-preferences';
import { guardNavigation, windowOpenHandler } from './security/navigation';

export type WindowOptions = {
  preloadPath: string;
  isPackaged: boolean;
  url: string;
  allowedOrigins: readonly string[];
  externalHosts: () => readonly string[];
};

/** Locks down any web contents: no navigation away, no new windows, no <webview>. */
export function hardenContents(contents: WebContents, opts: Pick<WindowOptions, 'allowedOrigins' | 'externalHosts'>): void {
  contents.on('will-navigate', (event, url) => guardNavigation(event, url, opts.allowedOrigins));
  contents.on('will-frame-navigate', (event) => guardNavigation(event, event.url, opts.allowedOrigins));
  contents.on('will-redirect', (event, url) => guardNavigation(event, url, opts.allowedOrigins));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => windowOpenHandler(url, opts.externalHosts(), (u) => void shell.openExternal(u)));
}

export function createMainWindow(opts: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Fieldwork',
    backgroundColor: '#f6f7f9',
    webPreferences: buildWebPreferences(opts.preloadPath, opts.isPackaged),
  });
  hardenContents(win.webContents, opts);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.url);
  return win;
}
