import type { UiError } from '../../lib/api';

/** A reel's name, with main's refusal (a taken name, a blank one) said at the field. */
export function ReelNameField({
  id,
  name,
  onName,
  error,
  label = 'Name',
}: {
  id: string;
  name: string;
  onName: (v: string) => void;
  error: UiError | null;
  label?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-name`}>{label}</label>
      <input
        id={`${id}-name`}
        className="input"
        value={name}
        maxLength={120}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-name-error` : undefined}
        onChange={(e) => onName(e.target.value)}
      />
      {error && (
        <p id={`${id}-name-error`} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
