import { chromiumPrintToPdf } from './chromium-pdf';

/**
 * What the core needs from the desktop around it. Electron supplies real ones in shell/app.ts; the test host
 * and the CLI supply these in-memory ones, which tests read back.
 */
export type DesktopPorts = {
  /** Writes plain text to the system clipboard (Electron's clipboard: no page permission needed). */
  /** Electron's answers with a promise; awaited, so a failed copy is reported instead of lost. */
  writeClipboard(text: string): void | Promise<void>;
  /** An OS notification; the shell decides whether to show it (for example only when unfocused). */
  notify(n: { title: string; body: string }): void;
  /** Reveals a file in the OS file manager; the caller has already checked it is inside an export folder. */
  showInFolder(path: string): void;
  /** The OS folder picker; null when the researcher cancels. Only main decides where exports may go. */
  chooseFolder(o: { title: string; defaultPath?: string }): Promise<string | null>;
  /** Prints self-contained HTML to PDF (Electron's printToPDF in the app, a headless Chromium elsewhere). */
  printToPdf(html: string, signal?: AbortSignal): Promise<Uint8Array>;
};

export type MemoryDesktop = DesktopPorts & {
  clipboard: string;
  notifications: { title: string; body: string }[];
  shownInFolder: string[];
  /** What the next folder pickers answer, in order (null = cancelled); then `defaultFolder`. */
  folderChoices: (string | null)[];
  defaultFolder: string | null;
  /** How often the folder picker opened, so tests can tell it was not skipped. */
  folderPrompts: number;
};

export function createMemoryDesktop(o: { defaultFolder?: string | null; chromium?: string | null } = {}): MemoryDesktop {
  const d: MemoryDesktop = {
    clipboard: '',
    notifications: [],
    shownInFolder: [],
    folderChoices: [],
    defaultFolder: o.defaultFolder ?? null,
    folderPrompts: 0,
    writeClipboard: (text) => {
      d.clipboard = text;
    },
    notify: (n) => {
      d.notifications.push(n);
    },
    showInFolder: (path) => {
      d.shownInFolder.push(path);
    },
    chooseFolder: async () => {
      d.folderPrompts += 1;
      return d.folderChoices.length ? (d.folderChoices.shift() ?? null) : d.defaultFolder;
    },
    printToPdf: (html, signal) => chromiumPrintToPdf(html, { ...(o.chromium !== undefined ? { executable: o.chromium } : {}), ...(signal ? { signal } : {}) }),
  };
  return d;
}
