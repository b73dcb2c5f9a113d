// What a guide edit sends: only the fields that changed, an emptied end message as null.
import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../../../../src/shared/views';
import { diff, editFrom, isLaunched } from '../../../../../src/renderer/features/guide/guide-edit';

const project = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 'p1',
  title: 'Cancellations',
  status: 'DRAFT',
  type: 'USER_INTERVIEW',
  created_at: null,
  recruiting: { completed_participants: 0, target_participants: null, has_launched: false, type: null },
  last_interview_at: null,
  guide: {
    interview_id: null,
    research_objective: 'Why people cancel',
    intro_message: 'Welcome',
    end_message: 'Thanks',
    languages: [],
    interaction_modes: [],
    call_url: null,
    questions: [
      { question: 'Why did you cancel?', probing_level: 'high' },
      { question: 'What would bring you back?', probing_level: 'medium' },
    ],
    source: 'fieldwork',
    updated_at: '2026-01-01T00:00:00Z',
  },
  stimuli: [],
  embed: null,
  allowed_urls: null,
  report: null,
  synced_at: null,
  unavailable: {},
  ...over,
});

describe('diff', () => {
  it('an untouched edit changes nothing', () => {
    expect(diff(project(), editFrom(project()))).toEqual({});
  });

  it('trims the title and the questions, and compares them trimmed', () => {
    const e = editFrom(project());
    e.title = '  Cancellations  ';
    e.questions[0]!.question = ' Why did you cancel? ';
    expect(diff(project(), e)).toEqual({});
    e.title = ' Churn ';
    expect(diff(project(), e)).toEqual({ title: 'Churn' });
  });

  it('an emptied end message is sent as null, which clears it', () => {
    const e = { ...editFrom(project()), end_message: '   ' };
    expect(diff(project(), e)).toEqual({ end_message: null });
  });

  it('a changed probing level or order sends every question', () => {
    const e = editFrom(project());
    e.questions = [e.questions[1]!, e.questions[0]!];
    expect(diff(project(), e).questions).toEqual([
      { question: 'What would bring you back?', probing_level: 'medium' },
      { question: 'Why did you cancel?', probing_level: 'high' },
    ]);
  });

  it('a study without a guide on record sends the questions written', () => {
    const p = project({ guide: null });
    const e = editFrom(p);
    expect(e.questions).toHaveLength(1);
    e.questions[0]!.question = 'First question';
    e.intro_message = '';
    expect(diff(p, e)).toEqual({ questions: [{ question: 'First question', probing_level: 'medium' }] });
  });
});

describe('isLaunched', () => {
  it('by the launch flag or a running, paused or finished status', () => {
    expect(isLaunched(project())).toBe(false);
    expect(isLaunched(project({ recruiting: { completed_participants: 0, target_participants: null, has_launched: true, type: null } }))).toBe(true);
    for (const status of ['IN_PROGRESS', 'COMPLETE', 'PAUSED']) expect(isLaunched(project({ status }))).toBe(true);
  });
});
