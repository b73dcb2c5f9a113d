import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useInterviews } from './store';
import type { InterviewRow } from '../../../shared/views';
import { participantLabel } from '../../../shared/participant-code';
import { openInterview } from '../../app/nav-store';
import { useRowWindow } from '../../lib/row-window';
import { formatShortDateTime } from '../../lib/timecode';
import { interviewJob, useDownloads, type DownloadJob } from './downloads-store';
import { uiFor, useInterviewsUi } from './ui-store';
import type { useInterviewPages } from './use-interview-pages';
import type { TabProps } from './tab-props';

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 36;
const COLUMNS = 8;

const STATUS: Record<string, { label: string; tone: string }> = {
  COMPLETE: { label: 'Complete', tone: 'success' },
  INCOMPLETE: { label: 'Incomplete', tone: 'warning' },
  STARTED: { label: 'Started', tone: 'neutral' },
};

export type Pages = ReturnType<typeof useInterviewPages>;

export function InterviewTable({ workspace, project, pages }: TabProps & { pages: Pages }) {
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
        <tr
          key={`loading-${i}`}
          className="iv-row iv-row-loading"
          aria-rowindex={i + 2}
          data-index={i}
          tabIndex={i === tabRow ? 0 : -1}
          onFocus={() => setActive(i)}
        >
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
          <col className="iv-col-select" />
          <col className="iv-col-name" />
          <col className="iv-col-email" />
          <col className="iv-col-status" />
          <col className="iv-col-date" />
          <col className="iv-col-duration" />
          <col className="iv-col-screener" />
          <col className="iv-col-offline" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="iv-select">
              <SelectAll workspace={workspace} project={project} pages={pages} />
            </th>
            <th scope="col" className="iv-name">
              Participant
            </th>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
            <th scope="col">Completed</th>
            <th scope="col" className="iv-num">
              Duration
            </th>
            <th scope="col">Screener</th>
            <th scope="col">Video</th>
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

function InterviewTableRow({
  workspace,
  project,
  row: r,
  index,
  active,
  onFocus,
}: TabProps & { row: InterviewRow; index: number; active: boolean; onFocus: () => void }) {
  const job = useDownloads((s) => interviewJob(s.jobs, workspace.id, r.id));
  const start = useDownloads((s) => s.start);
  const cancel = useDownloads((s) => s.cancel);
  const status = STATUS[r.status] ?? { label: r.status, tone: 'neutral' };
  // Controls are named by the name (the code when there is none); the cell shows the code beside the name
  // (issue 21 §3), the label every export gives this interview.
  const name = r.participant_name?.trim() || r.code || 'Unnamed participant';
  const label = participantLabel(r.code, r.participant_name) || name;
  const stop = (e: MouseEvent) => e.stopPropagation();
  const key = `${workspace.id}/${project.id}`;
  const selected = useInterviewsUi((s) => uiFor(s, key).selected.includes(r.id));
  const patch = useInterviewsUi((s) => s.patch);
  const toggle = (on: boolean) => {
    const now = uiFor(useInterviewsUi.getState(), key).selected;
    patch(key, { selected: on ? [...now.filter((x) => x !== r.id), r.id] : now.filter((x) => x !== r.id) });
  };
  return (
    <tr
      className={`iv-row ${selected ? 'is-selected' : ''}`}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      tabIndex={active ? 0 : -1}
      onFocus={(e) => e.target === e.currentTarget && onFocus()}
      onClick={() => openInterview(project.id, r.id)}
    >
      <td className="iv-select" onClick={stop}>
        <input type="checkbox" aria-label={`Select ${name} for export`} checked={selected} onChange={(e) => toggle(e.target.checked)} />
      </td>
      <th scope="row" className="iv-name">
        {label}
      </th>
      <td className="iv-email">{r.participant_email ?? <span className="muted">—</span>}</td>
      <td>
        <span className={`status status-${status.tone}`}>
          <span className="status-dot" aria-hidden="true" />
          {status.label}
        </span>
      </td>
      <td className="num" title={r.completed_at ?? undefined}>
        {formatShortDateTime(r.completed_at)}
      </td>
      <td className="num iv-num">{r.duration_minutes === null ? <span className="muted">—</span> : `${r.duration_minutes} min`}</td>
      <td>
        <ScreenerMark approved={r.screener_approved} />
      </td>
      {/* The video's state and what can be done about it share a cell: the table keeps its width for the participant. */}
      <td className="iv-video">
        <span className="iv-video-cell">
          <OfflineMark row={r} job={job} />
          {job && job.interviewId === r.id ? (
            <button
              type="button"
              className="btn btn-small"
              aria-label={`Cancel download of ${name}'s video`}
              onClick={(e) => {
                stop(e);
                void cancel(job.jobId);
              }}
            >
              Cancel
            </button>
          ) : (
            r.has_video &&
            !r.offline &&
            !job && (
              <button
                type="button"
                className="btn btn-ghost btn-small iv-download"
                aria-label={`Download ${name}'s video for offline`}
                onClick={(e) => {
                  stop(e);
                  void start(workspace.id, { projectId: project.id, interviewId: r.id, label: name });
                }}
              >
                Download
              </button>
            )
          )}
        </span>
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

/**
 * The header's checkbox: ticks every interview the filters show (all of them, not only the rows scrolled to),
 * or unticks them when they are all ticked already.
 */
function SelectAll({ workspace, project, pages }: TabProps & { pages: Pages }) {
  const key = `${workspace.id}/${project.id}`;
  const selected = useInterviewsUi((s) => uiFor(s, key).selected);
  const patch = useInterviewsUi((s) => s.patch);
  const matchingIds = useInterviews((s) => s.matchingIds);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  // What is known without reading every page: the loaded rows, and how many the filters match.
  const chosen = new Set(selected);
  const loaded = [...pages.pages.values()].flat();
  const all = pages.total > 0 && loaded.length > 0 && loaded.every((r) => chosen.has(r.id)) && selected.length >= pages.total;
  const some = !all && loaded.some((r) => chosen.has(r.id));
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  const toggle = async () => {
    if (pages.query === null) return;
    setBusy(true);
    try {
      const ids = await matchingIds(pages.query);
      if (!ids) return;
      const now = uiFor(useInterviewsUi.getState(), key).selected;
      const those = new Set(ids);
      patch(key, { selected: all ? now.filter((x) => !those.has(x)) : [...now.filter((x) => !those.has(x)), ...ids] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={all ? 'Clear the selection of the interviews shown' : 'Select all interviews shown'}
      checked={all}
      disabled={busy || pages.total === 0}
      onChange={() => void toggle()}
    />
  );
}
