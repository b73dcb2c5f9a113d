import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { exportStudy } from '../exports/open-export';
import { DownloadAll } from './DownloadControls';
import { uiFor, useInterviewsUi } from './ui-store';
import type { Pages } from './InterviewTable';
import type { InterviewFilters } from './store';

/** Search, status and screener filters, the count, and "Download all" above the interview table. */
export function InterviewToolbar({
  workspace,
  project,
  pages,
  text,
  setText,
  filters,
  setFilters,
  filtered,
  clearFilters,
}: {
  workspace: WorkspaceSummary;
  project: ProjectDetail;
  pages: Pages;
  text: string;
  setText: (text: string) => void;
  filters: InterviewFilters;
  setFilters: (f: Partial<InterviewFilters>) => void;
  filtered: boolean;
  clearFilters: () => void;
}) {
  return (
    <div className="iv-toolbar" role="search" aria-label="Filter interviews">
      <label className="iv-filter iv-filter-text">
        <span className="visually-hidden">Search participants</span>
        <input className="input" type="search" placeholder="Search name or email" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
      </label>
      <label className="iv-filter">
        <span className="iv-filter-label">Status</span>
        <select className="input" value={filters.status} onChange={(e) => setFilters({ status: e.target.value as InterviewFilters['status'] })}>
          <option value="">Any</option>
          <option value="COMPLETE">Complete</option>
          <option value="INCOMPLETE">Incomplete</option>
          <option value="STARTED">Started</option>
        </select>
      </label>
      <label className="iv-filter">
        <span className="iv-filter-label">Screener</span>
        <select className="input" value={filters.screener} onChange={(e) => setFilters({ screener: e.target.value as InterviewFilters['screener'] })}>
          <option value="">Any</option>
          <option value="passed">Passed</option>
          <option value="failed">Failed</option>
          <option value="none">No screener</option>
        </select>
      </label>
      {filtered && (
        <button type="button" className="btn btn-ghost btn-small" onClick={clearFilters}>
          Clear filters
        </button>
      )}
      <p className="iv-count muted num" role="status" aria-live="polite">
        {pages.query === null
          ? 'Loading…'
          : pages.stale
            ? 'Filtering…'
            : `${pages.total.toLocaleString()} ${pages.total === 1 ? 'interview' : 'interviews'}${filtered ? ' match' : ''}`}
      </p>
      <DownloadAll workspace={workspace} project={project} />
    </div>
  );
}

/**
 * Under the toolbar, always the same height: "3 selected" with Export and Clear, or a hint while nothing is
 * ticked. Ticking a row never moves the toolbar or the table.
 */
export function SelectionBar({ workspace, project }: { workspace: WorkspaceSummary; project: ProjectDetail }) {
  const key = `${workspace.id}/${project.id}`;
  const selected = useInterviewsUi((s) => uiFor(s, key).selected);
  const patch = useInterviewsUi((s) => s.patch);
  if (selected.length === 0)
    return (
      <div className="iv-selection-bar">
        <p className="muted">Tick interviews to export just those; the box in the header ticks every interview shown.</p>
      </div>
    );
  return (
    <div className="iv-selection-bar iv-selection" role="group" aria-label="Selected interviews">
      <span className="num">{selected.length.toLocaleString()} selected</span>
      <button type="button" className="btn btn-small btn-primary" onClick={() => void exportStudy(workspace.id, project.id, selected, 'selection')}>
        Export selected…
      </button>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => patch(key, { selected: [] })}>
        Clear selection
      </button>
    </div>
  );
}
