import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { checkServiceUrl } from '../../../shared/service-url';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { useWorkspaces } from './store';

type Errors = Partial<Record<'name' | 'base_url' | 'api_key', string>>;

function validate(v: { name: string; base_url: string; api_key: string }): Errors {
  const errors: Errors = {};
  if (v.name.trim() === '') errors.name = 'Give the workspace a name.';
  const url = checkServiceUrl(v.base_url);
  if (v.base_url.trim() === '') errors.base_url = 'Enter the service address.';
  else if (!url.ok) errors.base_url = url.message;
  if (v.api_key.trim().length < 8) errors.api_key = 'Paste the API key your account manager gave you.';
  return errors;
}

/** Adds a workspace. The key is checked by the service before it is saved; on failure nothing typed is lost. */
export function AddWorkspaceForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const add = useWorkspaces((s) => s.add);
  const keychain = useWorkspaces((s) => s.appInfo?.keychain.available ?? true);
  const [values, setValues] = useState({ name: '', base_url: '', api_key: '', organisation_id: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [showKey, setShowKey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<UiError | null>(null);
  const [keyRejected, setKeyRejected] = useState<string | null>(null);
  const id = useId();
  const errors = validate(values);
  if (keyRejected && !errors.api_key) errors.api_key = keyRejected;
  const show = (f: keyof Errors) => (touched[f] ? errors[f] : undefined);

  const update = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (field === 'api_key' || field === 'base_url') setKeyRejected(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ name: true, base_url: true, api_key: true });
    if (Object.keys(validate(values)).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      await add({
        name: values.name.trim(),
        base_url: values.base_url.trim(),
        api_key: values.api_key.trim(),
        ...(values.organisation_id.trim() ? { organisation_id: values.organisation_id.trim() } : {}),
      });
      setValues({ name: '', base_url: '', api_key: '', organisation_id: '' });
      onDone?.();
    } catch (err) {
      const ui = UiError.from(err);
      if (ui.code === 'invalid_api_key') setKeyRejected(ui.message);
      else setServerError(ui);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof Errors, label: string, input: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint && !show(name) && (
        <span className="hint" id={`${id}-${name}-hint`}>
          {hint}
        </span>
      )}
      {show(name) && (
        <span className="field-error" id={`${id}-${name}-error`} role="alert">
          {show(name)}
        </span>
      )}
    </div>
  );
  const aria = (name: keyof Errors) => ({
    id: `${id}-${name}`,
    'aria-invalid': show(name) ? true : undefined,
    'aria-describedby': show(name) ? `${id}-${name}-error` : `${id}-${name}-hint`,
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  return (
    <form className="stack-12" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a workspace">
      {field(
        'name',
        'Workspace name',
        <input className="input" value={values.name} onChange={update('name')} autoComplete="off" {...aria('name')} />,
        'For example, the organisation or team name.',
      )}
      {field(
        'base_url',
        'Service address',
        <input
          className="input"
          value={values.base_url}
          onChange={update('base_url')}
          placeholder="https://api.example.com"
          inputMode="url"
          autoComplete="off"
          {...aria('base_url')}
        />,
        'The base URL of the Research Interview Service.',
      )}
      {field(
        'api_key',
        'API key',
        <div className="input-row">
          <input
            className="input"
            type={showKey ? 'text' : 'password'}
            value={values.api_key}
            onChange={update('api_key')}
            autoComplete="off"
            spellCheck={false}
            {...aria('api_key')}
          />
          {/* The name says what the button does next; a toggle whose label also flips would read backwards. */}
          <button type="button" className="btn" onClick={() => setShowKey((s) => !s)} aria-controls={`${id}-api_key`}>
            {showKey ? 'Hide key' : 'Show key'}
          </button>
        </div>,
        keychain
          ? 'Stored in your system keychain, never in a file.'
          : 'No keychain on this computer: the key is kept in memory until Fieldwork quits, never in a file.',
      )}
      <div className="field">
        <label htmlFor={`${id}-org`}>
          Organisation ID <span className="muted">(optional)</span>
        </label>
        <input
          id={`${id}-org`}
          className="input"
          value={values.organisation_id}
          onChange={update('organisation_id')}
          autoComplete="off"
          aria-describedby={`${id}-org-hint`}
        />
        <span className="hint" id={`${id}-org-hint`}>
          Needed only to create studies with an AI-generated guide.
        </span>
      </div>
      {serverError && <ErrorNote error={serverError} />}
      <div className="row-8">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Checking the key…' : 'Add workspace'}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
