import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AppInfo } from '../../../shared/ipc/channels/app';
import { settingsFields, type SettingsView } from '../../../shared/ipc/channels/settings';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { useNav } from '../../app/nav-store';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { ProgressBar } from '../../components/ProgressBar';
import { api, call, UiError } from '../../lib/api';
import { useWorkspaces } from '../workspaces/store';
import { checkNumber, formatBytes, removalText } from './settings-text';
import { applyTheme, useSettings, type Theme } from './store';
import './settings.css';

/** Workspaces, sync, offline videos, appearance, notifications, the webhook receiver and about. */
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
          <p className="muted">Saved on this computer. Changes apply at once.</p>
        </div>
      </header>
      <WorkspacesSection />
      {settings ? (
        <>
          <SyncSection settings={settings} />
          <VideosSection settings={settings} />
          <AppearanceSection settings={settings} />
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

function Section({ title, description, children, wide }: { title: string; description?: ReactNode; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section className={`card settings-section ${wide ? 'settings-section-wide' : ''}`} aria-labelledby={`${id}-h`}>
      <div className="settings-section-head">
        <h2 id={`${id}-h`}>{title}</h2>
        {description && <p className="muted">{description}</p>}
      </div>
      <div className="settings-section-body">{children}</div>
    </section>
  );
}

/** A number setting with its own Save: validated as typed, and kept as typed when saving fails. */
function NumberSetting({
  label,
  unit,
  hint,
  schema,
  value,
  onSave,
}: {
  label: string;
  unit: string;
  hint: string;
  schema: z.ZodType<number>;
  value: number;
  onSave: (n: number) => Promise<unknown>;
}) {
  const id = useId();
  const [raw, setRaw] = useState(String(value));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<UiError | null>(null);
  const [saved, setSaved] = useState(false);
  const check = checkNumber(schema, raw);
  const showError = touched ? check.error : null;
  const dirty = raw.trim() !== String(value);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setSaved(false);
    if (check.error !== null) return;
    setBusy(true);
    setSaveError(null);
    try {
      await onSave(check.value);
      setSaved(true);
    } catch (err) {
      setSaveError(UiError.from(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="row-8">
          <input
            id={id}
            className="input settings-number num"
            inputMode="numeric"
            value={raw}
            onChange={(e) => {
              setRaw(e.target.value);
              setTouched(true);
              setSaved(false);
            }}
            aria-invalid={showError ? true : undefined}
            aria-describedby={`${id}-${showError ? 'error' : 'hint'}`}
          />
          <span className="muted">{unit}</span>
          <button type="submit" className="btn" disabled={busy || !dirty}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          {saved && !dirty && (
            <span className="settings-saved" role="status">
              Saved
            </span>
          )}
        </div>
        {showError ? (
          <span className="field-error" id={`${id}-error`} role="alert">
            {showError}
          </span>
        ) : (
          <span className="hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
      </div>
      {saveError && <ErrorNote error={saveError} />}
    </form>
  );
}

function SyncSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  return (
    <Section title="Sync" description="Fieldwork fetches new interviews and reports in the background, and whenever you press Sync now (Ctrl+R).">
      <NumberSetting
        label="Sync interval"
        unit="minutes"
        hint="From 1 minute to 1440 (once a day)."
        schema={settingsFields.sync_interval_minutes}
        value={settings.sync_interval_minutes}
        onSave={(n) => save({ sync_interval_minutes: n })}
      />
    </Section>
  );
}

function VideosSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const workspace = useWorkspaces((s) => s.workspaces.find((w) => w.id === s.currentId) ?? null);
  const [usage, setUsage] = useState<{ bytes: number; quota: number } | null>(null);
  const [usageError, setUsageError] = useState<UiError | null>(null);
  const workspaceId = workspace?.id ?? null;
  useEffect(() => {
    if (!workspaceId) return;
    let live = true;
    call(api().videos.usage({ workspace_id: workspaceId }))
      .then((u) => live && setUsage(u))
      .catch((e: unknown) => live && setUsageError(UiError.from(e)));
    return () => {
      live = false;
    };
  }, [workspaceId, settings.video_quota_mb]);
  const quotaBytes = settings.video_quota_mb * 1024 * 1024;
  return (
    <Section title="Offline videos" description="Videos you download play without a network. When the space is full, the oldest downloads make room.">
      <NumberSetting
        label="Space for offline videos"
        unit="MB per workspace"
        hint="At least 100 MB."
        schema={settingsFields.video_quota_mb}
        value={settings.video_quota_mb}
        onSave={(n) => save({ video_quota_mb: n })}
      />
      {workspace && (
        <div className="settings-usage">
          <div className="settings-usage-label">
            <span>{workspace.name}</span>
            <span className="num muted">{usage ? `${formatBytes(usage.bytes)} of ${formatBytes(quotaBytes)} used` : usageError ? '' : 'Measuring…'}</span>
          </div>
          {usage && <ProgressBar value={usage.bytes} max={quotaBytes} label={`Offline videos: ${formatBytes(usage.bytes)} of ${formatBytes(quotaBytes)} used`} />}
          {usageError && <ErrorNote error={usageError} />}
        </div>
      )}
    </Section>
  );
}

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function AppearanceSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const [error, setError] = useState<UiError | null>(null);
  // Shown as chosen at once; main confirms, or the choice is rolled back with the reason.
  const [pending, setPending] = useState<Theme | null>(null);
  const current = pending ?? settings.theme;
  const id = useId();
  const choose = async (theme: Theme) => {
    const before = settings.theme;
    setPending(theme);
    applyTheme(theme);
    setError(null);
    try {
      await save({ theme });
    } catch (e) {
      applyTheme(before);
      setError(UiError.from(e));
    } finally {
      setPending(null);
    }
  };
  return (
    <Section title="Appearance">
      <fieldset className="settings-fieldset">
        <legend>Theme</legend>
        <div className="segmented">
          {THEMES.map((t) => (
            <label key={t.value} className={`segment ${current === t.value ? 'is-checked' : ''}`}>
              <input type="radio" name={`${id}-theme`} value={t.value} checked={current === t.value} onChange={() => void choose(t.value)} />
              {t.label}
            </label>
          ))}
        </div>
        <span className="hint">System follows your computer's light or dark setting.</span>
      </fieldset>
      {error && <ErrorNote error={error} />}
    </Section>
  );
}

function Toggle({ label, hint, checked, onChange, disabled }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="toggle-row">
      <input id={id} type="checkbox" role="switch" className="switch" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <div className="toggle-text">
        <label htmlFor={id}>{label}</label>
        {hint && (
          <span className="hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

function NotificationsSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const [error, setError] = useState<UiError | null>(null);
  const [pending, setPending] = useState<boolean | null>(null);
  return (
    <Section title="Notifications">
      <Toggle
        label="Notify me when interviews complete or a report is ready"
        hint="A system notification when Fieldwork is in the background; a note in the corner of the window when it is in front."
        checked={pending ?? settings.notifications}
        onChange={(v) => {
          setError(null);
          setPending(v);
          save({ notifications: v })
            .catch((e: unknown) => setError(UiError.from(e)))
            .finally(() => setPending(null));
        }}
      />
      {error && <ErrorNote error={error} />}
    </Section>
  );
}

function WebhookSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const keychain = useWorkspaces((s) => s.appInfo?.keychain.available ?? false);
  const store = keychain ? 'the keychain' : 'memory until Fieldwork quits (no keychain)';
  const id = useId();
  const [enabled, setEnabled] = useState(settings.webhook_enabled);
  const [port, setPort] = useState(String(settings.webhook_port));
  const [touched, setTouched] = useState(false);
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState<'receiver' | 'secret' | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [secretError, setSecretError] = useState<string | UiError | null>(null);
  const portCheck = checkNumber(settingsFields.webhook_port, port);
  const portError = touched ? portCheck.error : null;
  const dirty = enabled !== settings.webhook_enabled || port.trim() !== String(settings.webhook_port);

  async function saveReceiver(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (portCheck.error !== null) return;
    setBusy('receiver');
    setError(null);
    try {
      await save({ webhook_enabled: enabled, webhook_port: portCheck.value });
    } catch (err) {
      setError(UiError.from(err));
    } finally {
      setBusy(null);
    }
  }

  async function saveSecret(e: FormEvent, value: string) {
    e.preventDefault();
    if (value !== '' && value.trim().length < 8) {
      setSecretError('Use a secret of at least 8 characters, the one the service shows when you register the webhook.');
      return;
    }
    setBusy('secret');
    setSecretError(null);
    try {
      await save({ webhook_secret: value.trim() });
      setSecret('');
    } catch (err) {
      setSecretError(UiError.from(err));
    } finally {
      setBusy(null);
    }
  }

  const listening = settings.webhook_listening_port;
  const state = listening
    ? { tone: 'ok', text: `Listening on 127.0.0.1:${listening}` }
    : !settings.webhook_enabled
      ? { tone: 'off', text: 'Off' }
      : !settings.webhook_secret_set
        ? { tone: 'warn', text: 'Not listening: set the signing secret below to start it.' }
        : { tone: 'warn', text: `Not listening: port ${settings.webhook_port} could not be opened. Another program may use it; choose another port.` };

  return (
    <Section
      title="Webhook receiver"
      description="Optional. The service can tell Fieldwork the moment an interview completes, instead of waiting for the next sync. Deliveries must reach this computer (for example through a tunnel)."
    >
      <p className={`webhook-state webhook-state-${state.tone}`} role="status">
        <span className="webhook-dot" aria-hidden="true" />
        {state.text}
      </p>
      <form className="settings-form stack-12" onSubmit={saveReceiver} noValidate>
        <Toggle label="Receive webhooks" checked={enabled} onChange={setEnabled} />
        <div className="field">
          <label htmlFor={`${id}-port`}>Port</label>
          <div className="row-8">
            <input
              id={`${id}-port`}
              className="input settings-number num"
              inputMode="numeric"
              value={port}
              onChange={(e) => {
                setPort(e.target.value);
                setTouched(true);
              }}
              aria-invalid={portError ? true : undefined}
              aria-describedby={`${id}-port-${portError ? 'error' : 'hint'}`}
            />
            <button type="submit" className="btn" disabled={busy !== null || !dirty}>
              {busy === 'receiver' ? 'Saving…' : 'Save'}
            </button>
          </div>
          {portError ? (
            <span className="field-error" id={`${id}-port-error`} role="alert">
              {portError}
            </span>
          ) : (
            <span className="hint" id={`${id}-port-hint`}>
              From 1024 to 65535. Fieldwork listens on this computer only (127.0.0.1).
            </span>
          )}
        </div>
        {error && <ErrorNote error={error} />}
      </form>
      <form className="settings-form" onSubmit={(e) => void saveSecret(e, secret)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-secret`}>Signing secret</label>
          <div className="row-8">
            <input
              id={`${id}-secret`}
              className="input settings-secret"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={secret}
              placeholder={settings.webhook_secret_set ? '••••••••  (set)' : ''}
              onChange={(e) => {
                setSecret(e.target.value);
                setSecretError(null);
              }}
              aria-invalid={typeof secretError === 'string' ? true : undefined}
              aria-describedby={`${id}-secret-${typeof secretError === 'string' ? 'error' : 'hint'}`}
            />
            <button type="submit" className="btn" disabled={busy !== null || secret.trim() === ''}>
              {busy === 'secret' ? 'Saving…' : settings.webhook_secret_set ? 'Replace secret' : 'Set secret'}
            </button>
            {settings.webhook_secret_set && (
              <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={(e) => void saveSecret(e, '')}>
                Remove secret
              </button>
            )}
          </div>
          {typeof secretError === 'string' ? (
            <span className="field-error" id={`${id}-secret-error`} role="alert">
              {secretError}
            </span>
          ) : (
            <span className="hint" id={`${id}-secret-hint`}>
              {settings.webhook_secret_set
                ? `A secret is stored in ${store}. It is never shown; type a new one to replace it.`
                : `The secret the service shows when you register the webhook. Kept in ${store}.`}
            </span>
          )}
        </div>
        {secretError instanceof UiError && <ErrorNote error={secretError} />}
      </form>
    </Section>
  );
}

function WorkspacesSection() {
  const { workspaces, currentId } = useWorkspaces();
  const go = useNav((s) => s.go);
  const [removing, setRemoving] = useState<WorkspaceSummary | null>(null);
  return (
    <Section wide title="Workspaces" description="One workspace per organisation. Each keeps its own saved data and offline videos.">
      {workspaces.length === 0 ? (
        <p className="muted">No workspaces yet.</p>
      ) : (
        <table className="table settings-table" aria-label="Workspaces">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Service address</th>
              <th scope="col">Organisation</th>
              <th scope="col">API key</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {workspaces.map((w) => (
              <tr key={w.id}>
                <th scope="row">
                  <span className="settings-ws-name">
                    <span className="table-title">{w.name}</span>
                    {w.id === currentId && <span className="pill">In use</span>}
                    {w.is_demo && <span className="pill">Demo</span>}
                  </span>
                </th>
                <td className="mono settings-url">{w.base_url}</td>
                <td className="mono">{w.organisation_id ?? <span className="muted">—</span>}</td>
                <td>{w.key_storage === 'keychain' ? 'System keychain' : <span className="settings-memory">Memory only (this session)</span>}</td>
                <td className="settings-actions">
                  <button type="button" className="btn btn-small btn-danger" onClick={() => setRemoving(w)} aria-label={`Remove ${w.name}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div>
        <button type="button" className="btn" onClick={() => go({ name: 'add-workspace' })}>
          Add workspace
        </button>
      </div>
      {removing && <RemoveWorkspaceDialog workspace={removing} onClose={() => setRemoving(null)} />}
    </Section>
  );
}

function RemoveWorkspaceDialog({ workspace, onClose }: { workspace: WorkspaceSummary; onClose: () => void }) {
  const remove = useWorkspaces((s) => s.remove);
  const [purge, setPurge] = useState(false);
  const [bytes, setBytes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    call(api().videos.usage({ workspace_id: workspace.id }))
      .then((u) => live && setBytes(u.bytes))
      .catch(() => live && setBytes(null));
    return () => {
      live = false;
    };
  }, [workspace.id]);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await remove(workspace.id, purge);
      onClose();
    } catch (e) {
      setError(UiError.from(e));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Remove workspace"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger-solid" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Removing…' : `Remove ${workspace.name}`}
          </button>
        </>
      }
    >
      <p className="settings-consequence">{removalText(workspace, purge, bytes)}</p>
      <div className="toggle-row">
        <input id={`${id}-purge`} type="checkbox" checked={purge} onChange={(e) => setPurge(e.target.checked)} />
        <label htmlFor={`${id}-purge`}>
          Also delete its saved data and offline videos{bytes ? ` (${formatBytes(bytes)})` : ''} from this computer
        </label>
      </div>
      {!purge && <p className="muted">Kept data stays on disk and comes back if you add this workspace again.</p>}
      {error && <ErrorNote error={error} />}
    </Dialog>
  );
}

function AboutSection({ info }: { info: AppInfo | null }) {
  return (
    <Section title="About">
      {info ? (
        <dl className="settings-about">
          <dt>Version</dt>
          <dd className="num">{info.version}</dd>
          <dt>Platform</dt>
          <dd>{info.platform}</dd>
          <dt>Keychain</dt>
          <dd>{info.keychain.available ? 'Available: API keys are stored in the system keychain.' : `Not available. ${info.keychain.message ?? 'API keys are kept in memory for this session only.'}`}</dd>
        </dl>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </Section>
  );
}
