import { useMemo } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { useNav } from '../../app/nav-store';
import { ErrorNote } from '../../components/ErrorNote';
import { relativeTime, statusLabel } from '../../lib/format';
import { ProjectTable } from './ProjectTable';
import { EMPTY, useProjects } from './store';
import { filterStudies, sortStudies } from './study-list';
import { useStudiesUi } from './ui-store';

export function ProjectsScreen({ workspace }: { workspace: WorkspaceSummary }) {
  const slice = useProjects((s) => s.byWorkspace[workspace.id] ?? EMPTY);
  const refresh = useProjects((s) => s.refresh);
  const { sort, filter, set } = useStudiesUi();
  const statuses = useMemo(() => [...new Set(slice.items.map((p) => p.status))].sort(), [slice.items]);
  const shown = useMemo(() => sortStudies(filterStudies(slice.items, filter), sort), [slice.items, filter, sort]);
  const filtered = filter.text.trim() !== '' || filter.status !== '';

  const loading = slice.status === 'loading' || slice.status === 'idle';
  return (
    <section className="screen" aria-labelledby="projects-title">
      <header className="screen-head">
        <div>
          <h1 id="projects-title">Studies</h1>
          <p className="muted">
            {workspace.name}
            {slice.syncedAt && <> · synced {relativeTime(slice.syncedAt)}</>}
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => useNav.getState().go({ name: 'new-study' })}>
          New study
        </button>
      </header>
      {slice.error && <ErrorNote error={slice.error} onRetry={() => void refresh(workspace.id)} />}
      {slice.items.length > 0 ? (
        <>
          <div className="projects-toolbar" role="search" aria-label="Filter studies">
            <label>
              <span className="visually-hidden">Search study titles</span>
              <input
                className="input"
                type="search"
                placeholder="Search titles"
                value={filter.text}
                maxLength={200}
                onChange={(e) => set({ filter: { ...filter, text: e.target.value } })}
              />
            </label>
            <label className="projects-filter">
              <span className="projects-filter-label">Status</span>
              <select className="input" value={filter.status} onChange={(e) => set({ filter: { ...filter, status: e.target.value } })}>
                <option value="">Any</option>
                {statuses.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            </label>
            {filtered && (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => set({ filter: { text: '', status: '' } })}>
                Clear filters
              </button>
            )}
            <p className="muted num projects-count" role="status">
              {filtered ? `${shown.length} of ${slice.items.length} studies` : `${slice.items.length} ${slice.items.length === 1 ? 'study' : 'studies'}`}
            </p>
          </div>
          {shown.length > 0 ? (
            <ProjectTable items={shown} sort={sort} onSort={(s) => set({ sort: s })} />
          ) : (
            <p className="empty">No studies match these filters.</p>
          )}
        </>
      ) : loading ? (
        <p className="empty" role="status">
          <span className="spinner" aria-hidden="true" /> Loading studies…
        </p>
      ) : slice.status === 'ready' && slice.syncedAt === null ? (
        // An empty list before any sync has finished says nothing about the organisation's studies.
        <p className="empty">Not synced yet, so no studies are saved here. Sync now, in the header, fetches this workspace's studies.</p>
      ) : slice.status === 'ready' ? (
        <p className="empty">No studies yet. Studies created for this organisation will appear here.</p>
      ) : null}
    </section>
  );
}
