import { useMemo } from 'react';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { openInterview } from '../../app/nav-store';
import { uiFor, useInterviewsUi } from '../interviews/ui-store';
import { HighlightCard } from './HighlightCard';
import { projectKey, useHighlightList, useHighlights } from './store';
import './highlights.css';

/** Every highlight of a study, filterable by tag; each opens its interview at the highlighted moment. */
export function ProjectHighlights({ workspace, project }: { workspace: WorkspaceSummary; project: ProjectDetail }) {
  const uiKey = `${workspace.id}/${project.id}`;
  const tag = useInterviewsUi((s) => uiFor(s, uiKey).tag);
  const patch = useInterviewsUi((s) => s.patch);
  const list = useHighlightList(projectKey(workspace.id, project.id), { workspace_id: workspace.id, project_id: project.id });
  const tagCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const h of list.items) for (const t of h.tags) m.set(t, (m.get(t) ?? 0) + 1);
    return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }, [list.items]);
  const active = tag && tagCounts.some(([t]) => t === tag) ? tag : '';
  const shown = active ? list.items.filter((h) => h.tags.includes(active)) : list.items;
  const suggestions = tagCounts.map(([t]) => t);

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
      <div className="hl-filter" role="group" aria-label="Filter highlights by tag">
        <button type="button" className="hl-filter-chip" aria-pressed={active === ''} onClick={() => patch(uiKey, { tag: '' })}>
          All <span className="num muted">{list.items.length}</span>
        </button>
        {tagCounts.map(([t, n]) => (
          <button key={t} type="button" className="hl-filter-chip" aria-pressed={active === t} onClick={() => patch(uiKey, { tag: active === t ? '' : t })}>
            {t} <span className="num muted">{n}</span>
          </button>
        ))}
      </div>
      <p className="muted num" role="status" aria-live="polite">
        {shown.length} {shown.length === 1 ? 'highlight' : 'highlights'}
        {active ? ` tagged “${active}”` : ''}
      </p>
      <div className="hl-list hl-list-grid">
        {shown.map((h) => (
          <HighlightCard
            key={`${h.id}-${h.updated_at}`}
            workspaceId={workspace.id}
            highlight={h}
            participant={h.participant_name}
            seekLabel="Open interview at"
            onSeek={(ms) => openInterview(project.id, h.interview_id, h.start_ms === null ? null : ms)}
            suggestions={suggestions}
          />
        ))}
      </div>
    </div>
  );
}
