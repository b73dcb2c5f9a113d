import { WHY } from './possible-reasons';
import type { Span } from './spans';

/**
 * Dates of birth, and ages tied to a birthday (issue 21 §1): "born on 3 March 1988", "born 1988-03-03",
 * "DOB 03/04/1991", "my birthday is the 14th of July", "I was born in March 1990", "I turned 34 on the 2nd of
 * May", "my 40th birthday". Only the date (and the age) is replaced, not the words around it.
 *
 * A date counts only beside a word that says it is a birth ("born", "birthday", "date of birth", "DOB",
 * "turned"): "the meeting on 3 March" and "in March we launched" are ordinary dates and are left alone. An age
 * alone ("I'm 34", "aged 34") is not a date of birth and is not found: it identifies no one by itself, and
 * flagging every "I'm 30" would bury the review in noise. "born in 2015" with no person before it ("the company
 * was born in 2015") is found as 'possible'.
 */

const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
const ORD_WORDS =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth';
const DAY = `(?:\\d{1,2}(?:st|nd|rd|th)?|(?:twenty[- ]|thirty[- ])?(?:${ORD_WORDS}))`;
// A year as it is said: "nineteen ninety", "nineteen eighty-eight", "two thousand and five".
const TENS = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const SAID_YEAR = `(?:nineteen|twenty)[- ](?:(?:${TENS})(?:[- ](?:${UNITS}))?|oh[- ](?:${UNITS}))|two thousand(?: and)?(?: (?:${TENS}|${UNITS}))?`;
const YEAR = `(?:(?:19|20)\\d\\d|['’]\\d\\d|${SAID_YEAR})`;
/** Every way a date is written or said: the longest first, so "3 March 1988" is not cut to "3 March". */
const DATE = [
  '\\d{4}-\\d{1,2}-\\d{1,2}',
  '\\d{1,2}[/.-]\\d{1,2}[/.-](?:\\d{4}|\\d{2})',
  '\\d{1,2} \\d{1,2} (?:19|20)\\d\\d',
  '\\d{1,2}/\\d{1,2}',
  `(?:the )?${DAY} (?:of )?${MONTH},? ${YEAR}`,
  `${MONTH} (?:the )?${DAY},? ${YEAR}`,
  `(?:the )?${DAY} (?:of )?${MONTH}`,
  `${MONTH} (?:the )?${DAY}`,
  `${MONTH},? ${YEAR}`,
  '(?:19|20)\\d\\d',
  "['’]\\d\\d",
  SAID_YEAR,
  // The month alone: "my birthday's in February", "born in March" (what of the date is said is what goes).
  MONTH,
].join('|');
const END = "(?![\\p{L}\\p{N}]|[/.-]\\d|'s)";

// The word that says a birth, then at most a few small words, then the date.
const BORN = new RegExp(`(?<![\\p{L}])born(?: (?:on|in|at|around|back in|the))*:? (${DATE})${END}`, 'dgiu');
const BIRTHDAY = new RegExp(
  `(?<![\\p{L}])(?:birthday|bday|b-day|(?:birth ?date|date of birth|d\\.?o\\.?b\\.?)(?: for (?:the |my |your |their |a )?[\\p{L}-]+)?)(?:['’]s|,? is|,? was|,? falls|,? fell|,? on|,? it['’]s|,? it is|,? as|,? which is|,? which was|,? that['’]s|:)*,? (?:on |in |the )?(${DATE})${END}`,
  'dgiu',
);
// "3 March 1988 is my birthday", "the 14th of July was her birthday".
const DATE_IS_BIRTHDAY = new RegExp(
  `(?<![\\p{L}\\p{N}])(${DATE})${END},? (?:is|was|'s|being) (?:my|his|her|their|our|your|the) (?:birthday|date of birth|bday|birth ?date)`,
  'dgiu',
);
// An age as it is said: "34", "forty", "thirty-two", "twenty one".
const AGE_WORDS = `(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:${UNITS}))?|${TENS}|${UNITS})`;
const AGE = `(?:\\d{1,3}|${AGE_WORDS})`;
// "I turned 34 on the 2nd of May", "she turns 40 in March", "I'll be 30 on my birthday".
const TURNED = new RegExp(
  `(?<![\\p{L}])(?:turned|turn|turns|turning|be|was|'ll be|’ll be|will be)(?: just)? (${AGE}(?: years old)?(?: (?:on|in|last|this|next) (?:(?:the|my|his|her) )?(?:${DATE}|${MONTH}|birthday)${END})?)(?![\\p{L}\\p{N}])`,
  'dgiu',
);
/** When a "turned 40" happened, said loosely: "on Tuesday", "yesterday", "last week", "this year". */
const WHEN_AFTER =
  /^(?: years old)?,? (?:on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|today|(?:last|this|next) (?:week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|at the weekend|on the weekend|in (?:january|february|march|april|may|june|july|august|september|october|november|december))\b/i;
// An age said beside a birthday ("I'm 34, my birthday's in March", "my birthday is the 9th, she'll be seven").
const AGE_SAID = new RegExp(
  `(?<![\\p{L}])(?:i['’]m|i am|he['’]s|she['’]s|he is|she is|they['’]re|i['’]ll be|he['’]ll be|she['’]ll be|will be|turning|aged?)(?: just| now)? (${AGE})(?: years old| now)?(?![\\p{L}\\p{N}]| (?:minutes?|mins?|hours?|days?|weeks?|months?|miles?|km|percent|pounds?|quid|euros?|dollars?|times|of|kids|children|people|feet|foot|floors?|stone|kilos?|kg))`,
  'dgiu',
);
// "I celebrated my 30th last month", "her 18th party".
const MY_NTH = new RegExp(
  `(?<![\\p{L}])(?:my|his|her|their|your) (\\d{1,3}(?:st|nd|rd|th)|(?:twent|thirt|fort|fift|sixt|sevent|eight|ninet)ieth|eighteenth|sixteenth|twenty-first|twenty first)(?= (?:last|this|next|on|in|party|bash|do|celebration|dinner)\\b)`,
  'dgiu',
);
/** What is not a person whose birth it is: "the company was born in 2015", "the shop turned 10 in March". */
const THING_BEFORE =
  /\b(?:company|business|brand|shop|store|firm|startup|start-up|app|idea|project|band|channel|charity|club|restaurant|cafe|café|podcast|website|site|product|show|series|event|festival|movement|it|this|that)\W+(?:\w+\W+){0,2}$/iu;
// "my 40th birthday", "her thirtieth birthday": the age the birthday gives away.
const NTH_BIRTHDAY = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\d{1,3}(?:st|nd|rd|th)|(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ])?(?:${ORD_WORDS})|(?:twent|thirt|fort|fift|sixt|sevent|eight|ninet)ieth) birthday`,
  'dgiu',
);

// Someone whose birth it is: without one before "born", the date may be a company's or a project's.
const PERSON_WORD_BEFORE =
  /\b(?:i|i'm|i am|i was|me|my|he|she|his|her|they|we|you|baby|son|daughter|kid|child|sister|brother|mum|mom|dad|wife|husband|twins?)\W*(?:\w+\W+){0,3}$/iu;
// Or a name ("Tom was born…"), but not a capitalised word that starts a sentence about a thing ("The company…").
const NAME_BEFORE = /(?<![\p{L}])(?!(?:The|This|That|It|Its|A|An|Which|What|Our|Their)(?![\p{L}]))\p{Lu}\p{Ll}+\W*(?:\w+\W+){0,3}$/u;
const personBefore = (before: string) => PERSON_WORD_BEFORE.test(before) || NAME_BEFORE.test(before);

// With the rarer forms' marks in the same look: "her thirtieth", "my 30th last month".
const HINT = /born|birth|b-?day|d\.?o\.?b|turn|ieth|\bbe \d|\d(?:st|nd|rd|th) /i;
// "I'll be forty": looked for only where "be " stands.
const BE_AGE_AT = /(?:[a-z]+(?:ty|teen)\b|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)/iy;
/** "be" and an age after it, looked for where "be " stands (a sticky expression there, not over the whole text). */
function beAge(s: string): boolean {
  for (let i = s.indexOf('be '); i >= 0; i = s.indexOf('be ', i + 3)) {
    if (i > 0 && /\p{L}/u.test(s[i - 1]!)) continue;
    BE_AGE_AT.lastIndex = i + 3;
    if (BE_AGE_AT.test(s)) return true;
  }
  return false;
}
const hinted = (s: string) => HINT.test(s) || beAge(s);

function add(out: Span[], s: string, re: RegExp, check?: (start: number, m: RegExpExecArray) => boolean | 'possible'): void {
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const text = m[1]!;
    const start = m.indices![1]![0];
    const ok = check ? check(start, m) : true;
    if (!ok) continue;
    const span: Span = { kind: 'dob', start, end: start + text.length, text };
    if (ok === 'possible') Object.assign(span, { confidence: 'possible', reason: WHY.bornNoPerson });
    out.push(span);
  }
}

/** Dates of birth and the ages a birthday gives away. */
export function detectBirthDates(s: string): Span[] {
  const out: Span[] = [];
  if (!hinted(s)) return out;
  add(out, s, BORN, (_start, m) => {
    const b = s.slice(Math.max(0, m.index - 40), m.index);
    if (THING_BEFORE.test(b) && !PERSON_WORD_BEFORE.test(b.slice(-12))) return false;
    return personBefore(b) ? true : 'possible';
  });
  add(out, s, BIRTHDAY);
  add(out, s, DATE_IS_BIRTHDAY);
  // A bare "turned 34" is an age, not a birthday: it counts only with the date or the birthday it happened on.
  add(out, s, TURNED, (_start, m) => {
    const b = s.slice(Math.max(0, m.index - 30), m.index);
    // "The shop turned 10 in March": a thing's age, not a person's.
    if (THING_BEFORE.test(b)) return false;
    const after = s.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (/birthday/i.test(m[1]!) || /^\W{0,3}(?:\w+\W+){0,3}birthday/i.test(after)) return true;
    // "I was 34 in March" is an age at a time; "I turned 34 in March", "she turned 40 on Tuesday" is a birthday.
    if (/^turn/i.test(m[0])) return / (?:on|in|last|this|next) /i.test(m[1]!) || WHEN_AFTER.test(after);
    // "I'll be 40 on the 5th of June": an age on a day is a birthday; "I was 34 in March" is not.
    return new RegExp(` on (?:the )?${DAY}`, 'iu').test(m[1]!) || new RegExp(` on ${MONTH} \\d`, 'iu').test(m[1]!);
  });
  add(out, s, NTH_BIRTHDAY);
  add(out, s, MY_NTH, (_start, m) => !THING_BEFORE.test(s.slice(Math.max(0, m.index - 30), m.index)));
  // An age said within a few words of a birthday or a birth (either side) is the age the birthday gives away.
  // ("I was born in Leeds and I'm 34" is an age and a birthplace: left alone.)
  if (/birthday|b-?day|birth/i.test(s)) {
    add(out, s, AGE_SAID, (start, m) => {
      const around = s.slice(Math.max(0, m.index - 70), start + m[1]!.length + 70);
      return /birthday|b-?day|date of birth|d\.o\.b|\bdob\b/i.test(around);
    });
  }
  return out;
}

/**
 * The interviewer asks for a birth date ("When's your birthday?", "What's your date of birth?", "How old are you
 * and when were you born?", "What year were you born?", "your DOB?"): the participant's next turn may say only the
 * date. A question about anything else ("When did you start the subscription?") is no cue.
 */
const ASKS_BIRTH = /\b(?:birthday|b-?day|date of birth|birth ?date|d\.?o\.?b\b|dob\b|(?:were|was) you born|you were born)/i;
/** A short follow-up that keeps asking for the same date: "And what month?", "and the year?", "which day?". */
const FOLLOW_UP = /^\W*(?:and\s+)?(?:what|which|the)\s+(?:year|month|day|date)\b[^?]{0,20}\?\s*$/i;

/** Whether the interviewer's turn asks for a birth date (`asking` says whether the turn before it did). */
export function asksForBirthDate(question: string, asking: boolean): boolean {
  if (!question.includes('?')) return false;
  return ASKS_BIRTH.test(question) || (asking && FOLLOW_UP.test(question));
}

// A year said short after a day and month: "the fourth of July, eighty-two".
const SHORT_YEAR = `(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:${UNITS}))?`;
const ANSWER_DATE = `(?:the )?${DAY} (?:of )?${MONTH},? ${SHORT_YEAR}|${DATE}`;
// The answer's first words: a filler or two, perhaps the age asked with it ("thirty-five, 21/06/1990"), then the date.
const ANSWER = new RegExp(
  `^\\W*(?:(?:it['’]?s|it is|that['’]?s|that would be|sure|yes|yeah|yep|um+|uh+|erm|oh|so|well|ok(?:ay)?|i was born(?: on| in)?|born(?: on| in)?|on)\\W+){0,3}(?:${AGE}(?: years old)?[,.;]\\s+(?:and\\s+)?)?(${ANSWER_DATE})${END}`,
  'diu',
);

/** The date a participant's turn gives in answer to a question asking for their birth date, if it starts with one. */
export function answeredBirthDate(answer: string): Span[] {
  const m = ANSWER.exec(answer);
  if (!m) return [];
  // A sentence's full stop after the month is not the month's abbreviation dot ("the 2nd of May. every year…").
  const text = m[1]!.replace(/(?<=\p{L}{3})\.$/u, '');
  const start = m.indices![1]![0];
  return [{ kind: 'dob', start, end: start + text.length, text }];
}
