import { useEffect } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import { useWorkspaces } from '../workspaces/store';
import { AboutSection } from './AboutSection';
import { AppearanceSection } from './AppearanceSection';
import { CoderSection } from './CoderSection';
import { NotificationsSection } from './NotificationsSection';
import { SyncSection, VideosSection } from './SyncSettings';
import { WebhookSection } from './WebhookSection';
import { WorkspacesSection } from './WorkspacesSection';
import { useSettings } from './store';
import './settings.css';

/** Workspaces, sync, offline videos, appearance, your name as coder, notifications, the webhook receiver and about. */
export function SettingsScreen() {
  const { status, settings, error, load } = useSettings();
  const appInfo = useWorkspaces((s) => s.appInfo);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen settings" aria-labelledby="settings-title">
      <header className="screen-head">
        <div>
          <h1 id="settings-title">Settings</h1>
          <p className="muted">
            Kept on this computer. Theme and notifications change as you choose them; the other settings change when you press their Save.
          </p>
        </div>
      </header>
      <WorkspacesSection />
      {settings ? (
        <>
          <SyncSection settings={settings} />
          <VideosSection settings={settings} />
          <AppearanceSection settings={settings} />
          <CoderSection settings={settings} />
          <NotificationsSection settings={settings} />
          <WebhookSection settings={settings} />
        </>
      ) : status === 'error' && error ? (
        <ErrorNote error={error} onRetry={() => void load()} />
      ) : (
        <p className="empty" role="status">
          <span className="spinner" aria-hidden="true" /> Loading settings…
        </p>
      )}
      <AboutSection info={appInfo} />
    </section>
  );
}
