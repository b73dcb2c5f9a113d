import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { ObjectiveField, QuestionListEditor } from '../study-form';
import type { WizardState } from './stimuli-wizard-store';
import { useQuestionsStep } from './use-questions-step';

/** Step 2: AI-draft the questions from the objective and captions (or write them), edit, and save. */
export function QuestionsStep({
  workspace,
  w,
  stimuli,
  patch,
}: {
  workspace: WorkspaceSummary;
  w: WizardState;
  stimuli: StimulusView[];
  patch: (p: Partial<WizardState>) => void;
}) {
  const { busy, error, attempt, errors, objectiveError, draft, save, writeByHand } = useQuestionsStep(workspace.id, w, patch);

  return (
    <div className="wizard-body">
      <div className="sf-section">
        <h2 tabIndex={-1}>Draft the questions</h2>
        <p className="muted">
          The AI drafts questions from your objective and the captions of the {stimuli.length} {stimuli.length === 1 ? 'stimulus' : 'stimuli'}:{' '}
          {stimuli
            .map((s) => s.caption)
            .filter(Boolean)
            .join(', ') || 'none captioned'}
          .
        </p>
        <ObjectiveField value={w.research_objective} onChange={(research_objective) => patch({ research_objective })} error={objectiveError} />
        <div className="row-8">
          <button type="button" className={`btn${w.drafted ? '' : ' btn-primary'}`} onClick={() => void draft()} disabled={busy !== null}>
            {busy === 'drafting' ? 'Drafting…' : w.drafted ? 'Draft again' : 'Draft questions with AI'}
          </button>
          {busy === 'drafting' && (
            <span className="muted row-8" role="status">
              <span className="spinner" aria-hidden="true" /> Drafting questions from your captions…
            </span>
          )}
          {!w.drafted && busy === null && (
            <button type="button" className="btn btn-ghost" onClick={writeByHand}>
              Write them myself
            </button>
          )}
        </div>
      </div>
      {error &&
        (error.code === 'ai_unavailable' ? (
          <div className="error-note" role="alert">
            <p>
              <strong>AI drafting is off for this organisation.</strong> {error.message}
            </p>
            <p style={{ marginTop: 'var(--sp-8)' }}>
              <button type="button" className="btn" onClick={writeByHand}>
                Write questions by hand
              </button>
            </p>
          </div>
        ) : (
          <ErrorNote error={error} {...(error.code === 'generation_failed' ? { onRetry: () => void draft(), retryLabel: 'Retry' } : {})} />
        ))}
      {w.drafted && (
        <div className="sf-section">
          <QuestionListEditor
            questions={w.questions}
            onChange={(questions) => patch({ questions })}
            errors={errors}
            note="Saving replaces the placeholder. Stimuli keep the questions whose text you leave unchanged; you choose the rest next."
          />
        </div>
      )}
      <div className="ns-submit">
        <button type="button" className="btn" onClick={() => patch({ step: 'media' })} disabled={busy !== null}>
          Back
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!w.drafted || busy !== null}>
          {busy === 'saving' ? 'Saving…' : 'Save questions'}
        </button>
        {attempt > 0 && Object.keys(errors).length > 0 && (
          <span className="field-error" role="alert">
            Fix the questions marked above, then save.
          </span>
        )}
      </div>
    </div>
  );
}
