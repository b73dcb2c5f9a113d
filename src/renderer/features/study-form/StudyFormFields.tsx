import { useId, type ReactNode } from 'react';
import { LIMITS } from '../../../shared/schemas/limits';
import { InteractionModesPicker } from './InteractionModesPicker';
import { LanguagesEditor } from './LanguagesEditor';
import type { FormErrors, StudyFormValues } from './model';
import { QuestionListEditor } from './QuestionListEditor';
import { RecruitingFields } from './RecruitingFields';
import './study-form.css';

type Props = {
  values: StudyFormValues;
  onChange: (patch: Partial<StudyFormValues>) => void;
  /** Errors to show now (the caller decides when: usually after the first submit, then live). */
  errors: FormErrors;
  /** Hide the objective when the caller shows it elsewhere (the AI draft step). */
  showObjective?: boolean;
  questionsNote?: string;
};

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  multiline,
  max,
  optional,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  multiline?: boolean;
  max?: number;
  optional?: boolean;
}) {
  const id = useId();
  const common = {
    id,
    className: 'input',
    value,
    maxLength: max,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} {optional && <span className="muted sf-optional">(optional)</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : (
        hint && (
          <span className="hint" id={`${id}-hint`}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}

type NamedFieldProps = { value: string; onChange: (v: string) => void; error?: string | undefined; hint?: ReactNode; optional?: boolean };

/** The study's title, with the service's length limit. */
export function TitleField(props: NamedFieldProps) {
  return <TextField label="Title" max={LIMITS.titleMax} {...props} />;
}

/** The research objective (several lines), with the service's length limit. */
export function ObjectiveField(props: NamedFieldProps) {
  return <TextField label="Research objective" multiline max={LIMITS.objectiveMax} {...props} />;
}

/** Every field of a new study, grouped the way a researcher thinks about it: what, ask, who and how. */
export function StudyFormFields({ values, onChange, errors, showObjective = true, questionsNote }: Props) {
  return (
    <div className="sf-form">
      <section className="sf-section" aria-label="About the study">
        <TitleField value={values.title} onChange={(title) => onChange({ title })} error={errors.title} hint="Internal name; participants do not see it." />
        {showObjective && (
          <ObjectiveField
            optional
            value={values.research_objective}
            onChange={(research_objective) => onChange({ research_objective })}
            error={errors.research_objective}
            hint="What you want to learn. It helps whoever reads the results later."
          />
        )}
        <TextField
          label="Intro message"
          multiline
          max={LIMITS.messageMax}
          value={values.intro_message}
          onChange={(intro_message) => onChange({ intro_message })}
          error={errors.intro_message}
          hint="Shown to participants before the interview starts."
        />
      </section>
      <section className="sf-section" aria-label="Questions">
        <QuestionListEditor
          questions={values.questions}
          onChange={(questions) => onChange({ questions })}
          errors={errors}
          {...(questionsNote ? { note: questionsNote } : {})}
        />
      </section>
      <section className="sf-section" aria-label="Closing">
        <TextField
          label="End message"
          optional
          multiline
          max={LIMITS.messageMax}
          value={values.end_message}
          onChange={(end_message) => onChange({ end_message })}
          error={errors.end_message}
          hint="Shown after the interview."
        />
      </section>
      <section className="sf-section" aria-label="Format">
        <LanguagesEditor languages={values.languages} onChange={(languages) => onChange({ languages })} errors={errors} />
        <InteractionModesPicker
          modes={values.interaction_modes}
          onChange={(interaction_modes) => onChange({ interaction_modes })}
          error={errors.interaction_modes}
        />
      </section>
      <section className="sf-section" aria-label="Participants">
        <RecruitingFields
          target={values.target_participants}
          onTarget={(target_participants) => onChange({ target_participants })}
          recruiting={values.recruiting_type}
          onRecruiting={(recruiting_type) => onChange({ recruiting_type })}
          error={errors.target_participants}
        />
      </section>
    </div>
  );
}
