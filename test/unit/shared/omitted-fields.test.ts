import { describe, expect, it } from 'vitest';
import { creditBalance } from '../../../src/shared/schemas/credits';
import { interviewsPage } from '../../../src/shared/schemas/interview';
import { launchResult, projectListItem } from '../../../src/shared/schemas/project';
import { report } from '../../../src/shared/schemas/report';
import { stimulusRecord } from '../../../src/shared/schemas/stimulus';

/** Tolerance includes absence: a field the service leaves out must not fail the whole parse. */
describe('omitted optional-by-nature fields', () => {
  it('credits without trial_credits', () => {
    expect(creditBalance.parse({ balance: '$5.00' })).toEqual({ balance: '$5.00', trial_credits: null });
  });

  it('a project list item with only an id', () => {
    expect(projectListItem.parse({ id: 'p' })).toMatchObject({ id: 'p', title: '', status: 'unknown', created_at: null, recruiting: null });
  });

  it('recruiting without its flags', () => {
    expect(projectListItem.parse({ id: 'p', recruiting: {} }).recruiting).toEqual({
      completed_participants: 0,
      has_launched: false,
      target_participants: null,
      type: 'unknown',
    });
  });

  it('a report with only a status', () => {
    expect(report.parse({ status: 'PROCESSING' })).toMatchObject({ status: 'PROCESSING', themes: [], summary: null, generated_at: null });
  });

  it('a stimulus without URLs or assignments', () => {
    expect(stimulusRecord.parse({ stimuli_id: 's' })).toMatchObject({ image_url: null, video_url: null, question_items: [], display_order: 0 });
  });

  it('an interviews page without has_more or totals', () => {
    expect(interviewsPage.parse({ items: [{ id: 'i' }] })).toMatchObject({
      has_more: false,
      total: null,
      items: [{ id: 'i', status: 'unknown', participant: null }],
    });
  });

  it('a launch result with only the essentials', () => {
    expect(launchResult.parse({ project_id: 'p', call_url: 'https://x' })).toMatchObject({
      status: 'unknown',
      trial_credits_used: null,
      balance_charged: null,
    });
  });
});
