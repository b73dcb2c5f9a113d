import { ObjectiveField, TitleField } from '../study-form';
import { CreateButton, NewStudyError } from './NewStudyParts';
import type { NewStudyForm } from './use-new-study';

/** "Stimuli study": a title (and optionally the objective); the wizard takes over once it is created. */
export function StimuliStartForm({ form }: { form: NewStudyForm }) {
  const { values, setValues } = form;
  return (
    <form ref={form.formRef} className="ns-body" onSubmit={(e) => void form.createStimuli(e)} noValidate aria-label="Start a stimuli study">
      <div className="sf-section">
        <p>
          A stimuli study shows images or videos beside its questions. It starts with a placeholder question; you then upload the media on the study's Stimuli
          tab, and the questions are written from their captions.
        </p>
        <TitleField
          value={values.title}
          onChange={(title) => setValues({ title })}
          error={form.attempt > 0 && values.title.trim() === '' ? 'Give the study a title.' : undefined}
        />
        <ObjectiveField optional value={values.research_objective} onChange={(research_objective) => setValues({ research_objective })} />
      </div>
      <NewStudyError form={form} />
      <CreateButton form={form} label="Create stimuli study and add media" />
    </form>
  );
}
