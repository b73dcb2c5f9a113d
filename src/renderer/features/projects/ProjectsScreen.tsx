import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { useNav } from '../../app/nav-store';
import { ErrorNote } from '../../components/ErrorNote';
import { relativeTime } from '../../lib/format';
import { ProjectTable } from './ProjectTable';
import { EMPTY, useProjects } from './store';

export function ProjectsScreen({ workspace }: { workspace: WorkspaceSummary }) {
  const slice = useProjects((s) => s.byWorkspace[workspace.id] ?? EMPTY);
  const refresh = useProjects((s) => s.refresh);

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
        <ProjectTable items={slice.items} />
      ) : loading ? (
        <p className="empty" role="status">
          <span className="spinner" aria-hidden="true" /> Loading studies…
        </p>
      ) : slice.status === 'ready' ? (
        <p className="empty">No studies yet. Studies created for this organisation will appear here.</p>
      ) : null}
    </section>
  );
}
