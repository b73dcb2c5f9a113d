import { webhookSecretProblem } from '../../../shared/webhook-secret';
import { useId, useState, type FormEvent } from 'react';
import { settingsFields, type SettingsView } from '../../../shared/ipc/channels/settings';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { useWorkspaces } from '../workspaces/store';
import { escapeReverts, Section, Toggle } from './SettingsSection';
import { checkNumber } from './settings-text';
import { useSettings } from './store';

export function WebhookSection({ settings }: { settings: SettingsView }) {
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
  const [savedReceiver, setSavedReceiver] = useState(false);
  const [refusedReceiver, setRefusedReceiver] = useState(0);
  const [refusedSecret, setRefusedSecret] = useState(0);
  const receiverRef = useFocusFirstInvalid(refusedReceiver);
  const secretRef = useFocusFirstInvalid(refusedSecret);
  const portCheck = checkNumber(settingsFields.webhook_port, port);
  const portError = touched ? portCheck.error : null;
  const dirty = enabled !== settings.webhook_enabled || port.trim() !== String(settings.webhook_port);

  async function saveReceiver(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setSavedReceiver(false);
    if (portCheck.error !== null) {
      setRefusedReceiver((n) => n + 1);
      return;
    }
    setBusy('receiver');
    setError(null);
    try {
      await save({ webhook_enabled: enabled, webhook_port: portCheck.value });
      setSavedReceiver(true);
    } catch (err) {
      setError(UiError.from(err));
      setRefusedReceiver((n) => n + 1);
    } finally {
      setBusy(null);
    }
  }

  async function saveSecret(e: FormEvent, value: string) {
    e.preventDefault();
    const problem = value === '' ? null : webhookSecretProblem(value);
    if (problem) {
      setSecretError(problem);
      setRefusedSecret((n) => n + 1);
      return;
    }
    setBusy('secret');
    setSecretError(null);
    try {
      await save({ webhook_secret: value.trim() });
      setSecret('');
    } catch (err) {
      setSecretError(UiError.from(err));
      setRefusedSecret((n) => n + 1);
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
      <form ref={receiverRef} className="settings-form stack-12" onSubmit={(e) => void saveReceiver(e)} noValidate>
        <Toggle
          label="Receive webhooks"
          hint="Starts or stops the receiver when you press Save."
          checked={enabled}
          onChange={(v) => {
            setEnabled(v);
            setSavedReceiver(false);
          }}
        />
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
                setSavedReceiver(false);
              }}
              onKeyDown={escapeReverts(port, String(settings.webhook_port), () => {
                setPort(String(settings.webhook_port));
                setTouched(false);
              })}
              aria-invalid={portError ? true : undefined}
              aria-describedby={`${id}-port-${portError ? 'error' : 'hint'}`}
            />
            <button type="submit" className="btn" disabled={busy !== null || !dirty}>
              {busy === 'receiver' ? 'Saving…' : 'Save'}
            </button>
            {savedReceiver && !dirty && (
              <span className="settings-saved" role="status">
                Saved and applied.
              </span>
            )}
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
      <form ref={secretRef} className="settings-form" onSubmit={(e) => void saveSecret(e, secret)} noValidate>
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
              onKeyDown={escapeReverts(secret, '', () => {
                setSecret('');
                setSecretError(null);
              })}
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
