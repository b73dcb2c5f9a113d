import type { ProjectSummary } from '../../../shared/views';
import { ProgressBar } from '../../components/ProgressBar';
import { StatusBadge } from '../../components/StatusBadge';
import { openProject } from '../../app/nav-store';
import { formatDate, typeLabel } from '../../lib/format';
import './projects.css';

/** Every study of the workspace: title, type, status, created date and recruiting progress. */
export function ProjectTable({ items }: { items: ProjectSummary[] }) {
  return (
    <table className="table projects-table" aria-label="Studies">
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">Created</th>
          <th scope="col">Recruiting</th>
        </tr>
      </thead>
      <tbody>
        {items.map((p) => {
          const done = p.recruiting?.completed_participants ?? 0;
          const target = p.recruiting?.target_participants ?? 0;
          return (
            <tr key={p.id}>
              <th scope="row" className="table-title">
                <button type="button" className="btn-link table-link" onClick={() => openProject(p.id)}>
                  {p.title || 'Untitled study'}
                </button>
              </th>
              <td>{typeLabel(p.type)}</td>
              <td>
                <StatusBadge status={p.status} />
              </td>
              <td className="num">{formatDate(p.created_at)}</td>
              <td>
                <div className="recruiting">
                  <ProgressBar value={done} max={target} label={`${p.title || 'Untitled study'}: ${done} of ${target} participants completed`} />
                  <span className="num muted">
                    {done} / {target || '—'}
                  </span>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
