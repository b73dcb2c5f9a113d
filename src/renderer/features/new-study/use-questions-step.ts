import { useState } from 'react';
import { UiError } from '../../lib/api';
import { question, toQuestionDrafts, type FormErrors } from '../study-form/model';
import { useNewStudy } from './store';
import type { WizardState } from './stimuli-wizard-store';
import { validateWizardQuestions } from './wizard-questions';

/** The wizard's step 2: AI-drafting the questions (or writing them), checking them once a save was tried, saving. */
export function useQuestionsStep(workspaceId: string, w: WizardState, patch: (p: Partial<WizardState>) => void) {
  const [busy, setBusy] = useState<null | 'drafting' | 'saving'>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const errors: FormErrors = attempt > 0 ? validateWizardQuestions(w.questions) : {};
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
      const g = await useNewStudy.getState().generate(workspaceId, w.research_objective, 'STIMULI', w.projectId);
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
    if (Object.keys(validateWizardQuestions(w.questions)).length > 0) return;
    setBusy('saving');
    try {
      const res = await useNewStudy.getState().saveQuestions(workspaceId, w.projectId, w.questions);
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

  return { busy, error, attempt, errors, objectiveError, draft, save, writeByHand };
}
