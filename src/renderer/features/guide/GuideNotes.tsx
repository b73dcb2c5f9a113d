import type { UpdateStudyResult } from '../../../shared/ipc/channels/studies';
import type { ProjectDetail } from '../../../shared/views';
import { openProject } from '../../app/nav-store';
import { ErrorNote } from '../../components/ErrorNote';
import type { UiError } from '../../lib/api';

/** Why a save failed; the survey-questions refusal says the edits are still here, the rest offer a retry (unless launched). */
export function SaveErrorNote({ error, onRetry }: { error: UiError; onRetry: () => void }) {
  return (
    <div className="guide-error">
      {error.code === 'survey_questions' ? (
        <div className="error-note" role="alert">
          <p>
            <strong>Fieldwork can't save this guide.</strong> {error.message}
          </p>
          <p className="hint">Your edits are still here. Cancel to discard them, or copy what you need first.</p>
          <details>
            <summary>Show details</summary>
            <span className="mono">code: {error.code}</span>
          </details>
        </div>
      ) : (
        <ErrorNote error={error} {...(error.code !== 'not_editable' ? { onRetry, retryLabel: 'Try saving again' } : {})} />
      )}
    </div>
  );
}

/** After a save: what happened to the stimulus assignments of a STIMULI study, or simply "Guide saved". */
export function SaveResultNote({ result, project }: { result: UpdateStudyResult; project: ProjectDetail }) {
  if (!(project.type === 'STIMULI' && (result.stimuli_cleared || result.unresolved.length > 0)))
    return (
      <p className="guide-result" role="status">
        Guide saved.
      </p>
    );
  return (
    <div className={`guide-result ${result.unresolved.length ? 'is-warning' : ''}`} role="status">
      <p>
        Saved.{' '}
        {result.stimuli_cleared
          ? `${result.restored.length} ${result.restored.length === 1 ? 'stimulus was' : 'stimuli were'} re-assigned automatically to the questions that still exist.`
          : 'Stimulus assignments were not affected.'}
      </p>
      {result.unresolved.length > 0 && (
        <>
          <p>
            <strong>
              {result.unresolved.length} {result.unresolved.length === 1 ? 'stimulus needs' : 'stimuli need'} questions before launch:
            </strong>{' '}
            {result.unresolved.map((u) => u.caption ?? 'Untitled stimulus').join(', ')}.
          </p>
          <p>
            <button type="button" className="btn btn-small" onClick={() => openProject(project.id, 'stimuli')}>
              Assign on the Stimuli tab
            </button>
          </p>
        </>
      )}
    </div>
  );
}
