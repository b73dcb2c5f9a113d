import { useEffect, useState } from 'react';
import type { InterviewRow, ProjectDetail } from '../../../shared/ipc/channels/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { openInterview } from '../../app/nav-store';
import { api, call } from '../../lib/api';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

// TEMPORARY (feat/player only): a plain list of links so the viewer can be opened from the UI in its
// e2e test. The interviews helper's real tab replaces this file at merge.
export function InterviewsTab({ workspace, project }: TabProps) {
  const [rows, setRows] = useState<InterviewRow[] | null>(null);
  useEffect(() => {
    void call(api().interviews.list({ workspace_id: workspace.id, project_id: project.id, limit: 200 })).then((r) => setRows(r.items));
  }, [workspace.id, project.id]);
  if (!rows) return <p className="empty">Loading interviews…</p>;
  return (
    <ul className="stack-12" aria-label="Interviews">
      {rows.map((r) => (
        <li key={r.id}>
          <button type="button" className="btn btn-small" onClick={() => openInterview(project.id, r.id)}>
            Open {r.participant_name ?? r.id}
          </button>
        </li>
      ))}
    </ul>
  );
}
