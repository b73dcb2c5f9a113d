import { describe, expect, it } from 'vitest';
import { formatCents, quoteLaunch } from '../../../src/sandbox/domain/billing';
import { draftIsValid, draftQuestions, focusOf } from '../../../src/sandbox/domain/drafting';
import { parseRange } from '../../../src/shared/http-range';

describe('billing', () => {
  it.each([
    [10, 3, { trial_credits_used: 3, charged_cents: 3500 }],
    [2, 5, { trial_credits_used: 2, charged_cents: 0 }],
    [4, 0, { trial_credits_used: 0, charged_cents: 2000 }],
  ])('target %i with %i trial credits', (target, trial, expected) => {
    expect(quoteLaunch(target, trial)).toEqual(expected);
  });

  it('formats currency like the service', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
  });
});

describe('drafting', () => {
  it('finds the focus of an objective', () => {
    expect(focusOf('Understand why customers cancel their meal-kit subscription')).toBe('meal-kit subscription');
    expect(focusOf('Test reactions to three packaging concepts')).toBe('three packaging concepts');
  });

  it('every type drafts a valid guide with several probing levels', () => {
    for (const type of ['USER_INTERVIEW', 'CHURN', 'STIMULI'] as const) {
      const d = draftQuestions({ objective: 'Learn how teams plan sprints', type, orgName: 'Acme', context: {}, captions: ['Board A', 'Board B'] });
      expect(draftIsValid(d)).toBe(true);
      expect(new Set(d.questions.map((q) => q.question)).size).toBe(d.questions.length);
      expect(d.questions.every((q) => q.question.length <= 500)).toBe(true);
    }
  });

  it('a draft with a single probing level is invalid', () => {
    expect(
      draftIsValid({
        questions: [1, 2, 3].map((n) => ({ question: `Q${n}`, probing_level: 'low' as const })),
        suggested_title: '',
        intro_message: '',
        end_message: '',
      }),
    ).toBe(false);
  });
});

describe('HTTP Range parsing', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, 'unsatisfiable'],
    ['items=0-1', 100, null],
    [undefined, 100, null],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
