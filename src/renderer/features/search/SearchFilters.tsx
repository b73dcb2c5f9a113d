import { EMPTY, useProjects } from '../projects/store';
import { LIMIT, useSearch, type Results, type Role } from './store';

/** The study and speaker filters, and the count of results (or a spinner while a query runs). */
export function SearchFilters({ workspaceId, projectId, role, results }: { workspaceId: string; projectId: string; role: Role; results: Results }) {
  const projects = useProjects((s) => s.byWorkspace[workspaceId] ?? EMPTY).items;
  const setFilters = useSearch((s) => s.setFilters);
  const hits = 'hits' in results ? results.hits : [];
  return (
    <div className="search-filters">
      <label className="search-filter">
        <span>Study</span>
        <select className="input" value={projectId} onChange={(e) => setFilters({ projectId: e.target.value })}>
          <option value="">All studies</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title || 'Untitled study'}
            </option>
          ))}
        </select>
      </label>
      <label className="search-filter">
        <span>Speaker</span>
        <select className="input" value={role} onChange={(e) => setFilters({ role: e.target.value as Role })}>
          <option value="">Anyone, with quotes and highlights</option>
          <option value="User">Participants and their highlights</option>
          <option value="AI">AI interviewer</option>
        </select>
      </label>
      <span className="search-status muted num" aria-live="polite">
        {results.status === 'loading' && <span className="spinner" aria-hidden="true" />}
        {results.status === 'ready' && `${hits.length === LIMIT ? `${LIMIT}+` : hits.length} result${hits.length === 1 ? '' : 's'}`}
      </span>
    </div>
  );
}
