import { useEffect } from 'react';
import { Shell } from './app/Shell';
import { ErrorNote } from './components/ErrorNote';
import { useSettings } from './features/settings/store';
import { FirstRun } from './features/workspaces/FirstRun';
import { useWorkspaces } from './features/workspaces/store';
import './styles/app.css';

export function App() {
  const { status, workspaces, currentId, appInfo, error, load, attach } = useWorkspaces();
  useEffect(() => void useSettings.getState().load(), []);
  useEffect(() => attach(), [attach]);

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
      <Shell key={current.id} workspace={current} />
    </div>
  );
}
