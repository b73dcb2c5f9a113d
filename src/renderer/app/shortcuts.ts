import { useEffect } from 'react';
import type { AppCommand } from '../../shared/ipc/contract';
import { useSync } from '../features/sync/store';
import { useWorkspaces } from '../features/workspaces/store';
import { api } from '../lib/api';
import { useNav } from './nav-store';

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

const KEYS: Record<string, AppCommand> = { k: 'search', n: 'new-study', r: 'sync', e: 'export', ',': 'settings' };

/**
 * Whether a native menu delivers the app's shortcuts (Electron). Its accelerators fire the `app.command`
 * event, so the page must not run them a second time; in a plain browser (the test host) the page does.
 */
const menuHandlesShortcuts = () => useWorkspaces.getState().appInfo?.native_menu === true;

export function runCommand(command: AppCommand): void {
  const nav = useNav.getState();
  switch (command) {
    case 'search':
      nav.openSearch(true);
      break;
    case 'new-study':
      nav.go({ name: 'new-study' });
      break;
    case 'sync':
      void useSync.getState().syncNow();
      break;
    case 'export':
      nav.requestExport();
      break;
    case 'settings':
      nav.go({ name: 'settings' });
      break;
    case 'shortcuts':
      nav.openShortcuts(true);
      break;
  }
}

/** The app-wide shortcuts of the UI brief. Player keys belong to the viewer, which handles its own. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const nav = useNav.getState();
      if (mod && !e.shiftKey && !e.altKey) {
        const command = KEYS[e.key.toLowerCase()];
        if (command) {
          // preventDefault also stops the browser's own Ctrl+R (reload) and Ctrl+N (new window).
          e.preventDefault();
          if (!menuHandlesShortcuts()) runCommand(command);
        }
        return;
      }
      if (e.key === '?' && !isTyping(e.target) && !mod) {
        e.preventDefault();
        nav.openShortcuts(!nav.shortcutsOpen);
      }
    };
    window.addEventListener('keydown', onKey);
    const offMenu = api().events.on('app.command', ({ command }) => runCommand(command));
    return () => {
      window.removeEventListener('keydown', onKey);
      offMenu();
    };
  }, []);
}
