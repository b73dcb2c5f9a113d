import type { AppCommand } from '../../shared/ipc/contract';

/**
 * The native application menu as plain data, so it is built and tested without Electron. The shell
 * passes the result to Menu.buildFromTemplate; the shapes below are the subset of Electron's
 * MenuItemConstructorOptions the menu uses.
 */
export type MenuItem =
  | { type: 'separator' }
  | { role: string; label?: string; accelerator?: string }
  | { label: string; accelerator?: string; click: () => void }
  | { label: string; role?: string; submenu: MenuItem[] };

export type MenuDeps = {
  isPackaged: boolean;
  platform: string;
  appName: string;
  /** Forwards one of the app's own commands to the renderer (the `app.command` event). */
  command: (command: AppCommand) => void;
};

/** What every menu is built with: the platform, an item sending one app command, and the template's separator. */
type Parts = {
  mac: boolean;
  cmd: (label: string, accelerator: string | undefined, command: AppCommand) => MenuItem;
  sep: MenuItem;
};

/** macOS's application menu (named after the app); other platforms have none. */
function appMenu(d: MenuDeps, { mac, cmd, sep }: Parts): MenuItem[] {
  return mac
    ? [
        {
          label: d.appName,
          role: 'appMenu',
          submenu: [
            { role: 'about' },
            sep,
            cmd('Settings…', 'CmdOrCtrl+,', 'settings'),
            sep,
            { role: 'services' },
            sep,
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            sep,
            { role: 'quit' },
          ],
        },
      ]
    : [];
}

function fileMenu({ mac, cmd, sep }: Parts): MenuItem {
  return {
    label: mac ? 'File' : '&File',
    submenu: [
      cmd('New study', 'CmdOrCtrl+N', 'new-study'),
      cmd('Sync now', 'CmdOrCtrl+R', 'sync'),
      cmd('Search…', 'CmdOrCtrl+K', 'search'),
      cmd('Export…', 'CmdOrCtrl+E', 'export'),
      ...(mac ? [] : [sep, cmd('Settings', 'CmdOrCtrl+,', 'settings'), sep, { role: 'quit' }]),
      ...(mac ? [sep, { role: 'close' }] : []),
    ],
  };
}

function editMenu({ mac, sep }: Parts): MenuItem {
  return {
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      sep,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'pasteAndMatchStyle' },
      { role: 'delete' },
      sep,
      { role: 'selectAll' },
    ],
  };
}

// Ctrl+R is "Sync now" here, so the page-reload role is never in the menu; developers get a
// force-reload on Ctrl+Shift+R (its default) and the devtools, and only in an unpackaged build.
function viewMenu(d: MenuDeps, { mac, sep }: Parts): MenuItem {
  return {
    label: mac ? 'View' : '&View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      sep,
      { role: 'togglefullscreen' },
      ...(d.isPackaged ? [] : [sep, { role: 'forceReload', accelerator: 'CmdOrCtrl+Shift+R' }, { role: 'toggleDevTools' }]),
    ],
  };
}

function windowMenu({ mac, sep }: Parts): MenuItem {
  return {
    label: mac ? 'Window' : '&Window',
    role: 'windowMenu',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, sep, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  };
}

function helpMenu(d: MenuDeps, { mac, cmd, sep }: Parts): MenuItem {
  return {
    label: mac ? 'Help' : '&Help',
    role: 'help',
    submenu: [
      // Help stays inside the app: there is no public docs site to send anyone to.
      cmd('Keyboard Shortcuts', undefined, 'shortcuts'),
      ...(mac ? [] : [sep, { role: 'about', label: `About ${d.appName}` }]),
    ],
  };
}

export function buildMenuTemplate(d: MenuDeps): MenuItem[] {
  const parts: Parts = {
    mac: d.platform === 'darwin',
    cmd: (label, accelerator, command) => ({
      label,
      ...(accelerator ? { accelerator } : {}),
      click: () => d.command(command),
    }),
    sep: { type: 'separator' },
  };
  return [...appMenu(d, parts), fileMenu(parts), editMenu(parts), viewMenu(d, parts), windowMenu(parts), helpMenu(d, parts)];
}

/** Every accelerator in a template, with the label or role it belongs to (for checks and tests). */
export function acceleratorsOf(template: readonly MenuItem[]): { accelerator: string; item: string }[] {
  const out: { accelerator: string; item: string }[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const it of items) {
      if ('submenu' in it) walk(it.submenu);
      if ('accelerator' in it && it.accelerator)
        out.push({ accelerator: it.accelerator, item: 'label' in it && it.label ? it.label : 'role' in it ? it.role : '' });
    }
  };
  walk(template);
  return out;
}
