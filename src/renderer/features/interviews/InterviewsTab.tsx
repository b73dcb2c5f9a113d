import { useEffect, useState } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import { TabList, TabPanel, type TabIds } from '../../components/Tabs';
import { openProject } from '../../app/nav-store';
import { ProjectHighlights } from '../highlights/ProjectHighlights';
import { OpenLaunchButton } from '../launch/LaunchButton';
import { DownloadError } from './DownloadControls';
import { InterviewTable } from './InterviewTable';
import { InterviewToolbar, SelectionBar } from './InterviewToolbar';
import { NO_FILTERS, uiFor, useInterviewsUi, type InterviewsView } from './ui-store';
import type { InterviewFilters } from './store';
import { useInterviewPages } from './use-interview-pages';
import type { TabProps } from './tab-props';
import './interviews.css';

export type { TabProps } from './tab-props';

const VIEW_IDS: TabIds = { tab: 'iv-view-', panel: 'iv-panel-' };

/** The study's interviews (a windowed table over the cache) and, beside them, its highlights. */
export function InterviewsTab({ workspace, project }: TabProps) {
  const key = `${workspace.id}/${project.id}`;
  const view = useInterviewsUi((s) => uiFor(s, key).view);
  const patch = useInterviewsUi((s) => s.patch);
  const views: { id: InterviewsView; label: string }[] = [
    { id: 'list', label: 'All interviews' },
    { id: 'highlights', label: 'Highlights' },
  ];
  return (
    <div className="iv-tab">
      <TabList
        label="Interview views"
        tabs={views}
        active={view}
        onSelect={(id) => patch(key, { view: id })}
        ids={VIEW_IDS}
        className="iv-views"
        tabClassName="iv-view"
      />
      <TabPanel active={view} ids={VIEW_IDS} className="iv-panel">
        {view === 'list' ? (
          <InterviewList workspace={workspace} project={project} uiKey={key} />
        ) : (
          <ProjectHighlights workspace={workspace} project={project} />
        )}
      </TabPanel>
    </div>
  );
}

function InterviewList({ workspace, project, uiKey }: TabProps & { uiKey: string }) {
  const filters = useInterviewsUi((s) => uiFor(s, uiKey).filters);
  const patch = useInterviewsUi((s) => s.patch);
  const setFilters = (f: Partial<InterviewFilters>) => patch(uiKey, { filters: { ...filters, ...f } });
  const [text, setText] = useState(filters.text);
  // Typing narrows the list after a pause, not on every key: each query reads the cache.
  useEffect(() => {
    if (text === filters.text) return;
    const t = setTimeout(() => patch(uiKey, { filters: { ...(useInterviewsUi.getState().byKey[uiKey]?.filters ?? NO_FILTERS), text } }), 250);
    return () => clearTimeout(t);
  }, [text, filters.text, patch, uiKey]);

  // The store re-reads the rows shown after a sync and when videos land (its attach, wired in the shell).
  const pages = useInterviewPages(workspace.id, project.id, filters);
  const filtered = filters.status !== '' || filters.screener !== '' || filters.text.trim() !== '';
  // The search box keeps its own text (it is debounced), so clearing empties it as well as the stored filters.
  const clearFilters = () => {
    setText('');
    patch(uiKey, { filters: NO_FILTERS });
  };
  // Nothing to filter or download yet: the empty state alone says what to do.
  const none = pages.query !== null && !pages.stale && pages.status === 'ready' && pages.total === 0 && !filtered;

  return (
    <div className="iv-list">
      {!none && (
        <InterviewToolbar
          workspace={workspace}
          project={project}
          pages={pages}
          text={text}
          setText={setText}
          filters={filters}
          setFilters={setFilters}
          filtered={filtered}
          clearFilters={clearFilters}
        />
      )}
      {!none && <SelectionBar workspace={workspace} project={project} />}
      <DownloadError workspace={workspace} project={project} />
      {/* A read that failed while rows are shown (a later page, select all): the rows stay, the error beside them. */}
      {pages.status !== 'error' && pages.error && <ErrorNote error={pages.error} onRetry={pages.retry} />}
      {pages.status === 'error' && pages.error ? (
        <ErrorNote error={pages.error} onRetry={pages.retry} />
      ) : pages.query === null ? (
        <p className="empty" role="status">
          <span className="spinner" aria-hidden="true" /> Loading interviews…
        </p>
      ) : pages.total === 0 ? (
        filtered ? (
          <div className="empty iv-empty">
            <p>No interviews match these filters.</p>
            <button type="button" className="btn btn-small" onClick={clearFilters}>
              Clear filters
            </button>
          </div>
        ) : project.recruiting.has_launched ? (
          <div className="empty iv-empty">
            <p>No interviews yet. Share the participant link to start collecting.</p>
            <button type="button" className="btn btn-small" onClick={() => openProject(project.id, 'share')}>
              Open Share
            </button>
          </div>
        ) : (
          // A draft has no participant link yet (the Share tab says the same): launching comes first.
          <div className="empty iv-empty">
            <p>No interviews yet. Interviews arrive once the study is launched and participants open its link.</p>
            <OpenLaunchButton workspace={workspace} project={project} />
          </div>
        )
      ) : (
        <InterviewTable workspace={workspace} project={project} pages={pages} />
      )}
    </div>
  );
}
