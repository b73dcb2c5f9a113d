import { useId, useState, type FormEvent } from 'react';
import { settingsFields, type SettingsView } from '../../../shared/ipc/channels/settings';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { escapeReverts, Section } from './SettingsSection';
import { useSettings } from './store';

/**
 * The researcher's name as coder: their codings carry it in the viewer, in agreement with other coders and in
 * exports. Empty shows as "You". Saved with its own Save; the outcome is said beside the field.
 */
export function CoderSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const id = useId();
  const [raw, setRaw] = useState(settings.researcher_name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<UiError | null>(null);
  const [saved, setSaved] = useState(false);
  const [refused, setRefused] = useState(0);
  const formRef = useFocusFirstInvalid(refused);
  const dirty = raw.trim() !== settings.researcher_name;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const check = settingsFields.researcher_name.safeParse(raw);
    if (!check.success) {
      const msg = check.error.issues[0]?.message ?? 'This name is not allowed';
      setProblem(msg.endsWith('.') ? msg : `${msg}.`);
      setRefused((n) => n + 1);
      return;
    }
    setProblem(null);
    setBusy(true);
    setSaveError(null);
    try {
      const next = await save({ researcher_name: check.data });
      setRaw(next.researcher_name);
      setSaved(true);
    } catch (err) {
      setSaveError(UiError.from(err));
      setRefused((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section
      title="Coding"
      description="Your codings carry this name: in the interview viewer, in agreement with other coders (such as the AI report) and in exports."
    >
      <form ref={formRef} className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={id}>Your name (as coder)</label>
          <div className="row-8">
            <input
              id={id}
              className="input settings-text"
              value={raw}
              maxLength={120}
              autoComplete="name"
              placeholder="You"
              onChange={(e) => {
                setRaw(e.target.value);
                setProblem(null);
                setSaved(false);
              }}
              onKeyDown={escapeReverts(raw, settings.researcher_name, () => {
                setRaw(settings.researcher_name);
                setProblem(null);
              })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-${problem ? 'error' : 'hint'}`}
            />
            <button type="submit" className="btn" disabled={busy || !dirty}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            {saved && !dirty && (
              <span className="settings-saved" role="status">
                {settings.researcher_name
                  ? `Saved. Your codings now show as coded by ${settings.researcher_name}.`
                  : 'Saved. Your codings now show as coded by "You".'}
              </span>
            )}
          </div>
          {problem ? (
            <span className="field-error" id={`${id}-error`} role="alert">
              {problem}
            </span>
          ) : (
            <span className="hint" id={`${id}-hint`}>
              Up to 80 characters. Leave it empty to show "You".
            </span>
          )}
        </div>
        {saveError && <ErrorNote error={saveError} />}
      </form>
    </Section>
  );
}
