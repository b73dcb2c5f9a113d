import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { InterviewRow, ProjectDetail } from '../../../shared/ipc/channels/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { ProgressBar } from '../../components/ProgressBar';
import { openInterview, openProject } from '../../app/nav-store';
import { api, call } from '../../lib/api';
import { useRowWindow } from '../../lib/row-window';
import { formatShortDateTime } from '../../lib/timecode';
import { tablistKeys } from '../../lib/tablist-keys';
import { ProjectHighlights } from '../highlights/ProjectHighlights';
import { useSync } from '../sync/store';
import { interviewJob, projectJob, useDownloads, type DownloadJob } from './downloads';
import { NO_FILTERS, uiFor, useInterviewsUi, type InterviewsView } from './ui-store';
import { useInterviewPages, type InterviewFilters } from './use-interview-pages';
import './interviews.css';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 36;
const COLUMNS = 8;

const STATUS: Record<string, { label: string; tone: string }> = {
  COMPLETE: { label: 'Complete', tone: 'success' },
  INCOMPLETE: { label: 'Incomplete', tone: 'warning' },
  STARTED: { label: 'Started', tone: 'neutral' },
};

/** The study's interviews (a windowed table over the cache) and, beside them, its highlights. */
export function InterviewsTab({ workspace, project }: TabProps) {
  const key = `${workspace.id}/${project.id}`;
  const view = useInterviewsUi((s) => uiFor(s, key).view);
  const patch = useInterviewsUi((s) => s.patch);
  const views: { id: InterviewsView; label: string }[] = [
    { id: 'list', label: 'All interviews' },
    { id: 'highlights', label: 'Highlights' },
  ];
  const onKey = tablistKeys(
    views.map((v) => v.id),
    view,
    (id) => patch(key, { view: id }),
    (id) => `iv-view-${id}`,
  );
  return (
    <div className="iv-tab">
      <div className="iv-views" role="tablist" aria-label="Interview views" onKeyDown={onKey}>
        {views.map((v) => (
          <button
            key={v.id}
            id={`iv-view-${v.id}`}
            type="button"
            role="tab"
            className="iv-view"
            aria-selected={view === v.id}
            aria-controls={`iv-panel-${v.id}`}
            tabIndex={view === v.id ? 0 : -1}
            onClick={() => patch(key, { view: v.id })}
          >
            {v.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`iv-panel-${view}`} aria-labelledby={`iv-view-${view}`} className="iv-panel">
        {view === 'list' ? <InterviewList workspace={workspace} project={project} uiKey={key} /> : <ProjectHighlights workspace={workspace} project={project} />}
      </div>
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
    const t = setTimeout(() => patch(uiKey, { filters: { ...useInterviewsUi.getState().byKey[uiKey]?.filters ?? NO_FILTERS, text } }), 250);
    return () => clearTimeout(t);
  }, [text, filters.text, patch, uiKey]);

  const generation = useSync((s) => s.generation);
  const landed = useDownloads((s) => s.landed);
  const [reloadKey, setReloadKey] = useState(0);
  useEffect(() => {
    if (generation === 0 && landed === 0) return;
    // Coalesce a burst of landed videos ("download all") into one re-read.
    const t = setTimeout(() => setReloadKey((k) => k + 1), 300);
    return () => clearTimeout(t);
  }, [generation, landed]);

  const pages = useInterviewPages(workspace.id, project.id, filters, reloadKey);
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
            {pages.query === null ? 'Loading…' : pages.stale ? 'Filtering…' : `${pages.total.toLocaleString()} ${pages.total === 1 ? 'interview' : 'interviews'}${filtered ? ' match' : ''}`}
          </p>
          <DownloadAll workspace={workspace} project={project} />
        </div>
      )}
      <DownloadError workspace={workspace} project={project} />
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
        ) : (
          <div className="empty iv-empty">
            <p>No interviews yet. Share the participant link to start collecting.</p>
            <button type="button" className="btn btn-small" onClick={() => openProject(project.id, 'share')}>
              Open Share
            </button>
          </div>
        )
      ) : (
        <InterviewTable workspace={workspace} project={project} pages={pages} />
      )}
    </div>
  );
}

type Pages = ReturnType<typeof useInterviewPages>;

function InterviewTable({ workspace, project, pages }: TabProps & { pages: Pages }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const win = useRowWindow(scrollRef, { count: pages.total, rowHeight: ROW_HEIGHT, overscan: 8, headerHeight: HEADER_HEIGHT });
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  const { ensure, query } = pages;
  useEffect(() => ensure(win.start, win.end), [ensure, win.start, win.end, query]);
  // New filters: start at the top of the new list.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setActive(0);
  }, [query]);
  // The list shrank (a filter, a sync): keep the active row inside it.
  useEffect(() => {
    if (active >= pages.total && pages.total > 0) setActive(pages.total - 1);
  }, [active, pages.total]);
  useEffect(() => {
    if (!focusPending.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${active}"]`);
    if (row) {
      focusPending.current = false;
      row.focus({ preventScroll: true });
    }
  }, [active, win.start, win.end]);

  const pageRows = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 400) - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
  const move = (to: number) => {
    const next = Math.max(0, Math.min(pages.total - 1, to));
    focusPending.current = true;
    setActive(next);
    win.scrollTo(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const row = (e.target as HTMLElement).closest('tr');
    if (!row || row.dataset.index === undefined) return;
    const i = Number(row.dataset.index);
    const to: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1, PageDown: i + pageRows, PageUp: i - pageRows, Home: 0, End: pages.total - 1 };
    if (e.key in to && e.target === row) {
      e.preventDefault();
      move(to[e.key]!);
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && e.target === row) {
      e.preventDefault();
      const r = pages.rowAt(i);
      if (r) openInterview(project.id, r.id);
    }
  };

  // One row is always tabbable: the active one, or the first shown when the active one scrolled away.
  const tabRow = active >= win.start && active < win.end ? active : win.start;
  const rows: ReactNode[] = [];
  for (let i = win.start; i < win.end; i++) {
    const r = pages.rowAt(i);
    rows.push(
      r ? (
        <InterviewTableRow key={r.id} workspace={workspace} project={project} row={r} index={i} active={i === tabRow} onFocus={() => setActive(i)} />
      ) : (
        <tr key={`loading-${i}`} className="iv-row iv-row-loading" aria-rowindex={i + 2} data-index={i} tabIndex={i === tabRow ? 0 : -1} onFocus={() => setActive(i)}>
          <td colSpan={COLUMNS}>
            <span className="iv-skeleton" aria-hidden="true" />
            <span className="visually-hidden">Loading row {i + 1}</span>
          </td>
        </tr>
      ),
    );
  }

  return (
    <div className="iv-scroll" ref={scrollRef}>
      <table className="table iv-table" aria-label="Interviews" aria-rowcount={pages.total + 1}>
        <colgroup>
          <col className="iv-col-name" />
          <col className="iv-col-email" />
          <col className="iv-col-status" />
          <col className="iv-col-date" />
          <col className="iv-col-duration" />
          <col className="iv-col-screener" />
          <col className="iv-col-offline" />
          <col className="iv-col-action" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Participant</th>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
            <th scope="col">Completed</th>
            <th scope="col" className="iv-num">
              Duration
            </th>
            <th scope="col">Screener</th>
            <th scope="col">Video</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {win.padTop > 0 && (
            <tr className="iv-spacer" aria-hidden="true" style={{ height: win.padTop }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
          {rows}
          {win.padBottom > 0 && (
            <tr className="iv-spacer" aria-hidden="true" style={{ height: win.padBottom }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function InterviewTableRow({ workspace, project, row: r, index, active, onFocus }: TabProps & { row: InterviewRow; index: number; active: boolean; onFocus: () => void }) {
  const job = useDownloads((s) => interviewJob(s.jobs, workspace.id, r.id));
  const start = useDownloads((s) => s.start);
  const cancel = useDownloads((s) => s.cancel);
  const status = STATUS[r.status] ?? { label: r.status, tone: 'neutral' };
  const name = r.participant_name?.trim() || 'Unnamed participant';
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <tr className="iv-row" aria-rowindex={index + 2} data-index={index} tabIndex={active ? 0 : -1} onFocus={(e) => e.target === e.currentTarget && onFocus()} onClick={() => openInterview(project.id, r.id)}>
      <th scope="row" className="iv-name">
        {name}
      </th>
      <td className="iv-email">{r.participant_email ?? <span className="muted">—</span>}</td>
      <td>
        <span className={`status status-${status.tone}`}>
          <span className="status-dot" aria-hidden="true" />
          {status.label}
        </span>
      </td>
      <td className="num" title={r.completed_at ?? undefined}>{formatShortDateTime(r.completed_at)}</td>
      <td className="num iv-num">{r.duration_minutes === null ? <span className="muted">—</span> : `${r.duration_minutes} min`}</td>
      <td>
        <ScreenerMark approved={r.screener_approved} />
      </td>
      <td>
        <OfflineMark row={r} job={job} />
      </td>
      <td className="iv-action" onClick={stop}>
        {job && job.interviewId === r.id ? (
          <button type="button" className="btn btn-small" aria-label={`Cancel download of ${name}'s video`} onClick={() => void cancel(job.jobId)}>
            Cancel
          </button>
        ) : (
          r.has_video &&
          !r.offline &&
          !job && (
            <button type="button" className="btn btn-ghost btn-small iv-download" aria-label={`Download ${name}'s video for offline`} onClick={() => void start(workspace.id, { projectId: project.id, interviewId: r.id, label: name })}>
              Download
            </button>
          )
        )}
      </td>
    </tr>
  );
}

export function ScreenerMark({ approved }: { approved: boolean | null }) {
  if (approved === null) return <span className="muted">No screener</span>;
  return approved ? (
    <span className="iv-mark iv-mark-pass">
      <span aria-hidden="true">✓</span> Passed
    </span>
  ) : (
    <span className="iv-mark iv-mark-fail">
      <span aria-hidden="true">✕</span> Failed
    </span>
  );
}

function OfflineMark({ row, job }: { row: InterviewRow; job: DownloadJob | null }) {
  if (row.offline)
    return (
      <span className="iv-mark iv-mark-offline">
        <span aria-hidden="true">⤓</span> Available offline
      </span>
    );
  if (job) {
    const single = job.interviewId === row.id;
    const pct = single && job.total ? Math.round((job.done / job.total) * 100) : null;
    return (
      <span className="iv-mark iv-mark-progress">
        <span className="spinner" aria-hidden="true" /> Downloading{pct === null ? '…' : ` ${pct}%`}
      </span>
    );
  }
  if (!row.has_video) return <span className="muted">No video</span>;
  return <span className="muted">Online only</span>;
}

function DownloadAll({ workspace, project }: TabProps) {
  const job = useDownloads((s) => projectJob(s.jobs, workspace.id, project.id));
  const start = useDownloads((s) => s.start);
  const cancel = useDownloads((s) => s.cancel);
  const dismiss = useDownloads((s) => s.dismiss);
  if (job?.state === 'running') {
    return (
      <div className="iv-download-all" aria-label="Downloading all videos" role="group">
        <ProgressBar value={job.done} max={job.total ?? 0} label="Downloading all videos for offline" />
        <span className="num muted">{job.total === null ? 'Starting…' : `${job.done} of ${job.total} videos`}</span>
        <button type="button" className="btn btn-small" onClick={() => void cancel(job.jobId)}>
          Cancel
        </button>
      </div>
    );
  }
  const outcome =
    job?.state === 'done'
      ? (job.message ?? 'Every video is available offline.')
      : job?.state === 'cancelled'
        ? `Download cancelled after ${job.done} of ${job.total ?? '?'} videos. Those stay available offline.`
        : job?.state === 'failed'
          ? (job.message ?? 'The download failed.')
          : null;
  return (
    <div className="iv-download-all">
      <OfflineUsage workspaceId={workspace.id} />
      {job && outcome && (
        <p className={`iv-outcome ${job.state === 'failed' ? 'iv-outcome-failed' : ''}`} role="status">
          {outcome}
          <button type="button" className="btn btn-ghost btn-small" aria-label="Dismiss" onClick={() => dismiss(job.jobId)}>
            ✕
          </button>
        </p>
      )}
      <button type="button" className="btn btn-small" onClick={() => void start(workspace.id, { projectId: project.id })}>
        Download all for offline
      </button>
    </div>
  );
}

const mb = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MB`);

/** How much of the offline-video quota is used, so "Download all" is not a surprise. */
function OfflineUsage({ workspaceId }: { workspaceId: string }) {
  const landed = useDownloads((s) => s.landed);
  const [usage, setUsage] = useState<{ bytes: number; quota: number } | null>(null);
  useEffect(() => {
    let live = true;
    call(api().videos.usage({ workspace_id: workspaceId })).then(
      (u) => live && setUsage(u),
      () => live && setUsage(null),
    );
    return () => {
      live = false;
    };
  }, [workspaceId, landed]);
  if (!usage) return null;
  return (
    <span className="iv-usage muted num" title="Offline videos use this much of the quota set in Settings">
      {mb(usage.bytes)} of {mb(usage.quota)} used
    </span>
  );
}

/** A download that could not start, and single downloads that failed: said next to the table, dismissable. */
function DownloadError({ workspace, project }: TabProps) {
  const error = useDownloads((s) => s.error);
  const jobs = useDownloads((s) => s.jobs);
  const dismiss = useDownloads((s) => s.dismiss);
  const start = useDownloads((s) => s.start);
  const failed = Object.values(jobs).filter((j) => j.workspaceId === workspace.id && j.projectId === project.id && j.interviewId !== null && j.state === 'failed');
  return (
    <>
      {error && <ErrorNote error={error} />}
      {failed.map((j) => (
        <div key={j.jobId} className="error-note iv-download-failed" role="alert">
          <p>
            {j.label ? `${j.label}'s video` : 'A video'} could not be downloaded for offline use. {j.message ?? 'Try again later.'}
          </p>
          <span className="row-8">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                dismiss(j.jobId);
                void start(workspace.id, { projectId: project.id, interviewId: j.interviewId!, ...(j.label ? { label: j.label } : {}) });
              }}
            >
              Try again
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => dismiss(j.jobId)}>
              Dismiss
            </button>
          </span>
        </div>
      ))}
    </>
  );
}
