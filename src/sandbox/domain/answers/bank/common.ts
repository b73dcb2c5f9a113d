/**
 * What simulated participants say: hand-written sentences, grouped by what they answer; this file has
 * those every topic shares, churn.ts and packaging.ts each topic's own, and ../index.ts composes them
 * into interviews. Each group is large enough that, across the demo's forty interviews,
 * no sentence has to be said by more than three people (test/unit/sandbox/answers.test.ts checks it).
 *
 * Written to be spoken by espeak-ng as well as read: amounts are in words ("sixty pounds", not "£60",
 * which it reads as "pound sixty"), and no abbreviation ends in a full stop, which would split a
 * sentence in two for the report.
 */

/** Sentences one can say before any answer, and after one. Shared by every topic. */
export const HEDGES = [
  'Good question.',
  'Let me think.',
  'Hmm, where do I start.',
  "That's a tricky one.",
  'Oh, a few things.',
  'Right, okay.',
  'Truthfully?',
  'Hard to say exactly.',
  'Well, let me see.',
  'Gosh.',
  "I suppose it's a mix.",
  "It's a bit of a long story.",
  'Let me put it this way.',
  'Ah, right.',
  "I've thought about this, actually.",
  'Okay, so.',
  'Ah, good one.',
  'Where to begin.',
  'A few reasons, really.',
  'Ooh.',
  'Mm, okay.',
  'Put simply?',
  "I'll be honest with you.",
  'Well.',
  'Right.',
  'Sure.',
  'Yeah, so.',
  'Oh, definitely.',
  'Funny you should ask.',
  'Let me try to remember.',
] as const;

export const CLOSERS = [
  "That's about it, really.",
  'That was the main thing.',
  "I'd go back if that changed.",
  'I did enjoy it at the start.',
  "It's a shame, because the idea is great.",
  'I still recommend it to friends, oddly.',
  "Anyway, that's my experience.",
  'I hope that helps.',
  'Something like that.',
  'I think that sums it up.',
  "Maybe I'm being fussy.",
  "It wasn't a big dramatic decision.",
  'I might try again in the new year.',
  'My sister still uses it, actually.',
  'Other than that, it was great.',
  'So yes, mixed feelings.',
  "That's my two pennies' worth.",
  'I could go on, but that was the gist.',
] as const;

/** The interviewer's own probes, short and open, as a real AI moderator varies them. */
export const FOLLOW_UPS = [
  'Could you tell me more about that?',
  'Can you give me an example?',
  'Can you say a bit more about that?',
  'What do you mean by that?',
  'Why is that?',
  'Interesting. Could you expand on that?',
  'How did that come about?',
  'Tell me a little more?',
  'How so?',
  'Go on?',
  'Anything else on that?',
  'What stood out most about that?',
] as const;
