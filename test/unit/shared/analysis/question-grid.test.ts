import { describe, expect, it } from 'vitest';
import { inferGuide } from '../../../../src/shared/analysis/inferred-guide';
import { buildQuestionGrid, groupOptions, NO_GROUP_VALUE, type GridSource, type GridSourceInterview } from '../../../../src/shared/analysis/question-grid';

const Q = ['Why did you cancel your subscription?', 'What did you think of the price?', 'How were the deliveries?', 'What would bring you back?'];
const PROBES = ['Can you tell me more about that?', 'Why was that important to you?', 'What happened next?'];

type Turn = { role: string; text: string };
/** An interview asking `order` (indexes into Q) with a probe after the questions in `probeAfter`. */
function script(order: number[], probeAfter: Record<number, number> = {}, who = 'P'): Turn[] {
  const turns: Turn[] = [];
  for (const q of order) {
    turns.push({ role: 'AI', text: Q[q]! }, { role: 'User', text: `${who} answers ${q}` });
    if (probeAfter[q] !== undefined) turns.push({ role: 'AI', text: PROBES[probeAfter[q]!]! }, { role: 'User', text: `${who} more on ${q}` });
  }
  return turns;
}

describe('inferGuide', () => {
  it('takes the AI turns that recur in a stable order as the questions and leaves probes that recur anywhere as follow-ups', () => {
    const transcripts = [
      script([0, 1, 2, 3], { 0: 0 }),
      script([0, 1, 2, 3], { 2: 0, 3: 1 }),
      script([0, 1, 2, 3], { 1: 1 }),
      script([0, 1, 2, 3], { 3: 0, 0: 1 }),
      script([0, 1, 2, 3], { 1: 0, 2: 1 }),
      script([0, 1, 2, 3], { 2: 2 }),
    ];
    expect(inferGuide(transcripts)).toEqual(Q);
  });

  it('keeps a question some interviews skipped, and the guide order when one interview asks two out of order', () => {
    const transcripts = [script([0, 1, 2, 3]), script([0, 2, 3]), script([0, 1, 3]), script([0, 2, 1, 3]), script([0, 1, 2, 3], { 1: 0 }), script([1, 2, 3])];
    expect(inferGuide(transcripts)).toEqual(Q);
  });

  it('drops a probe said twice in one interview, a closing line nobody answers, and wording differences of case and punctuation', () => {
    const closing = { role: 'AI', text: 'Thank you for your time today.' };
    const t = (order: number[]) => [
      ...script(order),
      { role: 'AI', text: PROBES[0]! },
      { role: 'User', text: 'x' },
      { role: 'AI', text: PROBES[0]! },
      { role: 'User', text: 'y' },
      closing,
    ];
    const transcripts = [
      t([0, 1, 2, 3]),
      t([0, 1, 2, 3]),
      [...script([0, 1, 2, 3]).map((x) => (x.role === 'AI' ? { ...x, text: x.text.toUpperCase() } : x)), closing],
    ];
    expect(inferGuide(transcripts)).toEqual(Q);
  });

  it('leaves out the greeting every interview opens with, which is answered but asks nothing', () => {
    const greet = (t: Turn[]) => [{ role: 'AI', text: 'Hello, and thank you for joining us today.' }, { role: 'User', text: 'Hi!' }, ...t];
    expect(inferGuide([greet(script([0, 1, 2])), greet(script([0, 1, 2], { 1: 0 })), greet(script([0, 2]))])).toEqual([Q[0], Q[1], Q[2]]);
    // A first question worded without a question mark is still a question: its answers say something.
    const tell = [
      { role: 'AI', text: 'Tell me about your last order.' },
      { role: 'User', text: 'It came late and the chicken was warm.' },
    ];
    expect(
      inferGuide([
        [...tell, ...script([1])],
        [...tell, ...script([1])],
      ]),
    ).toEqual(['Tell me about your last order.', Q[1]]);
  });

  it('with one interview, every answered AI turn is a question; with none, there is no guide', () => {
    expect(inferGuide([script([0, 1])])).toEqual([Q[0], Q[1]]);
    expect(inferGuide([])).toEqual([]);
    expect(inferGuide([[{ role: 'User', text: 'hello' }]])).toEqual([]);
  });
});

function interview(id: string, turns: Turn[], extra: Partial<GridSourceInterview> = {}): GridSourceInterview {
  return {
    id,
    code: `P${id.replace(/\D/g, '').padStart(2, '0')}`,
    status: 'COMPLETE',
    participant_name: null,
    fields: {},
    screener: [],
    turns: turns.map((t, idx) => ({ idx, role: t.role, text: t.text, start_ms: idx * 1000 })),
    codings: [],
    ...extra,
  };
}

describe('buildQuestionGrid', () => {
  it('joins each participant turn to the guide question it answers (follow-ups included), with the time and codes of those turns', () => {
    const turns: Turn[] = [
      { role: 'AI', text: 'Hello and welcome.' },
      { role: 'User', text: 'Hi there.' },
      { role: 'AI', text: Q[0]! },
      { role: 'User', text: 'Too expensive.' },
      { role: 'AI', text: PROBES[0]! },
      { role: 'User', text: 'Forty pounds a week.' },
      { role: 'AI', text: 'What did you think about the price?' }, // Q[1] in other words
      { role: 'User', text: 'Steep.' },
    ];
    const source: GridSource = {
      guide: Q,
      codes: [
        { id: 'c-price', name: 'Price', color: '#3b6fd4' },
        { id: 'c-value', name: 'Value', color: '#d4883b' },
      ],
      interviews: [
        interview('iv1', turns, {
          participant_name: 'Ada',
          codings: [
            { start_turn: 5, end_turn: 5, codes: ['c-value'] },
            { start_turn: 3, end_turn: 3, codes: ['c-price'] },
            { start_turn: 6, end_turn: 6, codes: ['c-price'] }, // the AI's turn only: not in an answer
          ],
        }),
        interview('iv2', script([0])),
      ],
    };
    const grid = buildQuestionGrid(source);
    expect(grid.guide).toBe('known');
    expect(grid.questions.map((q) => [q.text, q.inferred, q.exact, q.similar])).toEqual([
      [Q[0], false, 2, 0],
      [Q[1], false, 0, 1],
      [Q[2], false, 0, 0],
      [Q[3], false, 0, 0],
    ]);
    const [ada, second] = grid.rows;
    // The name with the participant code beside it; the code alone without a name.
    expect(ada!.participant).toBe(`Ada (${ada!.code})`);
    expect(second!.participant).toBe(second!.code);
    expect(ada!.cells).toEqual([
      {
        question_index: 0,
        text: 'Too expensive.\n\nForty pounds a week.',
        start_ms: 3000,
        turn: 3,
        turns: 2,
        confidence: 'exact',
        codes: ['c-price', 'c-value'],
      },
      { question_index: 1, text: 'Steep.', start_ms: 7000, turn: 7, turns: 1, confidence: 'similar', codes: [] },
    ]);
    expect(ada!.unmatched).toEqual({ text: 'Hi there.', turns: 1, start_ms: 1000, turn: 1 });
    expect(second!.unmatched).toBeNull();
    expect(grid.unmatched).toEqual({ turns: 1, interviews: 1 });
  });

  it('infers the guide when none is known and says so', () => {
    const grid = buildQuestionGrid({
      guide: null,
      codes: [],
      interviews: [interview('a', script([0, 1], { 0: 0 })), interview('b', script([0, 1], { 1: 0 }))],
    });
    expect(grid.guide).toBe('inferred');
    expect(grid.questions.map((q) => [q.text, q.inferred])).toEqual([
      [Q[0], true],
      [Q[1], true],
    ]);
    expect(grid.rows[0]!.cells.map((c) => c.text)).toEqual(['P answers 0\n\nP more on 0', 'P answers 1']);
  });

  it('groups rows by a participant field or a screener answer and counts each code per question per group', () => {
    const coded = (id: string, plan: string | null, household: string | null, codes: string[]) =>
      interview(id, script([0, 1]), {
        fields: { name: id, plan, tenure_months: 3 },
        screener: household === null ? [] : [{ id: 'sq_household', text: 'How many people do you cook for?', answer: household }],
        codings: [
          { start_turn: 1, end_turn: 1, codes },
          { start_turn: 3, end_turn: 3, codes: ['price'] },
        ],
      });
    const source: GridSource = {
      guide: [Q[0]!, Q[1]!],
      codes: [
        { id: 'price', name: 'Price', color: '#000000' },
        { id: 'value', name: 'Value', color: '#111111' },
      ],
      interviews: [
        coded('a', 'Family', '3-4', ['price']),
        coded('b', 'Classic', '1', ['price', 'value']),
        coded('c', 'Family', '1', ['value']),
        coded('d', null, null, []),
      ],
    };
    expect(groupOptions(source.interviews)).toEqual([
      { key: 'plan', label: 'plan' },
      { key: 'tenure_months', label: 'tenure_months' },
      { key: 'screener:sq_household', label: 'Screener: How many people do you cook for?' },
    ]);
    const byPlan = buildQuestionGrid(source, { by: 'plan' });
    expect(byPlan.rows.map((r) => [r.interview_id, r.group])).toEqual([
      ['b', 'Classic'],
      ['a', 'Family'],
      ['c', 'Family'],
      ['d', NO_GROUP_VALUE],
    ]);
    expect(byPlan.groups).toEqual([
      { name: 'Classic', interviews: 1, counts: [{ price: 1, value: 1 }, { price: 1 }] },
      { name: 'Family', interviews: 2, counts: [{ price: 1, value: 1 }, { price: 2 }] },
      { name: NO_GROUP_VALUE, interviews: 1, counts: [{}, { price: 1 }] },
    ]);
    const byScreener = buildQuestionGrid(source, { by: 'screener:sq_household' });
    expect(byScreener.groups.map((g) => [g.name, g.interviews, g.counts[0]])).toEqual([
      ['1', 2, { price: 1, value: 2 }],
      ['3-4', 1, { price: 1 }],
      [NO_GROUP_VALUE, 1, {}],
    ]);
    expect(buildQuestionGrid(source).groups).toEqual([]);
  });
});
