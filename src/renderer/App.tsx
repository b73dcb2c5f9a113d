import { useEffect, useState } from 'react';
import { ErrorNote } from './components/ErrorNote';
import { ProjectsScreen } from './features/projects/ProjectsScreen';
import { AddWorkspaceForm } from './features/workspaces/AddWorkspaceForm';
import { FirstRun } from './features/workspaces/FirstRun';
import { Sidebar } from './features/workspaces/Sidebar';
import { useWorkspaces } from './features/workspaces/store';
import './styles/app.css';

export function App() {
  const { status, workspaces, currentId, appInfo, error, load } = useWorkspaces();
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    void load();
    return window.fieldwork.events.on('workspaces.changed', () => void load());
  }, [load]);

  if (status === 'loading' && workspaces.length === 0) {
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Opening Fieldwork…
      </p>
    );
  }
  if (status === 'error' && error) {
    return (
      <main className="first-run">
        <ErrorNote error={error} onRetry={() => void load()} />
      </main>
    );
  }
  const keychainBanner = appInfo && !appInfo.keychain.available && appInfo.keychain.message && (
    <div className="banner banner-warning" role="status">
      <strong>No keychain.</strong> <span>{appInfo.keychain.message}</span>
    </div>
  );
  const current = workspaces.find((w) => w.id === currentId);
  if (!current) {
    return (
      <>
        {keychainBanner}
        <FirstRun />
      </>
    );
  }
  return (
    <div className="shell">
      {keychainBanner}
      <div className="shell-body">
        <Sidebar onAddWorkspace={() => setAdding(true)} />
        <main className="content">
          {adding ? (
            <section className="screen" aria-labelledby="add-title">
              <h1 id="add-title">Add a workspace</h1>
              <div className="card" style={{ padding: 'var(--sp-24)', maxWidth: 520 }}>
                <AddWorkspaceForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
              </div>
            </section>
          ) : (
            <ProjectsScreen workspace={current} />
          )}
        </main>
      </div>
    </div>
  );
}
