import type { ProjectDetail } from '../../../shared/views';
import { LIMITS } from '../../../shared/schemas/limits';
import { DraftNote } from '../../components/DraftNote';
import { QuestionListEditor, TextField, TitleField } from '../study-form';
import type { EditState } from './guide-edit';
import { SaveErrorNote } from './GuideNotes';
import { GuideReadout } from './GuideReadout';
import { ReassignDialog } from './ReassignDialog';
import type { GuideEdit } from './use-guide-edit';

/** The guide's edit form: title and messages, the questions, and the save toolbar. */
export function GuideEditForm({ project, edit, form }: { project: ProjectDetail; edit: EditState; form: GuideEdit }) {
  const { errors, setEdit, draft } = form;
  return (
    <form ref={form.formRef} className="guide guide-edit" onSubmit={form.submit} noValidate aria-label="Edit the guide">
      <div className="guide-toolbar">
        <h2>Edit guide</h2>
        <span className={`guide-dirty ${form.dirty ? 'is-dirty' : ''}`} role="status">
          {form.dirty ? (draft.kept ? 'Unsaved changes · kept as a draft on this computer' : 'Unsaved changes') : 'No changes yet'}
        </span>
        <span className="sf-spacer" />
        <button type="button" className="btn" onClick={form.cancel} disabled={form.saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={form.saving || !form.dirty || form.launched}>
          {form.saving ? (
            <>
              <span className="spinner" aria-hidden="true" /> Saving…
            </>
          ) : (
            'Save guide'
          )}
        </button>
      </div>
      <DraftNote
        restored={draft.restored}
        changedUnderneath={draft.changedUnderneath}
        kept={draft.kept}
        what="guide"
        onDiscard={form.cancel}
        saved={project.guide ? <GuideReadout guide={project.guide} stimuli={project.stimuli} /> : <p className="empty">No guide is saved for this study.</p>}
      />
      {form.error && <SaveErrorNote error={form.error} onRetry={() => void form.save()} />}
      <div className="sf-section">
        <TitleField value={edit.title} onChange={(title) => setEdit({ ...edit, title })} error={errors.title} />
        <TextField
          label="Intro message"
          multiline
          max={LIMITS.messageMax}
          value={edit.intro_message}
          onChange={(intro_message) => setEdit({ ...edit, intro_message })}
          error={errors.intro_message}
          hint="Shown to participants before the interview."
        />
      </div>
      <div className="sf-section">
        <QuestionListEditor
          questions={edit.questions}
          onChange={(questions) => setEdit({ ...edit, questions })}
          errors={errors}
          {...(project.type === 'STIMULI' && project.stimuli.length > 0
            ? {
                note: 'Changing questions clears every stimulus assignment on the service. Fieldwork then re-assigns each stimulus the questions that still exist word for word; the rest you assign again on the Stimuli tab.',
              }
            : {})}
        />
      </div>
      <div className="sf-section">
        <TextField
          label="End message"
          optional
          multiline
          max={LIMITS.messageMax}
          value={edit.end_message}
          onChange={(end_message) => setEdit({ ...edit, end_message })}
          error={errors.end_message}
          hint="Shown after the interview. Leave empty to remove it."
        />
      </div>
      <p className="hint">Languages, interaction modes and recruiting are set when a study is created and cannot be changed here.</p>
      {form.confirming && <ReassignDialog project={project} onKeepEditing={() => form.setConfirming(false)} onSave={() => void form.save()} />}
    </form>
  );
}
