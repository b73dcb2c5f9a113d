import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserWindow, dialog, shell, type WebContents } from 'electron';
import { buildWebPreferences } from '../security/web-preferences';
import { guardNavigation, windowOpenHandler } from '../security/navigation';
import { DEFAULT_WINDOW, MIN_WINDOW, stateOf, type WindowState, type WindowStateSaver } from './window-state';

export type WindowOptions = {
  preloadPath: string;
  isPackaged: boolean;
  url: string;
  allowedOrigins: readonly string[];
  externalHosts: () => readonly string[];
  /** The restored size and position (already fitted to the displays); defaults otherwise. */
  state?: WindowState;
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
  const state = opts.state ?? DEFAULT_WINDOW;
  const win = new BrowserWindow({
    width: state.width,
    height: state.height,
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    show: false,
    title: 'Fieldwork',
    backgroundColor: '#f6f7f9',
    webPreferences: buildWebPreferences(opts.preloadPath, opts.isPackaged),
  });
  hardenContents(win.webContents, opts);
  askBeforeLosingEdits(win);
  win.once('ready-to-show', () => {
    if (state.maximized) win.maximize();
    win.show();
  });
  void win.loadURL(opts.url);
  return win;
}

/** The question asked when the page holds an edit it could not keep as a draft (see renderer lib/use-draft). */
export const UNKEPT_EDIT_QUESTION = {
  type: 'warning',
  buttons: ['Keep editing', 'Close and lose it'],
  defaultId: 0,
  cancelId: 0,
  message: 'An unsaved edit could not be kept on this computer',
  detail: 'Edits are normally kept as drafts, so closing is safe; this one could not be stored (storage full or off). Save it first, or close and lose it.',
} as const;

/**
 * Drafts are kept as they are typed, so the page only holds up closing (beforeunload) when one could not
 * be stored. Electron would then silently refuse to close; ask instead, and close if the researcher says so.
 */
export function askBeforeLosingEdits(win: BrowserWindow): void {
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, { ...UNKEPT_EDIT_QUESTION, buttons: [...UNKEPT_EDIT_QUESTION.buttons] });
    // preventDefault here overrides the page's beforeunload: the window closes.
    if (choice === 1) event.preventDefault();
  });
}

/** Saves the window's normal bounds as it is moved, resized or maximised, and once more when it closes. */
export function trackWindowState(win: BrowserWindow, saver: WindowStateSaver): void {
  const save = () => {
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    saver.schedule(stateOf(win.getNormalBounds(), win.isMaximized()));
  };
  for (const name of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(name as 'resize', save);
  win.on('close', () => {
    save();
    saver.flush();
  });
}

/**
 * Electron's printToPDF for the report export: the self-contained report HTML in a hidden, sandboxed
 * window with JavaScript off, read from a temporary file (data: URLs fail on long reports).
 */
export async function printHtmlToPdf(html: string, signal?: AbortSignal): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwork-print-'));
  const win = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, webSecurity: true, spellcheck: false },
  });
  const abort = () => win.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const file = join(dir, 'report.html');
    writeFileSync(file, html);
    await win.loadFile(file);
    const pdf = await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
    return new Uint8Array(pdf);
  } finally {
    signal?.removeEventListener('abort', abort);
    if (!win.isDestroyed()) win.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
