import { WHY } from './possible-reasons';
import type { Span } from './spans';

/**
 * Emails and phone numbers as speech-to-text writes them when they are said aloud (issue 21 §1): "jane dot doe
 * at gmail dot com", "oh seven seven double nine, one two three, four five six", "plus two three four, eight oh
 * three…", and digits said one by one ("0 7 7 0 0 9 0 0 4 5 6"). Each is one span, so no word of it is left.
 */

// The endings a said domain closes with ("dot com", "dot co dot uk"): a said address needs one, so "we met at
// the cafe" is never an email.
const TLD =
  'com|org|net|edu|gov|io|co|uk|ie|de|fr|nl|es|it|pt|pl|se|no|dk|fi|be|at|ch|eu|ca|au|nz|us|in|ng|za|gh|ke|jp|kr|cn|sg|hk|br|mx|ar|tr|ru|il|ae|info|biz|me|app|dev|ai|scot|wales';
const WORD = '[\\p{L}\\p{N}]+';
const JOIN = '(?:[._-]| (?:dot|underscore|dash|hyphen|period) )';
const SAID_DOT = '(?:\\.| dot )';
const SAID_EMAIL = new RegExp(
  `(?<![\\p{L}\\p{N}'’._-])(${WORD}(?:${JOIN}${WORD}){0,5}) (?:at|@|at sign) (${WORD}(?:-${WORD})*(?:${SAID_DOT}${WORD}(?:-${WORD})*){0,3}${SAID_DOT}(?:${TLD}))(?![\\p{L}\\p{N}])`,
  'giu',
);
/** Mail providers: "jane at gmail dot com" is an address with no other sign of one. */
const WEBMAIL =
  /^(?:gmail|googlemail|yahoo|hotmail|outlook|live|msn|icloud|me|aol|proton|protonmail|gmx|yandex|mail|zoho|btinternet|sky|virginmedia|talktalk|ymail|rocketmail)\b/i;
const EMAIL_WORDS = /\b(?:e-?mail|mail|address|contact|reach|write|send|message|inbox)\b/i;

/** "jane dot doe at gmail dot com", "hiro.tanaka at example.jp". */
function saidEmails(s: string, out: Span[]): void {
  SAID_EMAIL.lastIndex = 0;
  for (let m = SAID_EMAIL.exec(s); m; m = SAID_EMAIL.exec(s)) {
    const local = m[1]!;
    const domain = m[2]!;
    // "I shop at tesco dot com" is a shop's site: a said address shows itself by a joined local part, a mail
    // provider, or the words around it.
    const joined = /[._-]| (?:dot|underscore|dash|hyphen|period) /i.test(local) || /\d/.test(local);
    const near = s.slice(Math.max(0, m.index - 50), m.index);
    if (!joined && !WEBMAIL.test(domain) && !EMAIL_WORDS.test(near)) {
      SAID_EMAIL.lastIndex = m.index + local.length + 1;
      continue;
    }
    out.push({ kind: 'email', start: m.index, end: m.index + m[0].length, text: m[0] });
  }
}

// A digit said: "oh", "zero", "nought", "one"…; "double nine", "triple oh"; "nine hundred" (900); a group of
// digits written as such ("0803"). A said phone number is a run of them.
const DIGIT_WORD = 'zero|oh|nought|one|two|three|four|five|six|seven|eight|nine';
const TEEN = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const SAID_TOKEN = `(?:(?:double|triple) (?:${DIGIT_WORD})|(?:${DIGIT_WORD}) hundred|(?:${TENS})(?:[ -](?:${DIGIT_WORD}))?|${TEEN}|${DIGIT_WORD}|\\d{1,5})`;
const SAID_PHONE = new RegExp(`(?<![\\p{L}\\p{N}])(?:plus )?${SAID_TOKEN}(?:(?:,? |-)${SAID_TOKEN}){4,20}(?![\\p{L}\\p{N}])`, 'giu');
// The cheap look first: two digit words in a row ("seven seven", "oh three"), or "double", "triple".
// In lowercase only (a case-insensitive expression costs more on every turn): after its first word, a number read
// out is in lowercase whatever the transcript capitalises.
const SAID_HINT = new RegExp(`(?:${DIGIT_WORD}),? (?:${DIGIT_WORD}|double|triple)\\b|\\b(?:double|triple) (?:${DIGIT_WORD})`);
// The cheapest look, before SAID_HINT: a digit word other than "one" or "two" between spaces (" seven ", " oh,").
const SAID_GATE = / (?:three|four|five|six|seven|eight|nine|zero|oh|double|triple|nought)[ ,]/;
/** SAID_GATE, " at " or " @ " (an email), or digits spaced one by one. */
const SAID_ANY = / (?:at|@|three|four|five|six|seven|eight|nine|zero|oh|double|triple|nought)[ ,]|\d \d \d/;
const DIGIT_VALUE: Record<string, number> = { zero: 0, oh: 0, nought: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const PHONE_WORDS = /\b(?:call|ring|phone|mobile|cell|tel|text|number|dial|whatsapp|landline|contact|reach|line|on)\b/i;

/** How many digits a said run stands for, and how many were said one by one. */
function countDigits(run: string): { digits: number; single: number } {
  let digits = 0;
  let single = 0;
  for (const tok of run.toLowerCase().split(/,? |-/)) {
    if (/^\d+$/.test(tok)) digits += tok.length;
    else if (tok in DIGIT_VALUE) {
      digits++;
      single++;
    } else if (tok === 'double' || tok === 'triple') {
      digits += tok === 'double' ? 1 : 2;
      single++;
    } else if (tok === 'hundred') digits += 2;
    else if (tok !== 'plus') digits += 2;
  }
  return { digits, single };
}

/** "oh seven seven double nine, one two three, four five six", "plus two three four, eight oh three…". */
function saidPhones(s: string, out: Span[]): void {
  SAID_PHONE.lastIndex = 0;
  for (let m = SAID_PHONE.exec(s); m; m = SAID_PHONE.exec(s)) {
    let text = m[0];
    const { digits, single } = countDigits(text);
    // A phone number is read out digit by digit: "twenty twenty three, nineteen eighty seven" is years.
    if (single < 5 || digits < 7 || digits > 15) continue;
    // A run that is all numerals is the shape detectors' (a date, a price, a phone in figures).
    if (!/\p{L}/u.test(text.replace(/^plus /i, ''))) continue;
    // Fewer than ten digits with nothing near saying it is a number to call may be a count: 'possible'.
    const near = s.slice(Math.max(0, m.index - 40), m.index);
    text = text.replace(/[,-]+$/, '');
    const span: Span = { kind: 'phone', start: m.index, end: m.index + text.length, text };
    if (digits < 10 && !PHONE_WORDS.test(near)) Object.assign(span, { confidence: 'possible', reason: WHY.shortSpokenNumber });
    out.push(span);
  }
}

/** Digits said one at a time, as a transcript may write them: "0 7 7 0 0 9 0 0 4 5 6". */
const SPACED_DIGITS = /(?<![\p{L}\p{N}.,])(?:\+ ?)?\d(?: \d){6,14}(?![\p{L}\p{N}]|[.,]\d)/gu;

/** Emails and phone numbers said aloud. */
export function detectSaidAloud(s: string, out: Span[]): void {
  // One cheap look for all three first (this runs on every turn): most texts have none of them.
  if (!SAID_ANY.test(s)) return;
  if ((s.includes(' at ') || s.includes(' @ ')) && (s.includes(' dot ') || /\.\p{L}/u.test(s))) saidEmails(s, out);
  if (SAID_GATE.test(s) && SAID_HINT.test(s)) saidPhones(s, out);
  if (/\d \d \d/.test(s)) {
    SPACED_DIGITS.lastIndex = 0;
    for (let m = SPACED_DIGITS.exec(s); m; m = SPACED_DIGITS.exec(s)) out.push({ kind: 'phone', start: m.index, end: m.index + m[0].length, text: m[0] });
  }
}
