import { describe, expect, it } from 'vitest';
import { createProjectRequest } from '../../../src/shared/schemas/project';
import {
  emptyStudyForm,
  issuesToErrors,
  language,
  question,
  toCreateBody,
  toQuestionBodies,
  toQuestionDrafts,
  validateGuideEdit,
  validateStudyForm,
} from '../../../src/renderer/features/study-form/model';

const valid = () =>
  emptyStudyForm({
    title: 'Pricing',
    intro_message: 'Hi there',
    questions: [question('Why this plan?', 'high'), question('What would change your mind?', 'low')],
  });

describe('study form model', () => {
  it('a filled form is valid and becomes exactly the body the service accepts', () => {
    const v = valid();
    expect(validateStudyForm(v)).toEqual({});
    const body = toCreateBody(v);
    expect(createProjectRequest.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      title: 'Pricing',
      type: 'USER_INTERVIEW',
      questions: [
        { question: 'Why this plan?', probing_level: 'high' },
        { question: 'What would change your mind?', probing_level: 'low' },
      ],
      target_participants: 10,
      recruiting_type: 'INTERNAL',
      languages: [{ language_name: 'English', accent: 'en-US' }],
      interaction_modes: ['video', 'audio'],
    });
    // Blank optional fields are left out, not sent empty.
    expect(body).not.toHaveProperty('end_message');
    expect(body).not.toHaveProperty('research_objective');
  });

  it('names each problem beside its field', () => {
    const v = { ...valid(), title: ' ', intro_message: '', interaction_modes: [], target_participants: '3.5' };
    v.questions = [question('Fine?'), question('   ')];
    v.languages = [language('English', 'english')];
    expect(validateStudyForm(v)).toEqual({
      title: 'Give the study a title.',
      intro_message: 'Write the message participants see before the interview.',
      'questions.1': 'Write this question, or delete it.',
      'languages.0.accent': 'The accent must be a locale code such as en-US.',
      interaction_modes: 'Choose at least one interaction mode.',
      target_participants: 'Enter a whole number of participants.',
    });
  });

  it('catches duplicate questions, a target out of range and a missing language', () => {
    const v = { ...valid(), target_participants: '0', languages: [] };
    v.questions = [question('Same?'), question(' Same? ')];
    const e = validateStudyForm(v);
    expect(e.questions).toBe('Two questions have the same text.');
    expect(e.target_participants).toBe('The target must be at least 1.');
    expect(e.languages).toBe('Add at least one language.');
  });

  it('maps the main process issue paths onto the same keys', () => {
    expect(
      issuesToErrors([
        { path: ['questions', 2, 'question'], message: 'A question cannot be empty' },
        { path: ['languages', 0, 'language_name'], message: 'x' },
      ]),
    ).toEqual({
      'questions.2': 'A question cannot be empty.',
      'languages.0.language_name': 'x.',
    });
  });

  it('a guide edit is checked only on what a PATCH can change', () => {
    expect(validateGuideEdit({ title: 'T', intro_message: 'Hi', end_message: '', questions: [question('Q?')] })).toEqual({});
    expect(validateGuideEdit({ title: '', intro_message: 'Hi', end_message: '', questions: [question('')] })).toEqual({
      title: 'Give the study a title.',
      'questions.0': 'Write this question, or delete it.',
    });
  });

  it('turns service questions into drafts (an unknown probing level reads as medium) and drafts back into trimmed bodies', () => {
    const drafts = toQuestionDrafts([
      { question: 'Why?', probing_level: 'high' },
      { question: 'What else?', probing_level: 'extreme' },
    ]);
    expect(drafts.map((q) => [q.question, q.probing_level])).toEqual([
      ['Why?', 'high'],
      ['What else?', 'medium'],
    ]);
    expect(new Set(drafts.map((q) => q.key)).size).toBe(2);
    expect(toQuestionBodies([question('  Why?  ', 'low')])).toEqual([{ question: 'Why?', probing_level: 'low' }]);
  });
});
