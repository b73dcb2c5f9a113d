import { useEffect, useRef } from 'react';
import { useNav } from '../../app/nav-store';
import { ExportDialog } from './ExportDialog';
import { exportForRoute } from './open-export';
import { useExport } from './store';

/** The one Export dialog, opened by the buttons on each screen, Ctrl/Cmd+E and the menu's Export…. */
export function ExportHost({ workspaceId }: { workspaceId: string }) {
  const open = useExport((s) => s.context !== null);
  const requested = useNav((s) => s.exportRequested);
  const seen = useRef(requested);
  useEffect(() => {
    if (requested === seen.current) return;
    seen.current = requested;
    // The viewer's heading names the interview; the dialog repeats it so the scope is unmistakable.
    exportForRoute(workspaceId, useNav.getState().route, () => document.getElementById('viewer-title')?.textContent?.trim() || 'this interview');
  }, [requested, workspaceId]);
  return open ? <ExportDialog /> : null;
}
