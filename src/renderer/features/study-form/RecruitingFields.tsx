import { useId } from 'react';
import { RECRUITING_TYPES, type RecruitingType } from '../../../shared/schemas/enums';
import { LIMIT_HINTS } from './model';
import './study-form.css';

export const RECRUITING_INFO: Record<RecruitingType, { label: string; detail: string }> = {
  INTERNAL: { label: 'Share the link yourself', detail: 'You send participants the interview link (internal recruiting).' },
  USER_INTERVIEWS: { label: 'User Interviews panel', detail: 'Participants are recruited through the external User Interviews panel.' },
};

/** Target participants (a soft cap, can change at launch) and who recruits. */
export function RecruitingFields({
  target,
  onTarget,
  recruiting,
  onRecruiting,
  error,
}: {
  target: string;
  onTarget: (v: string) => void;
  recruiting: RecruitingType;
  onRecruiting: (v: RecruitingType) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="sf-recruiting">
      <div className="field">
        <label htmlFor={`${id}-target`}>Target participants</label>
        <input
          id={`${id}-target`}
          className="input sf-number num"
          inputMode="numeric"
          value={target}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-target-error` : `${id}-target-hint`}
          onChange={(e) => onTarget(e.target.value)}
        />
        {error ? (
          <span className="field-error" id={`${id}-target-error`} role="alert">
            {error}
          </span>
        ) : (
          <span className="hint" id={`${id}-target-hint`}>
            Completed interviews to aim for, 1 to {LIMIT_HINTS.targetMax}. You confirm it again at launch, where it is charged.
          </span>
        )}
      </div>
      <fieldset className="sf-fieldset sf-recruit-type">
        <legend className="sf-legend-small">Recruiting</legend>
        {RECRUITING_TYPES.map((t) => (
          <label key={t} className="sf-radio">
            <input type="radio" name={`${id}-recruiting`} value={t} checked={recruiting === t} onChange={() => onRecruiting(t)} />
            <span>
              <strong>{RECRUITING_INFO[t].label}</strong>
              <span className="hint">{RECRUITING_INFO[t].detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
