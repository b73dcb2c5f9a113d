import { useId } from 'react';
import { StatusDot } from '../../components/StatusBadge';
import { openProject, useNav } from '../../app/nav-store';
import { EMPTY, useProjects } from '../projects/store';
import { useWorkspaces } from './store';

export function Sidebar() {
  const { workspaces, currentId, select } = useWorkspaces();
  const projects = useProjects((s) => (currentId ? (s.byWorkspace[currentId] ?? EMPTY) : EMPTY));
  const { route, go, openSearch } = useNav();
  const id = useId();
  const activeProject = route.name === 'project' || route.name === 'interview' ? route.projectId : null;
  return (
    <nav className="sidebar" aria-label="Workspace and studies">
      <div className="field">
        <label htmlFor={`${id}-ws`} className="sidebar-label">
          Workspace
        </label>
        <select
          id={`${id}-ws`}
          className="input"
          value={currentId ?? ''}
          onChange={(e) => {
            select(e.target.value);
            go({ name: 'projects' });
          }}
        >
          {workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
        <button type="button" className="btn-link sidebar-add" onClick={() => go({ name: 'add-workspace' })}>
          Add workspace
        </button>
      </div>
      <div className="sidebar-section">
        <button
          type="button"
          className={`sidebar-item sidebar-heading ${route.name === 'projects' ? 'is-active' : ''}`}
          aria-current={route.name === 'projects' ? 'page' : undefined}
          onClick={() => go({ name: 'projects' })}
        >
          Studies
        </button>
        <ul className="sidebar-projects">
          {projects.items.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`sidebar-item ${activeProject === p.id ? 'is-active' : ''}`}
                aria-current={activeProject === p.id ? 'page' : undefined}
                onClick={() => openProject(p.id)}
                title={p.title}
              >
                <StatusDot status={p.status} />
                <span className="sidebar-project-title">{p.title || 'Untitled study'}</span>
              </button>
            </li>
          ))}
          {projects.items.length === 0 && (
            <li className="muted sidebar-empty">
              {projects.status !== 'ready' ? 'Loading…' : projects.syncedAt === null ? 'Not synced yet' : 'No studies yet'}
            </li>
          )}
        </ul>
      </div>
      <div className="sidebar-actions">
        <button
          type="button"
          className={`sidebar-item ${route.name === 'new-study' ? 'is-active' : ''}`}
          aria-current={route.name === 'new-study' ? 'page' : undefined}
          onClick={() => go({ name: 'new-study' })}
        >
          <span aria-hidden="true">+</span> New study <kbd className="kbd">Ctrl N</kbd>
        </button>
        <button type="button" className="sidebar-item" onClick={() => openSearch(true)}>
          <span aria-hidden="true">⌕</span> Search <kbd className="kbd">Ctrl K</kbd>
        </button>
        <button
          type="button"
          className={`sidebar-item ${route.name === 'settings' ? 'is-active' : ''}`}
          aria-current={route.name === 'settings' ? 'page' : undefined}
          onClick={() => go({ name: 'settings' })}
        >
          <span aria-hidden="true">⚙</span> Settings
        </button>
      </div>
    </nav>
  );
}
