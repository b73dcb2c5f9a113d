import { LIMITS } from '../../../shared/schemas/limits';
import type { FormErrors } from '../study-form/model';
import { PLACEHOLDER_QUESTION } from './stimuli-entry';

/** The wizard's questions before a save: present, within limits, the placeholder replaced, each text once. */
export function validateWizardQuestions(questions: { question: string }[]): FormErrors {
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
