import { useId } from 'react';
import { INTERACTION_MODES, type InteractionMode } from '../../../shared/schemas/enums';
import { MODE_INFO } from './model';
import './study-form.css';

/** What the participant will see, in words: one mode starts at once, several show a format picker. */
export function modesExplanation(modes: readonly string[]): string {
  if (modes.length === 0) return 'Choose at least one way for participants to take part.';
  if (modes.length === 1) {
    const m = MODE_INFO[modes[0] as InteractionMode];
    return `With one mode the interview starts at once as ${m ? m.label.toLowerCase() : modes[0]}, with no format picker.`;
  }
  return 'With several modes, participants pick their format on the waiting screen. Every mode uses the same AI interviewer and questions.';
}

/** Video, audio or chat: at least one. */
export function InteractionModesPicker({
  modes,
  onChange,
  error,
}: {
  modes: InteractionMode[];
  onChange: (next: InteractionMode[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const toggle = (m: InteractionMode, on: boolean) => onChange(INTERACTION_MODES.filter((x) => (x === m ? on : modes.includes(x))));
  return (
    <fieldset className="sf-fieldset" aria-describedby={`${id}-explain${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className="sf-legend">Interaction modes</legend>
      <div className="sf-modes">
        {INTERACTION_MODES.map((m) => (
          <label key={m} className={`sf-mode ${modes.includes(m) ? 'is-on' : ''}`}>
            <input type="checkbox" checked={modes.includes(m)} onChange={(e) => toggle(m, e.target.checked)} />
            <span>
              <strong>{MODE_INFO[m].label}</strong>
              <span className="hint">{MODE_INFO[m].detail}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="hint" id={`${id}-explain`}>
          {modesExplanation(modes)}
        </p>
      )}
    </fieldset>
  );
}
