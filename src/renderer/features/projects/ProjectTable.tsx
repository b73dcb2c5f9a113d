import type { ReactNode } from 'react';
import type { ProjectSummary } from '../../../shared/views';
import { ProgressBar } from '../../components/ProgressBar';
import { StatusBadge } from '../../components/StatusBadge';
import { openProject } from '../../app/nav-store';
import { formatDate, relativeTime, typeLabel } from '../../lib/format';
import type { StudySort, StudySortKey } from './study-list';
import './projects.css';

const COLUMNS: { key: StudySortKey; label: string; className?: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'type', label: 'Type' },
  { key: 'status', label: 'Status' },
  { key: 'progress', label: 'Completed / target', className: 'projects-col-progress' },
  { key: 'activity', label: 'Last interview' },
  { key: 'created', label: 'Created' },
];

/**
 * The workspace's studies: title, type, status, completed against target, the latest interview and the
 * created date. Every column sorts from its header; a click anywhere on a row opens the study, and the
 * title is the row's keyboard stop (Enter opens it).
 */
export function ProjectTable({ items, sort, onSort }: { items: ProjectSummary[]; sort: StudySort; onSort: (s: StudySort) => void }) {
  const header = (c: (typeof COLUMNS)[number]): ReactNode => {
    const on = sort.key === c.key;
    const next: StudySort = {
      key: c.key,
      dir: on && sort.dir === 'asc' ? 'desc' : on ? 'asc' : c.key === 'title' || c.key === 'type' || c.key === 'status' ? 'asc' : 'desc',
    };
    return (
      <th key={c.key} scope="col" className={c.className} aria-sort={on ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button type="button" className="sort-button" onClick={() => onSort(next)}>
          {c.label}
          <span className="sort-mark" aria-hidden="true">
            {on ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="projects-table-box">
      <table className="table projects-table" aria-label="Studies">
        <thead>
          <tr>{COLUMNS.map(header)}</tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <StudyRow key={p.id} p={p} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StudyRow({ p }: { p: ProjectSummary }) {
  const title = p.title || 'Untitled study';
  const done = p.recruiting.completed_participants;
  const target = p.recruiting.target_participants;
  const open = () => openProject(p.id);
  return (
    // The row is a larger click target for the mouse; the title button is its one keyboard stop (Enter or Space).
    <tr className="projects-row" onClick={open}>
      <th scope="row" className="table-title">
        <button
          type="button"
          className="btn-link table-link"
          onClick={(e) => {
            e.stopPropagation();
            open();
          }}
        >
          {title}
        </button>
      </th>
      <td>{typeLabel(p.type)}</td>
      <td>
        <StatusBadge status={p.status} />
      </td>
      <td>
        <div className="recruiting">
          {target ? (
            <>
              <ProgressBar value={done} max={target} label={`${title}: ${done} of ${target} participants completed`} />
              <span className="num">
                {done} / {target}
              </span>
            </>
          ) : (
            // No target is set until launch: the count alone, and why there is no target.
            <span className="num">
              {done} / <span title={p.recruiting.has_launched ? 'The service gave no target' : 'The target is set at launch'}>—</span>
              <span className="muted"> {p.recruiting.has_launched ? 'no target' : 'target set at launch'}</span>
            </span>
          )}
        </div>
      </td>
      <td className="num">
        {p.last_interview_at ? (
          <span title={p.last_interview_at}>{relativeTime(p.last_interview_at)}</span>
        ) : (
          // Never a made-up time: say why there is none.
          <span className="muted">— {p.recruiting.has_launched ? 'no interviews saved yet' : 'not launched'}</span>
        )}
      </td>
      <td className="num">{formatDate(p.created_at)}</td>
    </tr>
  );
}
