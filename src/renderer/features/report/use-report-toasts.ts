import { useEffect } from 'react';
import { useReports } from './store';

/**
 * Listens for finished reports of the workspace in view, wherever the researcher is in the app, and says
 * so in a toast (the OS notification comes from main, for when the window is not in front).
 */
export function useReportToasts(workspaceId: string): void {
  const attach = useReports((s) => s.attach);
  useEffect(() => attach(workspaceId), [workspaceId, attach]);
}
