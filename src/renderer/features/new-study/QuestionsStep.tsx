import { useState } from 'react';
import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { LIMITS } from '../../../shared/schemas/limits';
import { ErrorNote } from '../../components/ErrorNote';
import { api, call, UiError } from '../../lib/api';
import { useProject } from '../project/store';
import { useStimuli } from '../stimuli/store';
import { ObjectiveField, QuestionListEditor, question, toQuestionBodies, toQuestionDrafts, type FormErrors } from '../study-form';
import { PLACEHOLDER_QUESTION } from './stimuli-entry';
import type { WizardState } from './stimuli-wizard-store';

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
  const [busy, setBusy] = useState<null | 'drafting' | 'saving'>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const errors: FormErrors = attempt > 0 ? validate(w.questions) : {};
  const objectiveError =
    attempt > 0 && !w.drafted && w.research_objective.trim() === '' ? 'Describe what you want to learn; the AI drafts from it and the captions.' : undefined;

  async function draft() {
    setError(null);
    if (w.research_objective.trim() === '') {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy('drafting');
    try {
      const g = await call(
        api().studies.generate({ workspace_id: workspace.id, research_objective: w.research_objective.trim(), type: 'STIMULI', project_id: w.projectId }),
      );
      patch({ drafted: true, questions: toQuestionDrafts(g.questions) });
      setAttempt(0);
    } catch (e) {
      setError(UiError.from(e));
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    setError(null);
    setAttempt((n) => n + 1);
    if (Object.keys(validate(w.questions)).length > 0) return;
    setBusy('saving');
    try {
      const res = await call(api().studies.update({ workspace_id: workspace.id, project_id: w.projectId, questions: toQuestionBodies(w.questions) }));
      await Promise.all([useStimuli.getState().loadViews(workspace.id, w.projectId), useProject.getState().load(workspace.id, w.projectId)]);
      patch({ saved: res, step: 'assign' });
    } catch (e) {
      setError(UiError.from(e));
    } finally {
      setBusy(null);
    }
  }

  const writeByHand = () => {
    setError(null);
    patch({ drafted: true, questions: w.questions.length ? w.questions : [question()] });
  };

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

function validate(questions: { question: string }[]): FormErrors {
  const e: FormErrors = {};
  if (questions.length === 0) e.questions = 'Add at least one question.';
  if (questions.length > LIMITS.questionsMax) e.questions = `A guide can have at most ${LIMITS.questionsMax} questions.`;
  questions.forEach((q, i) => {
    const t = q.question.trim();
    if (!t) e[`questions.${i}`] = 'Write the question, or remove it.';
    else if (t.length > LIMITS.questionMax) e[`questions.${i}`] = `At most ${LIMITS.questionMax} characters.`;
    else if (t === PLACEHOLDER_QUESTION) e[`questions.${i}`] = 'Replace the placeholder with a real question.';
  });
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    const t = q.question.trim();
    if (t && seen.has(t)) e[`questions.${i}`] = 'This question appears twice; stimuli are assigned by exact text, so make each one different.';
    seen.add(t);
  });
  return e;
}
