import { WHY } from './possible-reasons';
import type { Span } from './spans';

/**
 * National ID and account-like numbers (issue 21 §1): UK National Insurance ("QQ 12 34 56 C"), US Social
 * Security ("123-45-6789"), IBAN ("GB82 WEST 1234 5698 7654 32"), UK sort code and account number, NHS
 * number ("943 476 5919"), payment card numbers, and passport, licence, membership and other numbers that the
 * words before them name ("passport number 123456789").
 *
 * Where a scheme carries a check (IBAN mod 97, NHS mod 11, card Luhn, the letters an NI number may use, the
 * ranges an SSN is never issued in) a number counts only when the check holds, so prices, counts, order and
 * version numbers are left to the other detectors. An NHS-shaped number with no "NHS" near it is 'possible': one
 * ten-digit phone number in eleven passes the check.
 */

// "QQ" is never issued, but it is HMRC's own example prefix ("QQ 12 34 56 C"), so it is what people read out of forms.
const NI = /(?<![\p{L}\p{N}])(?!BG|GB|NK|KN|TN|NT|ZZ)(?:[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPQR-TW-Z]|QQ) ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![\p{L}\p{N}])/gu;
const SSN = /(?<![\p{L}\p{N}-])(\d{3})-(\d{2})-(\d{4})(?![\p{L}\p{N}]|-\d)/gu;
const SSN_SPACED =
  /(?<=\b(?:ssn|social security(?: number| no\.?)?|(?:my|his|her|their|your) social)(?: is|['’]s|:)?,? )\d{3}[ -]?\d{2}[ -]?\d{4}(?![\p{L}\p{N}])/giu;
// In any case: speech-to-text may write "ie29 aibk 9311…"; the mod-97 check keeps words out.
const IBAN = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\p{L}\p{N}])/giu;
/** Aadhaar (India): twelve digits in fours, the first 2–9, with a Verhoeff check digit. */
const AADHAAR = /(?<![\p{L}\p{N}.,-])[2-9]\d{3} \d{4} \d{4}(?![\p{L}\p{N}]|[.,-]\d)/gu;
/** Ireland's PPS number: seven digits and a check letter, sometimes a second letter ("1234567T", "8765432EA"). */
const PPS = /(?<![\p{L}\p{N}])\d{7}[A-W][A-IW]?(?![\p{L}\p{N}])/giu;
/** A UK driving licence: five letters of the surname (9 for padding), six digits of the birth date, initials, a digit, two letters. */
const UK_LICENCE = /(?<![\p{L}\p{N}])[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}(?![\p{L}\p{N}])/gu;
/** India's PAN: five letters (the fourth says whose: P a person, C a company…), four digits, a letter. */
const PAN = /(?<![\p{L}\p{N}])[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z](?![\p{L}\p{N}])/gu;
const NHS = /(?<![\p{L}\p{N}+(.-])\d{3}[ -]?\d{3}[ -]?\d{4}(?![\p{L}\p{N}]|[.-]\d)/gu;
const CARD = /(?<![\p{L}\p{N}.-])(?:\d{4}[ -]?){2,3}\d{4}(?:[ -]?\d{1,3})?(?![\p{L}\p{N}]|[.-]\d)|(?<![\p{L}\p{N}])\d{4}[ -]\d{6}[ -]\d{5}(?![\p{L}\p{N}])/gu;
const SORT_CODE = /(?<=\bsort ?code(?: is|:)? )\d{2}[- ]?\d{2}[- ]?\d{2}(?![\p{L}\p{N}])/giu;
// The number a name before it gives: "passport number 123456789", "account 12345678", "member ID AB123456".
// Its groups each start with a digit ("QQ 123456" with up to three letters first), so the words after it are
// never taken.
const VALUE = '(?:(?!(?:is|was|no|the|my|it|on|about|around|ends|starts|number)\\b)[A-Z]{1,5}[ -]?)?\\d[A-Z0-9]*(?:[ -]\\d[A-Z0-9]*){0,5}(?![\\p{L}\\p{N}])';
/** An NI number as speech-to-text may write it, in lowercase, after its name: "ni number qq 12 34 56 c". */
const NI_NAMED = /(?<=\b(?:national insurance|ni|nino)(?: number| no\.?)?(?: is|:)?,? )[a-z]{2} ?\d{2} ?\d{2} ?\d{2} ?[a-d](?![\p{L}\p{N}])/giu;
/** Names that say what the number is on their own: "passport 123456789", "account 12345678". */
const NAMED_BARE = new RegExp(
  `(?<=\\b(?:passport|driving licen[cs]e|driver['’]?s licen[cs]e|national insurance|nino|ni|ssn|social security|nhs|medicare|bank account|account|acct|a/c|iban|aadhaa?r|pan|pps|bsn|burgerservicenummer|nin|bvn|sin|tfn|cpf|dni|nie|nif|codice fiscale|personnummer|id)(?: (?:card|number|no\\.?|num|#|id|code))?(?:['’]s| is|:| was)?,? )${VALUE}`,
  'giu',
);
/** Names that need "number", "ID" or "reference" after them: "member ID 48213377", not "tax 20000". */
const NAMED_NUMBER = new RegExp(
  `(?<=\\b(?:licen[cs]e|national id|id card|identity card|identity|tax|tin|vat|insurance|policy|member(?:ship)?|customer|patient|student|employee|staff|payroll|routing|health ?card|hospital|citizen(?:ship)?|residence permit|visa)(?: card)? (?:number|no\\.?|num|#|id|reference|ref|code)(?: is|:| was)?,? )${VALUE}`,
  'giu',
);

/** IBAN check: the first four characters moved to the end, letters as 10–35, the whole mod 97 is 1. */
export function ibanValid(raw: string): boolean {
  const s = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const c of moved) {
    const v = c >= 'A' ? c.charCodeAt(0) - 55 : Number(c);
    rem = v > 9 ? (rem * 100 + v) % 97 : (rem * 10 + v) % 97;
  }
  return rem === 1;
}

/** NHS number check: the first nine digits weighted 10 down to 2, 11 minus the sum mod 11 is the tenth (never 10). */
export function nhsValid(raw: string): boolean {
  const d = raw.replace(/\D/g, '');
  if (d.length !== 10 || /^(\d)\1{9}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(d[i]) * (10 - i);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(d[9]);
}

/** Verhoeff check (Aadhaar): the dihedral group D5 over the digits, permuted by position, must come to 0. */
const VD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
export function verhoeffValid(raw: string): boolean {
  const d = raw.replace(/\D/g, '');
  let c = 0;
  for (let i = 0; i < d.length; i++) c = VD[c]![VP[i % 8]![Number(d[d.length - 1 - i])]!]!;
  return d.length > 0 && c === 0;
}

/** PPS check: digits weighted 8 down to 2, a second letter weighted 9 (A=1…), the sum mod 23 is the check letter (0 = W). */
export function ppsValid(raw: string): boolean {
  const s = raw.toUpperCase();
  if (!/^\d{7}[A-W][A-IW]?$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(s[i]) * (8 - i);
  if (s.length === 9 && s[8] !== 'W') sum += (s.charCodeAt(8) - 64) * 9;
  const r = sum % 23;
  return s[7] === (r === 0 ? 'W' : String.fromCharCode(64 + r));
}

/** Luhn check of a card number: 13 to 19 digits, doubled every second digit from the right. */
export function luhnValid(raw: string): boolean {
  const d = raw.replace(/\D/g, '');
  if (d.length < 13 || d.length > 19 || /^(\d)\1+$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let v = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      v *= 2;
      if (v > 9) v -= 9;
    }
    sum += v;
  }
  return sum % 10 === 0;
}

/** An SSN ("123-45-6789", "123 45 6789") is never issued with area 000, 666 or 900–999, group 00 or serial 0000. */
export function ssnValid(raw: string): boolean {
  const d = raw.replace(/\D/g, '');
  if (d.length !== 9) return false;
  const a = Number(d.slice(0, 3));
  return a !== 0 && a !== 666 && a < 900 && d.slice(3, 5) !== '00' && d.slice(5) !== '0000';
}

/**
 * The schemes with a check, each by the words that name it and its shape: a number named so and of that shape
 * counts only when it passes ("SSN 000-12-3456", "NHS number 943 476 5918" do not).
 */
const CHECKED: { label: RegExp; shape: RegExp; valid: (raw: string) => boolean }[] = [
  { label: /ssn|social security/i, shape: /^\d{3}[- ]?\d{2}[- ]?\d{4}$/, valid: ssnValid },
  { label: /\bnhs\b/i, shape: /^\d{3}[ -]?\d{3}[ -]?\d{4}$/, valid: nhsValid },
  { label: /\biban\b/i, shape: /^[A-Z]{2}\d/i, valid: ibanValid },
];

function run(re: RegExp, s: string, out: Span[], keep: (m: RegExpExecArray) => boolean | 'possible'): void {
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const ok = keep(m);
    if (!ok) continue;
    const text = m[0].replace(/[\s-]+$/, '');
    const span: Span = { kind: 'id', start: m.index, end: m.index + text.length, text };
    if (ok === 'possible') Object.assign(span, { confidence: 'possible', reason: WHY.idNoLabel });
    out.push(span);
  }
}

const LONG = /\d\d[ -]?\d\d[ -]?\d\d/;
const PHONE_WORDS = /\b(?:call|ring|phone|mobile|cell|tel|text|dial|whatsapp|landline|contact)\b/i;
const HINT =
  /passport|licen[cs]e|insurance|\bni\b|nino|\bid\b|identity|security|ssn|\btax|\btin\b|\bvat\b|nhs|medica|health|policy|member|customer|patient|student|employee|staff|payroll|account|acct|a\/c|routing|iban|sort ?code|hospital|citizen|residence|visa|social|aadhaa?r|\bpan\b|\bpps\b|\bbsn\b|burgerservice|\bnin\b|\bbvn\b|\bsin\b|\btfn\b|\bcpf\b|\bdni\b|\bnie\b|\bnif\b|fiscale|personnummer/i;

/** Every national ID, bank, card and named account number in a text. */
export function detectIdNumbers(s: string): Span[] {
  const out: Span[] = [];
  // Every number found by its shape has six digits or more, at most a space or dash between pairs of them; India's
  // PAN has four, and a named number may have its digits among letters ("account number A-4F2C91D7").
  if (!LONG.test(s)) {
    if (/\d{4}[A-Z]/.test(s)) run(PAN, s, out, () => true);
    if (/\d[A-Z0-9]*\d[A-Z0-9]*\d[A-Z0-9]*\d[A-Z0-9]*\d/i.test(s) && HINT.test(s)) named(s, out);
    return out;
  }
  run(NI, s, out, () => true);
  run(SSN, s, out, (m) => ssnValid(m[0]));
  run(IBAN, s, out, (m) => ibanValid(m[0]));
  run(AADHAAR, s, out, (m) => verhoeffValid(m[0]));
  run(PPS, s, out, (m) => ppsValid(m[0]) && (/[A-Z]$/.test(m[0]) || /\bpps\b/i.test(s.slice(Math.max(0, m.index - 30), m.index))));
  run(UK_LICENCE, s, out, () => true);
  run(PAN, s, out, () => true);
  run(CARD, s, out, (m) => luhnValid(m[0]) && /^[2-6]/.test(m[0]));
  run(NHS, s, out, (m) => {
    if (!nhsValid(m[0])) return false;
    const before = s.slice(Math.max(0, m.index - 40), m.index);
    if (/\bnhs\b/i.test(before)) return true;
    // Spaced 3-3-4 as the NHS prints it, but not where the words before say it is a number to call.
    return /^\d{3} \d{3} \d{4}$/.test(m[0]) && !PHONE_WORDS.test(before) && 'possible';
  });
  if (HINT.test(s)) named(s, out);
  return out;
}

/** Numbers that the words before them name: an SSN after "SSN", a sort code, "passport number …", "member ID …". */
function named(s: string, out: Span[]): void {
  run(SSN_SPACED, s, out, (m) => ssnValid(m[0]));
  run(SORT_CODE, s, out, () => true);
  run(NI_NAMED, s, out, () => true);
  // A named number must hold enough digits not to be a year or a count ("account for 2019", "policy 12").
  // A named number in a scheme with a check must pass it (CHECKED).
  const enough = (m: RegExpExecArray) => {
    if (m[0].replace(/\D/g, '').length < 5) return false;
    const label = s.slice(Math.max(0, m.index - 30), m.index);
    const scheme = CHECKED.find((c) => c.label.test(label) && c.shape.test(m[0]));
    return scheme ? scheme.valid(m[0]) : true;
  };
  run(NAMED_BARE, s, out, enough);
  run(NAMED_NUMBER, s, out, enough);
}
