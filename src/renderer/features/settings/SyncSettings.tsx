import { useEffect } from 'react';
import { settingsFields, type SettingsView } from '../../../shared/ipc/channels/settings';
import { ErrorNote } from '../../components/ErrorNote';
import { ProgressBar } from '../../components/ProgressBar';
import { useWorkspaces } from '../workspaces/store';
import { NumberSetting, Section } from './SettingsSection';
import { formatBytes } from './settings-text';
import { useSettings, videoUsage } from './store';

export function SyncSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  return (
    <Section
      title="Sync"
      description="Fieldwork fetches new interviews and reports in the background, and whenever you press Sync now (Ctrl+R). A new interval applies when you press Save."
    >
      <NumberSetting
        label="Sync interval"
        unit="minutes"
        hint="From 1 minute to 1440 (once a day)."
        schema={settingsFields.sync_interval_minutes}
        value={settings.sync_interval_minutes}
        onSave={(n) => save({ sync_interval_minutes: n })}
        savedText={(n) => `Saved. The next sync comes ${n === 1 ? '1 minute' : `${n} minutes`} from now.`}
      />
    </Section>
  );
}

export function VideosSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const workspace = useWorkspaces((s) => s.workspaces.find((w) => w.id === s.currentId) ?? null);
  const workspaceId = workspace?.id ?? null;
  const { usage, error: usageError } = useSettings((s) => videoUsage(s, workspaceId ?? ''));
  const loadUsage = useSettings((s) => s.loadUsage);
  useEffect(() => {
    if (workspaceId) void loadUsage(workspaceId);
  }, [workspaceId, settings.video_quota_mb, loadUsage]);
  const quotaBytes = settings.video_quota_mb * 1024 * 1024;
  return (
    <Section
      title="Offline videos"
      description="Videos you download play without a network. When the space is full, Fieldwork says so and downloads no more until you remove some or allow more space here; nothing is removed for you."
    >
      <NumberSetting
        label="Space for offline videos"
        unit="MB per workspace"
        hint="At least 100 MB."
        schema={settingsFields.video_quota_mb}
        value={settings.video_quota_mb}
        onSave={(n) => save({ video_quota_mb: n })}
        savedText={(n) => `Saved. Downloads from now on may use ${n} MB per workspace.`}
      />
      {workspace && (
        <div className="settings-usage">
          <div className="settings-usage-label">
            <span>{workspace.name}</span>
            <span className="num muted">{usage ? `${formatBytes(usage.bytes)} of ${formatBytes(quotaBytes)} used` : usageError ? '' : 'Measuring…'}</span>
          </div>
          {usage && (
            <ProgressBar value={usage.bytes} max={quotaBytes} label={`Offline videos: ${formatBytes(usage.bytes)} of ${formatBytes(quotaBytes)} used`} />
          )}
          {usageError && <ErrorNote error={usageError} />}
        </div>
      )}
    </Section>
  );
}
