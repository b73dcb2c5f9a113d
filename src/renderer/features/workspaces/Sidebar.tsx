import { useId } from 'react';
import { StatusDot } from '../../components/StatusBadge';
import { EMPTY, useProjects } from '../projects/store';
import { useWorkspaces } from './store';

export function Sidebar({ onAddWorkspace }: { onAddWorkspace: () => void }) {
  const { workspaces, currentId, select } = useWorkspaces();
  const projects = useProjects((s) => (currentId ? (s.byWorkspace[currentId] ?? EMPTY) : EMPTY));
  const id = useId();
  return (
    <nav className="sidebar" aria-label="Workspace and projects">
      <div className="field">
        <label htmlFor={`${id}-ws`} className="sidebar-label">
          Workspace
        </label>
        <select id={`${id}-ws`} className="input" value={currentId ?? ''} onChange={(e) => select(e.target.value)}>
          {workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
        <button type="button" className="btn-link sidebar-add" onClick={onAddWorkspace}>
          Add workspace
        </button>
      </div>
      <h2 className="sidebar-label">Projects</h2>
      <ul className="sidebar-projects">
        {projects.items.map((p) => (
          <li key={p.id}>
            <StatusDot status={p.status} />
            <span className="sidebar-project-title" title={p.title}>
              {p.title || 'Untitled study'}
            </span>
          </li>
        ))}
        {projects.items.length === 0 && <li className="muted">{projects.status === 'ready' ? 'No studies yet' : '…'}</li>}
      </ul>
    </nav>
  );
}
