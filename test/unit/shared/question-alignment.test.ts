// Lining a transcript's turns up with the guide's questions: exact (normalised) matches first, then
// reworded ones in the guide's order, follow-ups under the question they follow, nothing before the first.
import { describe, expect, it } from 'vitest';
import { alignTurns, normaliseQuestionText, type AlignableTurn } from '../../../src/shared/question-alignment';

const ai = (text: string): AlignableTurn => ({ role: 'AI', text });
const user = (text: string): AlignableTurn => ({ role: 'User', text });
/** The question index and confidence of each turn, as "q:confidence" ("-" for none), to read a whole transcript at a glance. */
const summary = (turns: readonly AlignableTurn[], questions: string[], ordered?: boolean) =>
  alignTurns(turns, questions, ordered === undefined ? {} : { ordered }).turns.map((t) => `${t.question ?? '-'}:${t.confidence}${t.asks ? '*' : ''}`);

const GUIDE = [
  'What made you decide to pause or cancel your meal-kit subscription?',
  'How did the price feel compared with what you got each week?',
  'Tell me about your deliveries: the timing, the packaging, anything that stood out.',
  'What would have kept you subscribed?',
];

describe('normaliseQuestionText', () => {
  it('ignores case, accents, punctuation, quotes and spacing', () => {
    expect(normaliseQuestionText('  What’s your “FIRST”   impression of the Café?! ')).toBe('whats your first impression of the cafe');
    expect(normaliseQuestionText('Take a look at "Concept A: kraft box".')).toBe(normaliseQuestionText('take a look at concept a kraft box'));
  });
});

describe('alignTurns: exact matches', () => {
  it('ties each AI turn that says a question to it, whatever its case, punctuation or spacing, and the answers with it', () => {
    const turns = [
      ai('Hi, and thank you for joining. There are no right or wrong answers.'),
      user('Hi!'),
      ai('what made you decide to PAUSE or cancel your meal-kit subscription'),
      user('The price, mostly.'),
      ai('How did the price feel   compared with what you got each week ?'),
      user('Too high.'),
    ];
    expect(summary(turns, GUIDE)).toEqual(['-:unmatched', '-:unmatched', '0:exact*', '0:exact', '1:exact*', '1:exact']);
  });

  it('finds a question said word for word inside a longer turn, but not a short question inside any turn', () => {
    const questions = ['What would have kept you subscribed?', 'Why?'];
    const turns = [ai('Thanks, that helps. What would have kept you subscribed?'), user('A cheaper plan.'), ai('Can you say why that matters to you?')];
    expect(summary(turns, questions)).toEqual(['0:exact*', '0:exact', '0:follow-up']);
  });

  it('keeps exact matches that are out of the guide order: the interviewer did ask that question there', () => {
    const turns = [ai(GUIDE[0]!), user('a'), ai(GUIDE[2]!), user('b'), ai(GUIDE[1]!), user('c')];
    const a = alignTurns(turns, GUIDE);
    expect(a.turns.map((t) => t.question)).toEqual([0, 0, 2, 2, 1, 1]);
    expect(a.askedAt).toEqual([[0], [4], [2], []]);
  });
});

describe('alignTurns: reworded questions', () => {
  it("matches a packaging interview whose interviewer words each question its own way, in the guide's order", () => {
    // The sandbox's STIMULI guide for the demo's three concepts, and a transcript that asks them in other words (the
    // demo's first packaging video, kept here as written: the demo's videos now ask the guide word for word).
    const guide = [
      'Before we look at anything, how do you usually choose meal-kit boxes?',
      'Take a look at "Concept A: kraft box". What is your first impression?',
      'Take a look at "Concept B: compostable pouch". What is your first impression?',
      'Take a look at "Concept C: reusable crate". What is your first impression?',
      'Comparing "Concept A: kraft box", "Concept B: compostable pouch", "Concept C: reusable crate", which would you pick, and why?',
      'Is there anything you would change about what you saw?',
    ];
    const reworded: AlignableTurn[] = [
      ai('First, Concept A, the kraft box. What is your first impression?'),
      user("It looks sturdy and natural. It's plain cardboard, so I know I can recycle it."),
      ai('Next, Concept B, the compostable pouch. How does that one feel?'),
      user("It uses less packaging, but I'm not sure my council would collect it. It might end up as waste anyway."),
      ai('And Concept C, the reusable crate. What do you think?'),
      user('No waste at all is great, but the courier would need to take the crate back each week.'),
      ai('Which of the three concepts do you prefer?'),
      user("The kraft box. It's simple, easy to recycle, and there's no plastic."),
    ];
    const a = alignTurns(reworded, guide);
    expect(a.turns.map((t) => `${t.question}:${t.confidence}`)).toEqual([
      '1:similar',
      '1:similar',
      '2:similar',
      '2:similar',
      '3:similar',
      '3:similar',
      // "Which of the three concepts do you prefer?" shares too little with the comparing question: a follow-up.
      '3:follow-up',
      '3:follow-up',
    ]);
    expect(a.askedAt).toEqual([[], [0], [2], [4], [], []]);
    expect(a.spans).toEqual([
      { question: 1, start: 0, end: 2, confidence: 'similar' },
      { question: 2, start: 2, end: 4, confidence: 'similar' },
      { question: 3, start: 4, end: 8, confidence: 'similar' },
    ]);
  });

  it('matches as many questions as it can in order, rather than each turn to the question it is most like', () => {
    const questions = ['How did the price of the weekly box feel?', 'How did the weekly recipes and the price compare with cooking at home?'];
    const turns = [
      // Closer to the second question than the first, but the next turn is plainly the second.
      ai('How did the weekly price feel, compared with cooking at home?'),
      user('Dear.'),
      ai('And the recipes: how did they compare with cooking at home?'),
      user('Home was cheaper.'),
      // Like the first question, but asked after the second: the guide's order makes it a follow-up.
      ai('Could you tell me more about the price of the weekly box?'),
    ];
    expect(summary(turns, questions)).toEqual(['0:similar*', '0:similar', '1:similar*', '1:similar', '1:follow-up']);
  });

  it('starts a question at the first turn that asks it, even when a follow-up repeats it more closely', () => {
    const questions = ['What would have kept you subscribed?', 'Is there anything else you would like us to know?'];
    const turns = [
      ai('What would have made you stay subscribed?'),
      user('Cheaper.'),
      ai('So what, exactly, would have kept you subscribed to us?'),
      user('Half price.'),
    ];
    expect(summary(turns, questions)).toEqual(['0:similar*', '0:similar', '0:follow-up', '0:follow-up']);
  });

  it('fits reworded questions between exact ones, only among the questions between them', () => {
    const turns = [ai(GUIDE[0]!), user('a'), ai('And how did the price feel for what arrived each week?'), user('b'), ai(GUIDE[3]!), user('c')];
    expect(summary(turns, GUIDE)).toEqual(['0:exact*', '0:exact', '1:similar*', '1:similar', '3:exact*', '3:exact']);
  });

  it('leaves a turn that is like no question as a follow-up, and a question asked nowhere unmatched', () => {
    const turns = [ai(GUIDE[0]!), user('a'), ai('Could you give me an example?'), user('b'), ai('Anything else?')];
    const a = alignTurns(turns, GUIDE);
    expect(a.turns.map((t) => t.confidence)).toEqual(['exact', 'exact', 'follow-up', 'follow-up', 'follow-up']);
    expect(a.askedAt.slice(1)).toEqual([[], [], []]);
  });

  it('puts questions of unknown order (gathered from stimuli) in the order the transcript asks them', () => {
    const turns = [
      ai('First, Concept A, the kraft box. What is your first impression?'),
      user('Sturdy.'),
      ai('Next, Concept B, the compostable pouch. How does that one feel?'),
      user('Flimsy.'),
    ];
    const questions = [
      'Take a look at "Concept B: compostable pouch". What is your first impression?',
      'Take a look at "Concept A: kraft box". What is your first impression?',
    ];
    expect(summary(turns, questions, false)).toEqual(['1:similar*', '1:similar', '0:similar*', '0:similar']);
    // Taken as a guide, the same list puts B before A: only one of them can be matched, and B's turn becomes a follow-up.
    expect(summary(turns, questions, true)).toEqual(['1:similar*', '1:similar', '1:follow-up', '1:follow-up']);
  });
});

describe('alignTurns: edges', () => {
  it('gives an empty transcript no turns and every question no place', () => {
    expect(alignTurns([], GUIDE)).toEqual({ turns: [], spans: [], askedAt: [[], [], [], []] });
  });

  it('leaves every turn unmatched when there are no questions', () => {
    expect(summary([ai(GUIDE[0]!), user('a')], [])).toEqual(['-:unmatched', '-:unmatched']);
  });

  it('never lets a participant or an unknown speaker ask a question', () => {
    const turns = [user(GUIDE[0]!), { role: 'unknown', text: GUIDE[1]! }, ai(GUIDE[1]!)];
    expect(summary(turns, GUIDE)).toEqual(['-:unmatched', '-:unmatched', '1:exact*']);
  });

  it('keeps a question asked again straight after in one run, and a question asked twice apart in two', () => {
    const turns = [ai(GUIDE[0]!), ai(GUIDE[0]!), user('a'), ai(GUIDE[1]!), user('b'), ai(GUIDE[0]!), user('c')];
    const a = alignTurns(turns, GUIDE);
    expect(a.spans).toEqual([
      { question: 0, start: 0, end: 3, confidence: 'exact' },
      { question: 1, start: 3, end: 5, confidence: 'exact' },
      { question: 0, start: 5, end: 7, confidence: 'exact' },
    ]);
    expect(a.askedAt[0]).toEqual([0, 1, 5]);
  });

  it('takes a repeated question text (the same question twice in the guide) in order', () => {
    const questions = ['Why?', 'What would have kept you subscribed?', 'Why?'];
    const turns = [ai('Why?'), user('a'), ai('What would have kept you subscribed?'), user('b'), ai('why'), user('c')];
    expect(alignTurns(turns, questions).turns.map((t) => t.question)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
