import { detectAddresses } from './addresses';
import { detectBirthDates } from './birthdays';
import { detectHandles } from './handles';
import { detectIdNumbers } from './id-numbers';
import { collect, type Span } from './spans';

/**
 * Personal data found by its shape (issue 14 §2): emails, links, phone numbers, postcodes, long digit runs; and
 * (issue 21 §1) whole addresses, dates of birth, ID and account numbers and social handles, each in a file of its
 * own. Where a postcode or phone-shaped number is part of an address or ID number, the longer span wins
 * (resolveOverlaps), so no part of it is left behind.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const TLDS = 'com|org|net|edu|gov|io|co|uk|de|fr|nl|es|it|eu|ca|au|us|info|biz|me|app|dev|ly|tv|ai';
const URL = new RegExp(
  `(?:\\bhttps?:\\/\\/|\\bwww\\.)[^\\s<>"'\\]\\[{}|\\\\^\`]+|\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})\\b(?:\\/[^\\s<>"']*)?`,
  'giu',
);
// Digits in groups, with an optional country code and area code in brackets; its digits are counted after.
// What every link has: a scheme, "www." or a dot with a letter after it (its domain's ending), tested with
// URL's own flags. Most texts have none (a full stop is followed by a space), and URL is costly to run.
const URL_HINT = /\.[a-z]|www\.|https?:\/\//iu;
const PHONE = /(?<![\p{L}\p{N}])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,15}(?:[ .-]\d{2,6}){0,4}(?![\p{L}\p{N}])/gu;
const DIGITS = /(?<![\p{L}\p{N}.,])\d{6,}(?![\p{L}\p{N}]|[.,]\d)/gu;
const UK_POSTCODE = /(?<![\p{L}\p{N}])(?:GIR 0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})(?![\p{L}\p{N}])/gu;
const CA_POSTCODE = /(?<![\p{L}\p{N}])[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d(?![\p{L}\p{N}])/gu;
// A US ZIP+4 alone; a five-digit ZIP only where an address shows it (a state code or the word zip before it),
// and a European five- or four-digit code only before a city's capitalised name or after a country prefix:
// a bare five-digit number is more often a price or a count than a postcode.
const ZIP4 = /(?<![\p{L}\p{N}])\d{5}-\d{4}(?![\p{L}\p{N}])/gu;
const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC';
const ZIP_IN_ADDRESS = new RegExp(`(?<=\\b(?:${US_STATES}),? |\\b(?:zip|zip code|postcode|postal code|plz|code postal):? )\\d{5}(?![\\p{L}\\p{N}])`, 'giu');
const EU_BEFORE_CITY = /(?<![\p{L}\p{N}$£€¥.,])(?:[A-Z]{1,2}-)?\d{4,5}(?= \p{Lu}\p{Ll}{2,})/gu;
const NL_POSTCODE = /(?<![\p{L}\p{N}])[1-9]\d{3} ?(?!AM|PM|US|UK|TV|OK|EU|AD|BC|CD|DJ|ID|PC|SA|SS)[A-Z]{2}(?![\p{L}\p{N}])/gu;

const CURRENCY = /[$£€¥₹]\s?$/u;
const YEAR = /^(?:1[89]|20)\d\d$/;

/** A run of digits that reads as a phone number: 7 to 15 digits, not a date, a price, a year range or a decimal. */
function looksLikePhone(m: string, start: number, s: string): boolean {
  const digits = m.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  if (CURRENCY.test(s.slice(Math.max(0, start - 2), start))) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(m)) return false;
  const groups = m.split(/[\s.-]+/);
  if (groups.length === 2 && groups.every((g) => YEAR.test(g))) return false;
  // "3.1415926": a decimal, not a number to call.
  if (/^\d+\.\d+$/.test(m)) return false;
  // An unbroken run is a phone number only as one is dialled (a leading 0 or +); else it is a long number.
  if (groups.length === 1 && !/^[+0(]/.test(m)) return false;
  return true;
}

/** Every kind found by its shape: emails, links, phones, postcodes, numbers, addresses, dates of birth, IDs, handles. Overlaps are not resolved. */
export function detectPatterns(s: string): Span[] {
  const out: Span[] = [];
  if (s.includes('@')) collect(EMAIL, s, 'email', out);
  if (s.includes('.') && URL_HINT.test(s)) {
    collect(URL, s, 'url', out, (m) => !m.includes('@'));
    // A sentence's full stop is not part of the link.
    for (const u of out) if (u.kind === 'url') trimEnd(u, /[.,;:!?)]+$/);
  }
  if (/\d/.test(s)) {
    collect(PHONE, s, 'phone', out, (m, i) => looksLikePhone(m, i, s));
    collect(DIGITS, s, 'number', out, (_m, i) => !CURRENCY.test(s.slice(Math.max(0, i - 2), i)));
    collect(UK_POSTCODE, s, 'postcode', out);
    collect(CA_POSTCODE, s, 'postcode', out);
    collect(ZIP4, s, 'postcode', out);
    collect(ZIP_IN_ADDRESS, s, 'postcode', out);
    collect(EU_BEFORE_CITY, s, 'postcode', out, (m) => !YEAR.test(m.replace(/^[A-Z]{1,2}-/, '')) || m.includes('-'));
    collect(NL_POSTCODE, s, 'postcode', out, (m) => !YEAR.test(m.slice(0, 4)));
    out.push(...detectAddresses(s), ...detectIdNumbers(s));
  }
  out.push(...detectBirthDates(s), ...detectHandles(s));
  return out;
}

function trimEnd(span: Span, tail: RegExp): void {
  const cut = span.text.replace(tail, '');
  span.end -= span.text.length - cut.length;
  span.text = cut;
}
