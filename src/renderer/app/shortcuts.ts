import { useEffect } from 'react';
import { useSync } from '../features/sync/store';
import { useNav } from './nav-store';

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** The app-wide shortcuts of the UI brief. Player keys belong to the viewer, which handles its own. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const nav = useNav.getState();
      if (mod && !e.shiftKey && !e.altKey) {
        const k = e.key.toLowerCase();
        if (k === 'k') {
          e.preventDefault();
          nav.openSearch(true);
        } else if (k === 'n') {
          e.preventDefault();
          nav.go({ name: 'new-study' });
        } else if (k === 'r') {
          e.preventDefault();
          void useSync.getState().syncNow();
        }
        return;
      }
      if (e.key === '?' && !isTyping(e.target) && !mod) {
        e.preventDefault();
        nav.openShortcuts(!nav.shortcutsOpen);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
