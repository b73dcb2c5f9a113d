import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { checkNumber } from './settings-text';

/** The card every settings section sits in, and the controls they share. */
export function Section({ title, description, children, wide }: { title: string; description?: ReactNode; children: ReactNode; wide?: boolean }) {
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

/**
 * Escape in a settings field puts back the saved value (or empties a field that shows none); it does
 * nothing when there is nothing to undo, so an Escape meant for something else still reaches it.
 */
export function escapeReverts(current: string, saved: string, revert: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || current === saved) return;
    e.preventDefault();
    e.stopPropagation();
    revert();
  };
}

/**
 * A number setting with its own Save: validated as typed, kept as typed when saving fails (focus then goes
 * to the field or the reason), Escape puts back the saved value. `savedText` says what the save changed.
 */
export function NumberSetting({
  label,
  unit,
  hint,
  schema,
  value,
  onSave,
  savedText,
}: {
  label: string;
  unit: string;
  hint: string;
  schema: z.ZodType<number>;
  value: number;
  onSave: (n: number) => Promise<unknown>;
  savedText: (n: number) => string;
}) {
  const id = useId();
  const [raw, setRaw] = useState(String(value));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<UiError | null>(null);
  const [saved, setSaved] = useState(false);
  const [refused, setRefused] = useState(0);
  const formRef = useFocusFirstInvalid(refused);
  const check = checkNumber(schema, raw);
  const showError = touched ? check.error : null;
  const dirty = raw.trim() !== String(value);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setSaved(false);
    if (check.error !== null) {
      setRefused((n) => n + 1);
      return;
    }
    setBusy(true);
    setSaveError(null);
    try {
      await onSave(check.value);
      setSaved(true);
    } catch (err) {
      setSaveError(UiError.from(err));
      setRefused((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
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
            onKeyDown={escapeReverts(raw, String(value), () => {
              setRaw(String(value));
              setTouched(false);
            })}
            aria-invalid={showError ? true : undefined}
            aria-describedby={`${id}-${showError ? 'error' : 'hint'}`}
          />
          <span className="muted">{unit}</span>
          <button type="submit" className="btn" disabled={busy || !dirty}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          {saved && !dirty && (
            <span className="settings-saved" role="status">
              {savedText(value)}
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

export function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="toggle-row">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
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
