import { useMemo } from 'react';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { participantLabel } from '../../../shared/participant-code';
import { ErrorNote } from '../../components/ErrorNote';
import { openInterview } from '../../app/nav-store';
import { uiFor, useInterviewsUi } from '../interviews/ui-store';
import { HighlightCard } from './HighlightCard';
import { projectKey, useHighlightList, useHighlights } from './store';
import './highlights.css';

/** Every highlight of a study, filterable by code; each opens its interview at the highlighted moment. */
export function ProjectHighlights({ workspace, project }: { workspace: WorkspaceSummary; project: ProjectDetail }) {
  const uiKey = `${workspace.id}/${project.id}`;
  const codeId = useInterviewsUi((s) => uiFor(s, uiKey).codeId);
  const patch = useInterviewsUi((s) => s.patch);
  const list = useHighlightList(projectKey(workspace.id, project.id), { workspace_id: workspace.id, project_id: project.id });
  /** The codes in use, by id (two codes may share a name but for case), most used first. */
  const codeCounts = useMemo(() => {
    const m = new Map<string, { name: string; n: number }>();
    for (const h of list.items) for (const c of h.codes) m.set(c.id, { name: c.name, n: (m.get(c.id)?.n ?? 0) + 1 });
    return [...m.entries()].sort((a, b) => b[1].n - a[1].n || a[1].name.localeCompare(b[1].name));
  }, [list.items]);
  const active = codeId && codeCounts.some(([id]) => id === codeId) ? codeId : '';
  const activeName = codeCounts.find(([id]) => id === active)?.[1].name ?? '';
  const shown = active ? list.items.filter((h) => h.codes.some((c) => c.id === active)) : list.items;
  const suggestions = codeCounts.map(([, c]) => c.name);

  if (list.status === 'loading' && list.items.length === 0)
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Loading highlights…
      </p>
    );
  if (list.status === 'error' && list.error)
    return (
      <ErrorNote
        error={list.error}
        onRetry={() => void useHighlights.getState().load(projectKey(workspace.id, project.id), { workspace_id: workspace.id, project_id: project.id })}
      />
    );
  if (list.items.length === 0)
    return (
      <div className="empty iv-empty">
        <p>No highlights in this study yet. Open an interview, select words in its transcript and press C to code them.</p>
      </div>
    );
  return (
    <div className="hl-project">
      <div className="hl-filter" role="group" aria-label="Filter highlights by code">
        <button type="button" className="toggle-chip hl-filter-chip" aria-pressed={active === ''} onClick={() => patch(uiKey, { codeId: '' })}>
          All <span className="num muted">{list.items.length}</span>
        </button>
        {codeCounts.map(([id, { name, n }]) => (
          <button
            key={id}
            type="button"
            className="toggle-chip hl-filter-chip"
            aria-pressed={active === id}
            onClick={() => patch(uiKey, { codeId: active === id ? '' : id })}
          >
            {name} <span className="num muted">{n}</span>
          </button>
        ))}
      </div>
      <p className="muted num" role="status" aria-live="polite">
        {shown.length} {shown.length === 1 ? 'highlight' : 'highlights'}
        {active ? ` tagged “${activeName}”` : ''}
      </p>
      <div className="hl-list hl-list-grid">
        {shown.map((h) => (
          <HighlightCard
            key={`${h.id}-${h.updated_at}`}
            workspaceId={workspace.id}
            highlight={h}
            // Named as the Interviews list names it: "Name (P07)", the code alone without a name.
            participant={participantLabel(h.code, h.participant_name) || null}
            seekLabel="Open interview at"
            onSeek={(ms) => openInterview(project.id, h.interview_id, h.start_ms === null ? null : ms)}
            suggestions={suggestions}
          />
        ))}
      </div>
    </div>
  );
}
