import type { StudyFormValues } from '../study-form/model';

const TYPES = [
  ['USER_INTERVIEW', 'User interview', 'A standard conversational interview.'],
  ['CHURN', 'Churn', 'Why customers leave, with churn context from your organisation.'],
] as const;

/** The kind of interview an AI-drafted or hand-written study is. */
export function StudyTypeChoice({ name, type, onChange }: { name: string; type: StudyFormValues['type']; onChange: (t: (typeof TYPES)[number][0]) => void }) {
  return (
    <fieldset className="sf-fieldset">
      <legend className="sf-legend">Kind of interview</legend>
      <div className="ns-types">
        {TYPES.map(([t, label, detail]) => (
          <label key={t} className={`sf-radio ${type === t ? 'is-on' : ''}`}>
            <input type="radio" name={name} checked={type === t} onChange={() => onChange(t)} />
            <span>
              <strong>{label}</strong>
              <span className="hint">{detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
