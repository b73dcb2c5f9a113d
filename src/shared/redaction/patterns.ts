import { detectAddresses } from './addresses';
import { detectBirthDates } from './birthdays';
import { detectHandles } from './handles';
import { detectIdNumbers } from './id-numbers';
import { detectSaidAloud } from './said-aloud';
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
// After a country code the first group may be one digit ("+33 6 12 34 56 78"), and a group up to eight ("+49 151 23456789").
const PHONE = /(?<![\p{L}\p{N}])(?:\+\d{1,3}[\s.-]?(?:\(\d{1,5}\)[\s.-]?)?\d{1,15}|(?:\(\d{1,5}\)[\s.-]?)?\d{2,15})(?:[ .-]\d{2,8}){0,5}(?![\p{L}\p{N}])/gu;
// Not a sum with its currency after it ("150000 naira", "3000 yen"), nor a count of views or people.
const DIGITS =
  /(?<![\p{L}\p{N}.,-])(?:(?<![\p{L}\p{N}])[A-Z]{1,4}-)?\d{6,}(?![\p{L}\p{N}]|[.,]\d| ?(?:naira|yen|rupees?|rs\b|rand|shillings?|ksh|pounds?|quid|dollars?|bucks|euros?|won|pesos?|cedis?|francs?|dirhams?|riyals?|baht|ringgit|lira|zloty|kronor|kroner|krona|views|followers|subscribers|likes|downloads|people|users|steps|calories|words))/giu;
const UK_POSTCODE = /(?<![\p{L}\p{N}])(?:GIR 0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})(?![\p{L}\p{N}])/gu;
const CA_POSTCODE = /(?<![\p{L}\p{N}])[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d(?![\p{L}\p{N}])/gu;
// A US ZIP+4 alone; a five-digit ZIP only where an address shows it (a state code or the word zip before it),
// and a European five- or four-digit code only before a city's capitalised name or after a country prefix:
// a bare five-digit number is more often a price or a count than a postcode.
const ZIP4 = /(?<![\p{L}\p{N}])\d{5}-\d{4}(?![\p{L}\p{N}])/gu;
const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC';
const ZIP_IN_ADDRESS = new RegExp(`(?<=\\b(?:${US_STATES}),? )\\d{5}(?![\\p{L}\\p{N}])`, 'gu');
// After the word for it ("my postcode is se15 4ju", "eircode: t12 k8af", "zip here is 60614", "PLZ 10115"), a code
// of any country's shape, in any case (speech-to-text writes it in lowercase).
const NAMED_POSTCODE = new RegExp(
  `(?<=\\b(?:zip|zip ?code|post ?code|postal ?code|plz|code postal|pin ?code|pin|eircode)(?: here| now| there)?(?:['’]s| is| was|:)*,? )(?:[A-PR-UWYZ][A-HK-Y]?\\d[A-Z\\d]? ?\\d[ABD-HJLNP-UW-Z]{2}|[ACDEFHKNPRTVWXY]\\d[\\dW] ?[0-9ACDEFHKNPRTVWXY]{4}|[ABCEGHJ-NPRSTVXY]\\d[A-Z] ?\\d[A-Z]\\d|\\d{3}-\\d{4}|\\d{5}(?:-\\d{4})?|\\d{3} ?\\d{3}|\\d{4}(?: ?[A-Z]{2})?)(?![\\p{L}\\p{N}])`,
  'giu',
);
/** An Irish Eircode (routing key, then four characters with a letter and a digit among them): "D02 X285", "H91 X2K7". */
const EIRCODE =
  /(?<![\p{L}\p{N}])[ACDEFHKNPRTVWXY]\d[\dW] (?=[0-9ACDEFHKNPRTVWXY]{0,3}\d)(?=[0-9ACDEFHKNPRTVWXY]{0,3}[A-Z])[0-9ACDEFHKNPRTVWXY]{4}(?![\p{L}\p{N}])/gu;
const EU_BEFORE_CITY = /(?<![\p{L}\p{N}$£€¥.,])(?:[A-Z]{1,2}-)?\d{4,5}(?= \p{Lu}\p{Ll}{2,})/gu;
// Only where a postcode can begin (the text's start, after a comma or colon, or "in", "at", "to", "is"): "over
// 5000 Nigerians signed up" is a count. Tested on the few texts EU_BEFORE_CITY matches, not as its lookbehind.
const EU_PC_START = /(?:^|[,:;(] ?|\b(?:in|at|to|from|is) )$/;
// Not a size, a weight or a speed ("1500 MB", "2000 KG", "1200 HZ").
const NL_POSTCODE =
  /(?<![\p{L}\p{N}])[1-9]\d{3} ?(?!AM|PM|US|UK|TV|OK|EU|AD|BC|CD|DJ|ID|PC|SA|SS|MB|GB|KB|TB|PB|MG|ML|KG|KM|CM|MM|HP|HZ|FM|LB|OZ|FT|MP|CC|KW|MW|GW|HD|SD|VR|AI)[A-Z]{2}(?![\p{L}\p{N}])/gu;

const CURRENCY = /[$£€¥₹]\s?$/u;
const YEAR = /^(?:1[89]|20)\d\d$/;

/** A run of digits that reads as a phone number: 7 to 15 digits, not a date, a price, a year range or a decimal. */
function looksLikePhone(m: string, start: number, s: string): boolean {
  const digits = m.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  if (CURRENCY.test(s.slice(Math.max(0, start - 2), start))) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(m)) return false;
  // "27.11.2023", "03-05-2024": a date as Europe writes it.
  if (/^\d{1,2}[.-]\d{1,2}[.-](?:19|20)\d\d$/.test(m)) return false;
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
    // Most numbers said are short ("Question 3", "about 20"): what needs four digits in a row is looked for only
    // where four stand together.
    const fourDigits = /\d{4}/.test(s);
    collect(PHONE, s, 'phone', out, (m, i) => looksLikePhone(m, i, s));
    if (fourDigits) collect(DIGITS, s, 'number', out, (_m, i) => !CURRENCY.test(s.slice(Math.max(0, i - 2), i)));
    collect(UK_POSTCODE, s, 'postcode', out);
    collect(CA_POSTCODE, s, 'postcode', out);
    if (fourDigits) collect(ZIP4, s, 'postcode', out);
    if (fourDigits) collect(ZIP_IN_ADDRESS, s, 'postcode', out);
    if (/[Zz]ip|ZIP|[Pp]ost|POST|PLZ|[Pp]in|PIN|[Ee]ircode|EIRCODE/.test(s)) collect(NAMED_POSTCODE, s, 'postcode', out);
    collect(EIRCODE, s, 'postcode', out);
    if (fourDigits) {
      collect(
        EU_BEFORE_CITY,
        s,
        'postcode',
        out,
        (m, i) => (!YEAR.test(m.replace(/^[A-Z]{1,2}-/, '')) || m.includes('-')) && EU_PC_START.test(s.slice(Math.max(0, i - 6), i)),
      );
      collect(NL_POSTCODE, s, 'postcode', out, (m) => !YEAR.test(m.slice(0, 4)));
    }
    out.push(...detectIdNumbers(s));
  }
  // Addresses look for digits themselves: a house number may be said in words ("number twelve acacia avenue").
  out.push(...detectAddresses(s));
  out.push(...detectBirthDates(s), ...detectHandles(s));
  detectSaidAloud(s, out);
  return out;
}

function trimEnd(span: Span, tail: RegExp): void {
  const cut = span.text.replace(tail, '');
  span.end -= span.text.length - cut.length;
  span.text = cut;
}
