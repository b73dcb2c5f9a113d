import { openProject } from '../../app/nav-store';
import { useToasts } from '../../components/Toasts';
import { api } from '../../lib/api';

const NOTICE_MS = 12_000;

/**
 * Shows main's finished notices (completed interviews, a report's outcome) for the workspace in view, as
 * they are: main composed them once, for the window and the OS alike. Returns the unsubscribe, like the
 * other stores' attach.
 */
export function attachNotices(workspaceId: string): () => void {
  return api().events.on('notices.show', (n) => {
    if (n.workspace_id !== workspaceId) return;
    const action = n.action;
    useToasts.getState().push(
      {
        tone: n.tone,
        title: n.title,
        body: n.body,
        ...(n.key ? { key: n.key } : {}),
        ...(action ? { action: { label: action.label, run: () => openProject(action.project_id, action.tab) } } : {}),
      },
      NOTICE_MS,
    );
  });
}
