import { useEffect } from 'react';
import { useReports } from './store';

/**
 * Refreshes a study's report and poll when its report finishes, wherever the researcher is in the app.
 * The notice about it (toast and OS notification) is main's: see features/notices.
 */
export function useReportRefresh(workspaceId: string): void {
  const attach = useReports((s) => s.attach);
  useEffect(() => attach(workspaceId), [workspaceId, attach]);
}
