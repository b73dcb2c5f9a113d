import { describe, expect, it } from 'vitest';
import { answer, followUpFor, leave, startChat } from '../../../src/sandbox/domain/interviewer';
import type { Project } from '../../../src/sandbox/store/projects';

const project = (levels: ('low' | 'medium' | 'high')[], screener: Project['screener'] = null): Project => ({
  id: 'p',
  org_id: 'o',
  interview_id: 'i',
  title: 't',
  type: 'USER_INTERVIEW',
  status: 'IN_PROGRESS',
  purpose: null,
  research_objective: null,
  intro_message: 'Welcome.',
  end_message: 'Goodbye.',
  questions: levels.map((probing_level, n) => ({ question: `Question ${n + 1}?`, probing_level })),
  target_participants: 5,
  recruiting_type: 'INTERNAL',
  languages: [],
  interaction_modes: ['chat'],
  has_launched: true,
  launched_at: null,
  survey_questions: false,
  screener,
  ai_context: null,
  target_audience: null,
  created_at: '',
});

/** Answers until the interview ends; returns how many answers each question took. */
function run(p: Project): number[] {
  let t = 0;
  const { state } = startChat(p, t);
  const perQuestion = p.questions.map(() => 0);
  while (state.phase !== 'done') {
    perQuestion[state.questionIndex]!++;
    answer(p, state, 'Honestly the delivery window was a problem for me.', (t += 5000));
  }
  return perQuestion;
}

describe('the sandbox interviewer', () => {
  it('asks 0, 1 or 3 follow-ups for low, medium and high probing', () => {
    // Answers per question = 1 + follow-ups.
    expect(run(project(['low', 'medium', 'high']))).toEqual([1, 2, 4]);
  });

  it('ends COMPLETE with the end message, and the transcript has ordered, non-overlapping AI and User turns', () => {
    const p = project(['medium']);
    const { state } = startChat(p, 0);
    answer(p, state, 'First answer.', 4000);
    const last = answer(p, state, 'Second answer.', 9000);
    expect(last).toEqual([{ text: 'Goodbye.' }]);
    expect(state.outcome).toBe('COMPLETE');
    expect(state.turns.map((x) => x.role)).toEqual(['AI', 'AI', 'User', 'AI', 'User', 'AI']);
    for (let n = 1; n < state.turns.length; n++) expect(state.turns[n]!.start).toBeGreaterThanOrEqual(state.turns[n - 1]!.start);
    expect(state.turns.every((x) => x.end >= x.start)).toBe(true);
  });

  it('a participant who answers faster than the AI speaks still gets a timeline that never runs backwards', () => {
    const p = project(['medium', 'high']);
    // Everything said within a quarter of a second, as a quick typist (or a test) would.
    const { state } = startChat(p, 0);
    for (let t = 10; state.phase !== 'done'; t += 10) answer(p, state, 'Quick answer about the weekly delivery.', t);
    expect(state.turns.length).toBeGreaterThan(8);
    for (let n = 1; n < state.turns.length; n++) {
      // Each turn starts once the one before it has ended, so every turn has its own moment to seek to.
      expect(state.turns[n]!.start).toBeGreaterThanOrEqual(state.turns[n - 1]!.end);
      expect(state.turns[n]!.start).toBeGreaterThan(state.turns[n - 1]!.start);
    }
    expect(state.turns.every((x) => x.end > x.start)).toBe(true);
  });

  it('follow-ups pick up a word the participant used', () => {
    expect(followUpFor('The packaging was wasteful', 0)).toContain('"packaging"');
    expect(followUpFor('The packaging was wasteful', 1)).toMatch(/^Why does "packaging" matter/);
    expect(followUpFor('ok', 0)).toBe('Could you say a bit more about that?');
  });

  it('screens first; a failing answer ends the interview INCOMPLETE', () => {
    const p = project(['low'], [{ id: 's1', text: 'Do you cook at home?', options: ['Yes', 'No'], pass: ['Yes'] }]);
    const { state, messages } = startChat(p, 0);
    expect(messages.at(-1)).toEqual({ text: 'Do you cook at home?', options: ['Yes', 'No'] });
    answer(p, state, 'No', 1000);
    expect(state.outcome).toBe('INCOMPLETE');
  });

  it('leaving part-way makes it INCOMPLETE', () => {
    const p = project(['high']);
    const { state } = startChat(p, 0);
    answer(p, state, 'Something.', 1000);
    leave(state, 2000);
    expect(state.outcome).toBe('INCOMPLETE');
  });
});
