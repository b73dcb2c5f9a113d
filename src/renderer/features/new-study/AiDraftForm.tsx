import { ObjectiveField, StudyFormFields } from '../study-form';
import { CreateButton, NewStudyError } from './NewStudyParts';
import { StudyTypeChoice } from './StudyTypeChoice';
import type { NewStudyForm } from './use-new-study';

/** "Draft with AI": the objective first; once drafted, the whole form to review and create. */
export function AiDraftForm({ form }: { form: NewStudyForm }) {
  const { values, setValues, busy, draft } = form;
  return (
    <form ref={form.formRef} className="ns-body" onSubmit={(e) => void form.create(e)} noValidate aria-label="Draft a study with AI">
      <div className="sf-section">
        <StudyTypeChoice name={`${form.workspace.id}-type`} type={values.type} onChange={(type) => setValues({ type })} />
        <ObjectiveField
          value={values.research_objective}
          onChange={(research_objective) => setValues({ research_objective })}
          error={form.objectiveError}
          hint="For example: understand why subscribers pause or cancel within their first three months."
        />
        <div className="row-8">
          <button type="button" className={`btn ${draft.drafted ? '' : 'btn-primary'}`} disabled={busy !== null} onClick={() => void form.generate()}>
            {busy === 'drafting' ? (
              <>
                <span className="spinner" aria-hidden="true" /> Drafting…
              </>
            ) : draft.drafted ? (
              'Draft again'
            ) : (
              'Draft questions'
            )}
          </button>
          {busy === 'drafting' && (
            <button type="button" className="btn" onClick={form.cancelDraft}>
              Cancel
            </button>
          )}
          {draft.drafted && busy === null && <span className="hint">Drafting again replaces the title, messages and questions below.</span>}
          <span className="visually-hidden" role="status">
            {busy === 'drafting' ? 'Drafting questions, this takes a few seconds.' : ''}
          </span>
        </div>
      </div>
      <NewStudyError form={form} />
      {draft.drafted && (
        <>
          <p className="ns-drafted" role="status">
            Drafted from your objective. Review and edit anything, then create the study.
          </p>
          <StudyFormFields values={values} onChange={setValues} errors={form.formErrors} showObjective={false} />
          <CreateButton form={form} label="Create study" />
        </>
      )}
    </form>
  );
}
