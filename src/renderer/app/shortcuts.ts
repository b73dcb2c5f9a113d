import { useEffect } from 'react';
import type { AppCommand } from '../../shared/ipc/contract';
import { useSync } from '../features/sync/store';
import { api } from '../lib/api';
import { useNav } from './nav-store';

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

const KEYS: Record<string, AppCommand> = { k: 'search', n: 'new-study', r: 'sync', e: 'export', ',': 'settings' };

export type CommandSource = 'keyboard' | 'menu';
/**
 * When and from where each command last ran. One key press can arrive twice, through the page and through
 * the menu's accelerator; only a repeat from the OTHER source is that same press. Two presses from the
 * keyboard always both run, however quick.
 */
const lastRun = new Map<AppCommand, { at: number; source: CommandSource }>();
// Both deliveries of one press arrive within a few milliseconds of each other.
const SAME_PRESS_MS = 100;

/**
 * Runs one of the app's commands, from the keyboard or from the native menu (`app.command`).
 * `export` only bumps `useNav().exportRequested`: the export dialog listens to it.
 */
export function runCommand(command: AppCommand, source: CommandSource, now = performance.now()): boolean {
  const last = lastRun.get(command);
  if (last && last.source !== source && now - last.at < SAME_PRESS_MS) return false;
  lastRun.set(command, { at: now, source });
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
  return true;
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
          runCommand(command, 'keyboard');
        }
        return;
      }
      if (e.key === '?' && !isTyping(e.target) && !mod) {
        e.preventDefault();
        nav.openShortcuts(!nav.shortcutsOpen);
      }
    };
    window.addEventListener('keydown', onKey);
    const offMenu = api().events.on('app.command', ({ command }) => void runCommand(command, 'menu'));
    return () => {
      window.removeEventListener('keydown', onKey);
      offMenu();
    };
  }, []);
}
