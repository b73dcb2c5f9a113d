import { useEffect } from 'react';
import { openProject } from '../../app/nav-store';
import { useReports, type ReportToast } from './store';
import './report.css';

const TOAST_MS = 12_000;

const TEXT: Record<ReportToast['state'], { title: (s: string) => string; body: string; dot: string }> = {
  completed: { title: (s) => `Report ready — ${s}`, body: 'The themes and quotes are in the Report tab.', dot: '' },
  failed: { title: (s) => `Report failed — ${s}`, body: 'The service could not generate it. Open the Report tab to try again.', dot: 'is-failed' },
  timed_out: { title: (s) => `Report still processing — ${s}`, body: 'Fieldwork stopped checking after 5 minutes. Open the Report tab to check again.', dot: 'is-waiting' },
};

/**
 * Listens for finished reports of the workspace in view, wherever the researcher is in the app, and says
 * so in a toast (the OS notification comes from main, for when the window is not in front).
 */
export function ReportToasts({ workspaceId }: { workspaceId: string }) {
  const attach = useReports((s) => s.attach);
  const toasts = useReports((s) => s.toasts);
  useEffect(() => attach(workspaceId), [workspaceId, attach]);
  const visible = toasts.filter((t) => t.workspaceId === workspaceId);
  return (
    <div className="report-toasts" role="status" aria-live="polite">
      {visible.map((t) => (
        <Toast key={t.id} toast={t} />
      ))}
    </div>
  );
}

function Toast({ toast }: { toast: ReportToast }) {
  const dismiss = useReports((s) => s.dismiss);
  const onDismiss = () => dismiss(toast.id);
  useEffect(() => {
    const h = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(h);
  }, [toast.id, dismiss]);
  const text = TEXT[toast.state];
  return (
    <div className="report-toast card">
      <span className={`report-toast-dot ${text.dot}`} aria-hidden="true" />
      <div className="report-toast-text">
        <strong>{text.title(toast.study)}</strong>
        <span className="muted">{text.body}</span>
      </div>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          openProject(toast.projectId, 'report');
          onDismiss();
        }}
      >
        Open
      </button>
      <button type="button" className="btn btn-ghost btn-small" aria-label="Dismiss" onClick={onDismiss}>
        ✕
      </button>
    </div>
  );
}
