import { LIMITS } from '../../../shared/schemas/limits';
import { ObjectiveField, TextField, TitleField } from '../study-form';
import { CreateButton, NewStudyError } from './NewStudyParts';
import type { NewStudyForm } from './use-new-study';

/** "External AI guide": what the service needs to generate the whole study as a draft. */
export function ExternalGuideForm({ form }: { form: NewStudyForm }) {
  const { values, setValues, ext, update, extErrors, workspace } = form;
  return (
    <form ref={form.formRef} className="ns-body" onSubmit={(e) => void form.createExternal(e)} noValidate aria-label="Create with an external AI guide">
      <div className="sf-section">
        <p className="muted">
          The service writes the interview guide, recruiting criteria and branding from what you give here. The study is created as a draft you can review.
        </p>
        <TextField
          label="Organisation ID"
          value={ext.organisation_id}
          onChange={(organisation_id) => update((d) => ({ external: { ...d.external, organisation_id } }))}
          error={extErrors.organisation_id}
          hint={workspace.organisation_id ? 'Filled in from this workspace.' : 'From your account settings on the service.'}
        />
        <TitleField value={values.title} onChange={(title) => setValues({ title })} error={extErrors.title} hint="Internal study name." />
        <ObjectiveField
          value={values.research_objective}
          onChange={(research_objective) => setValues({ research_objective })}
          error={extErrors.research_objective}
          hint="The questions are generated from it."
        />
        <TextField
          label="AI context"
          optional
          multiline
          max={LIMITS.objectiveMax}
          value={ext.ai_context}
          onChange={(ai_context) => update((d) => ({ external: { ...d.external, ai_context } }))}
          hint="Background for the AI interviewer: your product, your customers, what matters."
        />
        <TextField
          label="Target audience"
          optional
          max={LIMITS.objectiveMax}
          value={ext.target_audience}
          onChange={(target_audience) => update((d) => ({ external: { ...d.external, target_audience } }))}
          hint="Who should take part; it informs the recruiting criteria."
        />
      </div>
      <NewStudyError form={form} />
      <CreateButton form={form} label="Generate draft" />
    </form>
  );
}
