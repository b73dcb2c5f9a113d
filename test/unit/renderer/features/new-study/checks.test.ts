// The New study screen's checks that are not the shared study form's: server issues mapped onto fields,
// the external-guide form's required fields, and the stimuli wizard's questions.
import { describe, expect, it } from 'vitest';
import { UiError } from '../../../../../src/renderer/lib/api';
import { externalErrors, serverFieldErrors } from '../../../../../src/renderer/features/new-study/new-study-errors';
import { PLACEHOLDER_QUESTION } from '../../../../../src/renderer/features/new-study/stimuli-entry';
import { validateWizardQuestions } from '../../../../../src/renderer/features/new-study/wizard-questions';
import { emptyStudyForm } from '../../../../../src/renderer/features/study-form/model';

describe('serverFieldErrors', () => {
  it("maps invalid_input issues onto the form's fields", () => {
    const e = new UiError('invalid_input', 'Check the fields.', {
      issues: [
        { path: 'questions.1.question', message: 'Too long' },
        { path: 'title', message: 'Required.' },
      ],
    });
    expect(serverFieldErrors(e)).toEqual({ 'questions.1': 'Too long.', title: 'Required.' });
  });
  it('anything else (or no issues) is not a field error', () => {
    expect(serverFieldErrors(new UiError('invalid_input', 'x', { issues: [] }))).toBeNull();
    expect(serverFieldErrors(new UiError('generation_failed', 'x'))).toBeNull();
  });
});

describe('externalErrors', () => {
  const ext = { organisation_id: 'org', ai_context: '', target_audience: '' };
  it('needs an organisation, a title and an objective', () => {
    expect(externalErrors(ext, emptyStudyForm({ title: 'T', research_objective: 'O' }))).toEqual({});
    expect(Object.keys(externalErrors({ ...ext, organisation_id: ' ' }, emptyStudyForm()))).toEqual(['organisation_id', 'title', 'research_objective']);
  });
});

describe('validateWizardQuestions', () => {
  it('refuses none, blanks, the placeholder and a repeated text', () => {
    expect(validateWizardQuestions([])).toEqual({ questions: 'Add at least one question.' });
    expect(validateWizardQuestions([{ question: ' ' }, { question: PLACEHOLDER_QUESTION }, { question: 'Same?' }, { question: ' Same? ' }])).toEqual({
      'questions.0': 'Write the question, or remove it.',
      'questions.1': 'Replace the placeholder with a real question.',
      'questions.3': 'This question appears twice; stimuli are assigned by exact text, so make each one different.',
    });
    expect(validateWizardQuestions([{ question: 'One?' }, { question: 'Two?' }])).toEqual({});
  });
});
