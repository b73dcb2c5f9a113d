import { StudyFormFields } from '../study-form';
import { CreateButton, NewStudyError } from './NewStudyParts';
import { StudyTypeChoice } from './StudyTypeChoice';
import type { NewStudyForm } from './use-new-study';

/** "Write my own questions": the whole form from a blank guide. */
export function OwnQuestionsForm({ form }: { form: NewStudyForm }) {
  const { values, setValues } = form;
  return (
    <form ref={form.formRef} className="ns-body" onSubmit={(e) => void form.create(e)} noValidate aria-label="Write your own questions">
      <div className="sf-section">
        <StudyTypeChoice name={`${form.workspace.id}-type`} type={values.type} onChange={(type) => setValues({ type })} />
      </div>
      <StudyFormFields values={values} onChange={setValues} errors={form.formErrors} />
      <NewStudyError form={form} />
      <CreateButton form={form} label="Create study" />
    </form>
  );
}
