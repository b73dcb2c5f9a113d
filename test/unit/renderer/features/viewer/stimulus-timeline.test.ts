// A STIMULI interview lined up with its stimuli: which stimulus was on screen at each turn, from the guide when
// it is known here or else from the stimuli's own assignments, and which stimuli this interview cannot be matched to.
import { describe, expect, it } from 'vitest';
import type { StimulusView } from '../../../../../src/shared/ipc/channels/stimuli';
import { interviewStimuli, onScreenAt } from '../../../../../src/renderer/features/viewer/stimulus-timeline';

const stim = (id: string, order: number, caption: string | null, questions: string[]): StimulusView => ({
  stimuli_id: id,
  display_order: order,
  kind: 'image',
  media_url: `/__fieldwork/media/stimulus/w/p/${id}`,
  media_saved: true,
  caption,
  question_items: questions,
});
const ai = (text: string) => ({ role: 'AI', text });
const user = (text: string) => ({ role: 'User', text });

const GUIDE = [
  'Before we look at anything, how do you usually choose meal-kit boxes?',
  'Take a look at "Concept A: kraft box". What is your first impression?',
  'Take a look at "Concept B: compostable pouch". What is your first impression?',
  'Which would you pick, and why?',
];
const A = stim('a', 0, 'Concept A: kraft box', [GUIDE[1]!, GUIDE[3]!]);
const B = stim('b', 1, 'Concept B: compostable pouch', [GUIDE[2]!, GUIDE[3]!]);
const TURNS = [
  ai('Hi, thanks for joining.'),
  user('Hello.'),
  ai('First, Concept A, the kraft box. What is your first impression?'),
  user('Sturdy.'),
  ai('Could you tell me more about "sturdy"?'),
  user('It would survive the courier.'),
  ai('Next, Concept B, the compostable pouch. How does that one feel?'),
  user('Flimsy.'),
];

describe('interviewStimuli and onScreenAt', () => {
  it("shows each question's stimulus from the turn that asks it to the next question, follow-ups included, and nothing before", () => {
    const ctx = interviewStimuli(TURNS, GUIDE, [B, A]);
    const at = (i: number) => {
      const o = onScreenAt(ctx, i);
      return [o.question?.number ?? null, o.stimuli.map((s) => s.stimuli_id).join('+'), o.span ? `${o.span.start}-${o.span.end}` : null];
    };
    expect(at(0)).toEqual([null, '', null]);
    expect(at(1)).toEqual([null, '', null]);
    expect(at(2)).toEqual([2, 'a', '2-5']);
    expect(at(4)).toEqual([2, 'a', '2-5']);
    expect(at(5)).toEqual([2, 'a', '2-5']);
    expect(at(7)).toEqual([3, 'b', '6-7']);
    expect(onScreenAt(ctx, 6)).toMatchObject({ question: { number: 3, text: GUIDE[2], index: 2 }, confidence: 'similar' });
    // The stimuli's marks in the transcript: where each comes on screen.
    expect([...ctx.shownFrom].map(([turn, s]) => [turn, s.map((x) => x.stimuli_id)])).toEqual([
      [2, ['a']],
      [6, ['b']],
    ]);
    expect(ctx.unmatched).toEqual([]);
  });

  it('takes the playhead before the first turn (-1) as the first turn, and copes with no turns', () => {
    const ctx = interviewStimuli(TURNS.slice(2), GUIDE, [A, B]);
    expect(onScreenAt(ctx, -1).stimuli.map((s) => s.stimuli_id)).toEqual(['a']);
    expect(onScreenAt(interviewStimuli([], GUIDE, [A]), -1)).toEqual({ question: null, stimuli: [], confidence: 'unmatched', span: null });
  });

  it('shows every stimulus of a question shown with several, in display order', () => {
    const ctx = interviewStimuli([...TURNS, ai('Which would you pick, and why?')], GUIDE, [B, A]);
    expect(onScreenAt(ctx, 8)).toMatchObject({ question: { number: 4 }, confidence: 'exact' });
    expect(onScreenAt(ctx, 8).stimuli.map((s) => s.stimuli_id)).toEqual(['a', 'b']);
  });

  it('says which stimuli it cannot match: one shown with no question, one whose questions this interview does not ask', () => {
    const C = stim('c', 2, null, []);
    const D = stim('d', 3, 'Concept D', ['Take a look at "Concept D: glass jar". What is your first impression?']);
    const ctx = interviewStimuli(TURNS, GUIDE, [A, B, C, D]);
    expect(ctx.unmatched.map((u) => [u.stimulus.stimuli_id, u.reason])).toEqual([
      ['c', 'unassigned'],
      ['d', 'not-found'],
    ]);
    // A stimulus without a caption is named by its place in the display order.
    expect(ctx.labels.get('c')).toBe('Stimulus 3');
    // An assignment the guide no longer has is still looked for, unnumbered: interviews before the edit asked it.
    expect(ctx.questions.at(-1)).toEqual({ number: null, text: D.question_items[0] });
  });

  it("without a guide, finds the stimuli's questions in the order the interview asks them, unnumbered", () => {
    const ctx = interviewStimuli(TURNS, null, [B, A]);
    expect(onScreenAt(ctx, 3)).toMatchObject({ question: { number: null, text: GUIDE[1] } });
    expect(onScreenAt(ctx, 3).stimuli.map((s) => s.stimuli_id)).toEqual(['a']);
    expect(onScreenAt(ctx, 7).stimuli.map((s) => s.stimuli_id)).toEqual(['b']);
  });

  it('matches assignments to the guide whatever their case or punctuation', () => {
    const ctx = interviewStimuli(TURNS, GUIDE, [stim('a', 0, 'A', ['take a look at concept a kraft box  what is your first impression'])]);
    expect(ctx.questions).toHaveLength(GUIDE.length);
    expect(onScreenAt(ctx, 3).stimuli.map((s) => s.stimuli_id)).toEqual(['a']);
  });
});
