/**
 * What the core needs from the desktop around it. Electron supplies real ones in app.ts; the test host
 * and the CLI supply these in-memory ones, which tests read back.
 */
export type DesktopPorts = {
  /** Writes plain text to the system clipboard (Electron's clipboard: no page permission needed). */
  writeClipboard(text: string): void;
  /** An OS notification; the shell decides whether to show it (for example only when unfocused). */
  notify(n: { title: string; body: string }): void;
  /** Reveals a file in the OS file manager; the caller has already checked it is inside an export folder. */
  showInFolder(path: string): void;
};

export type MemoryDesktop = DesktopPorts & { clipboard: string; notifications: { title: string; body: string }[]; shownInFolder: string[] };

export function createMemoryDesktop(): MemoryDesktop {
  const d: MemoryDesktop = {
    clipboard: '',
    notifications: [],
    shownInFolder: [],
    writeClipboard: (text) => {
      d.clipboard = text;
    },
    notify: (n) => {
      d.notifications.push(n);
    },
    showInFolder: (path) => {
      d.shownInFolder.push(path);
    },
  };
  return d;
}
