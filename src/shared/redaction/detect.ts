import nlp from 'compromise';
import type { RedactionKind } from './kinds';

export { REDACTION_KINDS, type RedactionKind } from './kinds';

/**
 * Finding personal data in text (issue 14 §2). Pure: no node, no DOM, so the cache worker scans with it and a
 * view could too. Every detector returns spans of the text as it was given (offsets in UTF-16 code units,
 * `text === s.slice(start, end)`), and `detect` resolves overlaps to the longest span.
 */

export type Span = { kind: RedactionKind; start: number; end: number; text: string };

/** When two spans of one length overlap, the more specific kind wins. */
const PRIORITY: Record<RedactionKind, number> = { custom: 0, participant: 1, email: 2, url: 3, postcode: 4, phone: 5, person: 6, number: 7 };

/** Non-overlapping spans in text order: the longest first, then the more specific kind, then the earlier. */
export function resolveOverlaps(spans: readonly Span[]): Span[] {
  if (spans.length < 2) return [...spans];
  const order = [...spans].sort((a, b) => b.end - b.start - (a.end - a.start) || PRIORITY[a.kind] - PRIORITY[b.kind] || a.start - b.start);
  const kept: Span[] = [];
  for (const s of order) if (!kept.some((k) => s.start < k.end && k.start < s.end)) kept.push(s);
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * The key a decision is kept under: case and spacing do not matter, and a phone number is its digits (so
 * "0161 496 0000" and "0161-496-0000" are one number to accept or reject).
 */
export function normaliseTerm(kind: RedactionKind, text: string): string {
  const t = text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
  if (kind === 'phone') return t.replace(/[^\d+]/g, '');
  return t;
}

// ---- Patterns ----

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const TLDS = 'com|org|net|edu|gov|io|co|uk|de|fr|nl|es|it|eu|ca|au|us|info|biz|me|app|dev|ly|tv|ai';
const URL = new RegExp(
  `(?:\\bhttps?:\\/\\/|\\bwww\\.)[^\\s<>"'\\]\\[{}|\\\\^\`]+|\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})\\b(?:\\/[^\\s<>"']*)?`,
  'giu',
);
// Digits in groups, with an optional country code and area code in brackets; its digits are counted after.
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

function collect(re: RegExp, s: string, kind: RedactionKind, out: Span[], keep?: (m: string, start: number) => boolean): void {
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (!keep || keep(m[0], m.index)) out.push({ kind, start: m.index, end: m.index + m[0].length, text: m[0] });
  }
}

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

/** Emails, links, phone numbers, postcodes and long digit runs: the kinds found by their shape. Overlaps are not resolved. */
export function detectPatterns(s: string): Span[] {
  const out: Span[] = [];
  if (s.includes('@')) collect(EMAIL, s, 'email', out);
  if (s.includes('.')) {
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
  }
  return out;
}

function trimEnd(span: Span, tail: RegExp): void {
  const cut = span.text.replace(tail, '');
  span.end -= span.text.length - cut.length;
  span.text = cut;
}

// ---- Known values (the participant's own, and the researcher's terms) ----

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Scripts without case or spaces between words (Chinese, Japanese, Thai…): a value is found wherever it occurs. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * First names that are also common words or months: as part of a participant's name they are found only
 * capitalised and not where they read as the month ("in May", "May 5").
 */
const AMBIGUOUS = new Set(
  'may june april august march rose mark will bill grace joy hope faith summer autumn dawn pat sue bob jack frank rich art ray gene guy sky page hunter mason chase drew lance miles penny ruby amber iris lily violet holly'.split(
    ' ',
  ),
);
const MONTHS = new Set('january february march april may june july august september october november december'.split(' '));
const MONTH_CONTEXT_BEFORE = /\b(?:in|of|since|until|till|by|last|next|early|late|mid|this|every|from|through|during)\s+$/i;

export type KnownTerm = { text: string; kind: RedactionKind; owner?: string };
export type KnownMatcher = { find(s: string): Span[] };

const TOKEN = /[\p{L}\p{N}_]+/gu;
/** The key a value is matched under: any case, any run of spaces. */
export const termKey = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ');

/** Whether a found value is the name and not the word or month it also is ("in May", "May 5", "may be"). */
function readsAsName(m: string, s: string, i: number): boolean {
  const key = m.toLowerCase();
  if (!AMBIGUOUS.has(key)) return true;
  if (m[0] !== m[0]!.toUpperCase()) return false;
  if (!MONTHS.has(key)) return true;
  return !MONTH_CONTEXT_BEFORE.test(s.slice(Math.max(0, i - 12), i)) && !/^\s*\d/.test(s.slice(i + m.length, i + m.length + 3));
}

/**
 * One matcher for many values (every participant of a study, the researcher's terms), found case-insensitively
 * as whole words ("Ann" is not found in "Annual"), the longest at each place. The text's words are looked up
 * in a map, a few words at a time, so ten thousand participants cost no more than ten; values in scripts
 * written without spaces (Chinese, Japanese, Thai…) are found wherever they occur.
 */
export function compileKnown(terms: readonly KnownTerm[]): KnownMatcher & { owners(key: string): readonly string[] } {
  type Entry = { kind: RedactionKind; owners: string[] };
  const byKey = new Map<string, Entry>();
  const unspaced: string[] = [];
  let maxWords = 1;
  for (const t of terms) {
    const text = t.text.normalize('NFC').trim();
    if (text.length < 2) continue;
    const key = termKey(text);
    let e = byKey.get(key);
    if (!e) {
      byKey.set(key, (e = { kind: t.kind, owners: [] }));
      if (UNSPACED.test(text)) unspaced.push(text);
      else maxWords = Math.max(maxWords, text.match(TOKEN)?.length ?? 1);
    }
    if (t.owner !== undefined && !e.owners.includes(t.owner)) e.owners.push(t.owner);
  }
  const unspacedRe = unspaced.length
    ? new RegExp(
        unspaced
          .sort((a, b) => b.length - a.length)
          .map(escapeRe)
          .join('|'),
        'giu',
      )
    : null;
  const leadOk = (key: string) => WORD_CHAR.test(key[0]!);
  // Most words of a text start no value: only those that do are looked at further.
  const firstWords = new Set<string>();
  for (const key of byKey.keys()) firstWords.add(key.match(TOKEN)?.[0] ?? key);
  return {
    owners: (key) => byKey.get(termKey(key))?.owners ?? [],
    find: (s) => {
      const out: Span[] = [];
      if (byKey.size === 0) return out;
      const lower = s.toLowerCase();
      // Lower-casing that changes a text's length ("İ") would shift offsets: such a text takes the exact path.
      const same = lower.length === s.length;
      const toks: { start: number; end: number }[] = [];
      TOKEN.lastIndex = 0;
      for (let m = TOKEN.exec(s); m; m = TOKEN.exec(s)) toks.push({ start: m.index, end: m.index + m[0].length });
      for (let i = 0; i < toks.length; i++) {
        const from = toks[i]!.start;
        if (same && !firstWords.has(lower.slice(from, toks[i]!.end).normalize('NFC'))) continue;
        for (let k = Math.min(maxWords, toks.length - i); k >= 1; k--) {
          let to = toks[i + k - 1]!.end;
          let key = termKey(s.slice(from, to));
          let e = byKey.get(key);
          // A value that ends in punctuation ("J. R.", "Acme Ltd.") takes the character after its last word.
          if (!e && to < s.length && !WORD_CHAR.test(s[to]!)) {
            const withNext = termKey(s.slice(from, to + 1));
            const e2 = byKey.get(withNext);
            if (e2) {
              e = e2;
              key = withNext;
              to += 1;
            }
          }
          if (!e || !leadOk(key)) continue;
          const text = s.slice(from, to);
          if (!readsAsName(text, s, from)) continue;
          out.push({ kind: e.kind, start: from, end: to, text });
          i += k - 1;
          break;
        }
      }
      if (unspacedRe) collect(unspacedRe, s, 'custom', out, (m, i) => !out.some((o) => i < o.end && o.start < i + m.length));
      for (const o of out) if (o.kind === 'custom' && unspacedRe) o.kind = byKey.get(termKey(o.text))?.kind ?? 'custom';
      return out.sort((a, b) => a.start - b.start);
    },
  };
}

export type ParticipantValues = { name: string | null; email: string | null; fields?: Record<string, unknown> | null };

/** Field names whose values identify a person. */
const PERSONAL_FIELD =
  /name|e-?mail|phone|mobile|\btel|address|street|city|town|post ?code|postal|zip|employer|company|organi[sz]ation|school|birth|\bdob\b|linkedin|twitter|instagram|handle|user ?name|website|url/i;

/**
 * What identifies one participant, as terms to find: the name whole and each part of it of 2+ letters (so
 * "Amara" and "Okafor" are found apart), the email (and its local part when it reads as a name), and the
 * string values of participant fields that look personal (by the field's name, or because an email, phone
 * number or postcode is in them).
 */
export function participantTerms(p: ParticipantValues): KnownTerm[] {
  const out: KnownTerm[] = [];
  const seen = new Set<string>();
  const add = (text: string) => {
    const t = text.trim();
    if (t.length < 2 || seen.has(t.toLowerCase())) return;
    seen.add(t.toLowerCase());
    out.push({ text: t, kind: 'participant' });
  };
  const addName = (name: string) => {
    add(name);
    for (const part of name.split(/[\s,]+/)) {
      const clean = part.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if ([...clean].filter((c) => /\p{L}/u.test(c)).length >= 2) add(clean);
    }
  };
  if (p.name?.trim()) addName(p.name);
  if (p.email?.trim()) add(p.email);
  for (const [key, value] of Object.entries(p.fields ?? {})) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const v = String(value).trim();
    if (v.length < 2 || v.length > 200) continue;
    if (/name/i.test(key) && typeof value === 'string') addName(v);
    else if (PERSONAL_FIELD.test(key) || detectPatterns(v).some((s) => s.kind !== 'number' || v.replace(/\D/g, '').length >= 6)) add(v);
  }
  return out;
}

// ---- Other people's names ----

const RELATIONS =
  'my|our|his|her|their|your|sister|brother|mum|mom|mother|dad|father|wife|husband|son|daughter|friend|colleague|boss|manager|aunt|auntie|uncle|cousin|neighbour|neighbor|partner|grandma|grandpa|granny|grandad|grandmother|grandfather|nan|nana|niece|nephew|fiancé|fiancée|girlfriend|boyfriend|flatmate|roommate|housemate|coworker|co-worker|kid|baby|stepmum|stepdad|best|old|little|big|dear|called|named|and|with';
const RELATION_PREFIX = new RegExp(`^(?:(?:${RELATIONS})\\s+)+`, 'iu');
const TITLE = /^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Lady|Lord|Rev|Fr|Sr|Jr)\.?$/;
const TITLE_BEFORE = /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Lady|Lord|Rev)\.?\s+$/;
/** Capitalised words that are never a person on their own here: a pronoun, days, months, and the like. */
const NOT_NAMES = new Set(
  "i i'm i've i'll i'd i’m i’ve i’ll i’d ok okay monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december christmas easter god tv uk us usa eu english british american".split(
    ' ',
  ),
);

const CAPITALISED = /(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}'’-]*/gu;

/**
 * Whether a text can hold someone's name, cheaply, before the tagger is asked: a capitalised word that is not
 * the first of a sentence (nor "I", a weekday or a month), or any word after a title ("Mrs. Okafor"). Texts
 * in scripts without case are asked too, as their names cannot be seen from case.
 */
export function mayHoldName(s: string): boolean {
  return nameTriggers(s, true).length > 0;
}

/** Where the words that may start or be a name are (see mayHoldName); with `first`, only the first. */
function nameTriggers(s: string, first = false): number[] {
  const out: number[] = [];
  CAPITALISED.lastIndex = 0;
  for (let m = CAPITALISED.exec(s); m; m = CAPITALISED.exec(s)) {
    const w = m[0];
    if (NOT_NAMES.has(w.toLowerCase()) || knownNotPerson(w)) continue;
    if (!TITLE.test(w)) {
      const before = s.slice(Math.max(0, m.index - 3), m.index);
      if (m.index === 0 || /[.!?…:"“]\s*$/.test(before) || /^\s*$/.test(before)) continue;
    }
    out.push(m.index);
    if (first) break;
  }
  return out;
}

const PLACE_TAGS = new Set(['City', 'Region', 'Country', 'Place', 'Organization', 'Demonym', 'Month', 'WeekDay', 'Holiday', 'Language', 'Currency']);
const PERSON_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person', 'Honorific']);
const lexiconVerdict = new Map<string, boolean>();
let lexicon: Record<string, string | string[]> | null = null;

/**
 * A word the tagger's own lexicon knows as a place, an organisation or a date and never as a person
 * ("London", "Tesco", "Monday"): not worth a tagger's pass. Decided once per word.
 */
function lexiconTags(word: string): string[] {
  lexicon ??= (nlp.model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
  const tags = lexicon[word.toLowerCase()];
  return tags === undefined ? [] : Array.isArray(tags) ? tags : [tags];
}
function knownNotPerson(word: string): boolean {
  const key = word.toLowerCase();
  let v = lexiconVerdict.get(key);
  if (v === undefined) {
    const list = lexiconTags(key);
    v = list.some((t) => PLACE_TAGS.has(t)) && !list.some((t) => PERSON_TAGS.has(t));
    lexiconVerdict.set(key, v);
  }
  return v;
}
const nameVerdict = new Map<string, boolean>();
/** A word the lexicon knows only as a person's name ("Sarah", "Jones"): a name without asking the tagger. */
function onlyAName(word: string): boolean {
  const key = word.toLowerCase();
  let v = nameVerdict.get(key);
  if (v === undefined) {
    const list = lexiconTags(key);
    v = list.length > 0 && list.every((t) => PERSON_TAGS.has(t) && t !== 'Honorific');
    nameVerdict.set(key, v);
  }
  return v;
}

/** Words either side of a possible name that the tagger reads with it: enough for "my sister Amara said". */
const WINDOW = 2;

/** The sentences of a text that may hold a name, with where each starts. */
function candidateSentences(s: string, direct: Span[]): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  const re = /[^.!?…\n]+(?:[.!?…]+|\n|$)/gu;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    // A title's full stop does not end a sentence: "Mrs. Okafor" stays with its sentence.
    let text = m[0];
    let at = m.index;
    const prev = out[out.length - 1];
    if (prev && prev.at + prev.text.length === at && /\b(?:Mr|Mrs|Ms|Dr|Prof|Mx|Rev|St)\.$/.test(prev.text)) {
      out.pop();
      text = prev.text + text;
      at = prev.at;
    }
    out.push({ text, at });
  }
  // Only the words around each possible name go to the tagger, which costs by the word; a word the lexicon
  // knows only as a name ("Sarah", "Jones") is a name at once, with the capitalised words right after it.
  const pieces: { text: string; at: number }[] = [];
  for (const x of out) {
    const triggers: number[] = [];
    let covered = -1;
    for (const t of nameTriggers(x.text)) {
      if (t < covered) continue;
      const word = /^[\p{L}'’-]+/u.exec(x.text.slice(t))![0].replace(/['’]s$/, '');
      const before = x.text.slice(Math.max(0, t - 6), t);
      if (onlyAName(word) && !TITLE_BEFORE.test(before)) {
        const run = /^\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)*/u.exec(x.text.slice(t))![0].split(' ');
        while (run.length > 1 && (NOT_NAMES.has(run[run.length - 1]!.toLowerCase()) || knownNotPerson(run[run.length - 1]!))) run.pop();
        const name = run.join(' ').replace(/['’]s$/, '');
        direct.push({ kind: 'person', start: x.at + t, end: x.at + t + name.length, text: name });
        covered = t + name.length;
      } else triggers.push(t);
    }
    if (!triggers.length) continue;
    const words = [...x.text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    let from = -1;
    let to = -1;
    const push = () => {
      if (from >= 0) pieces.push({ text: x.text.slice(words[from]!.start, words[to]!.end), at: x.at + words[from]!.start });
    };
    for (const t of triggers) {
      const w = words.findIndex((wd) => wd.start <= t && t < wd.end);
      if (w < 0) continue;
      const a = Math.max(0, w - WINDOW);
      const b = Math.min(words.length - 1, w + WINDOW);
      if (from >= 0 && a <= to + 1) to = Math.max(to, b);
      else {
        push();
        from = a;
        to = b;
      }
    }
    push();
  }
  return pieces;
}

/** A name as the tagger found it, cut to the person: no relation before it ("sister"), no "'s" or full stop after. */
function cleanName(raw: string): { text: string; lead: number } | null {
  let lead = 0;
  let t = raw;
  const rel = RELATION_PREFIX.exec(t);
  if (rel) {
    lead = rel[0].length;
    t = t.slice(lead);
  }
  const tail = /(?:['’]s)?[^\p{L}]*$/u.exec(t);
  if (tail) t = t.slice(0, tail.index);
  // A full stop that belongs to a final initial ("Chen W.") is the sentence's, but a title's is the name's.
  if (!/\p{Lu}/u.test(t[0] ?? '')) return null;
  const words = t.split(/\s+/);
  if (words.every((w) => TITLE.test(w) || NOT_NAMES.has(w.toLowerCase()))) return null;
  if (words.length === 1 && [...t].length < 2) return null;
  return { text: t, lead };
}

type Tagged = { text: string; offset: { start: number; length: number } };

/**
 * Other people's names in many texts at once: only the sentences that may hold a name go to the tagger
 * (compromise, whose English lexicon ships in the package), joined into a few large documents (one call per
 * sentence costs several times more). Offsets are checked against the text and a name that cannot be placed
 * exactly is dropped rather than guessed.
 */
export function detectPeopleMany(texts: readonly string[], batchChars = 20_000): Span[][] {
  const result: Span[][] = texts.map(() => []);
  type Piece = { doc: number; at: number; text: string; joinedAt: number };
  let batch: Piece[] = [];
  let joined = '';
  const flush = () => {
    if (!batch.length) return;
    const found = nlp(joined).people().json({ offset: true }) as Tagged[];
    let p = 0;
    for (const f of found) {
      const start = f.offset.start;
      while (p + 1 < batch.length && batch[p + 1]!.joinedAt <= start) p++;
      const piece = batch[p]!;
      const raw = joined.slice(start, start + f.offset.length);
      const name = cleanName(raw);
      if (!name) continue;
      const inPiece = start - piece.joinedAt + name.lead;
      if (inPiece < 0 || inPiece + name.text.length > piece.text.length) continue;
      const docStart = piece.at + inPiece;
      const docText = texts[piece.doc]!;
      if (docText.slice(docStart, docStart + name.text.length) !== name.text) continue;
      result[piece.doc]!.push({ kind: 'person', start: docStart, end: docStart + name.text.length, text: name.text });
    }
    batch = [];
    joined = '';
  };
  texts.forEach((s, doc) => {
    for (const c of candidateSentences(s, result[doc]!)) {
      // Each sentence on its own line, so the tagger never reads a name across two of them.
      const piece = { doc, at: c.at, text: c.text, joinedAt: joined.length };
      batch.push(piece);
      joined += `${c.text.replace(/\n/g, ' ')}\n\n`;
      if (joined.length >= batchChars) flush();
    }
  });
  flush();
  // "Mrs. Okafor" where the tagger saw only the title's word: add the title.
  result.forEach((spans, doc) => {
    const s = texts[doc]!;
    for (const sp of spans) {
      const title = TITLE_BEFORE.exec(s.slice(Math.max(0, sp.start - 6), sp.start));
      if (title) {
        sp.start -= title[0].length;
        sp.text = s.slice(sp.start, sp.end);
      }
    }
  });
  // A name found at once and again by the tagger (inside another name's window) is one name.
  return result.map((spans) => resolveOverlaps(spans));
}

export const detectPeople = (s: string): Span[] => detectPeopleMany([s])[0]!;

export type DetectOptions = { known?: KnownMatcher; people?: boolean };

/** Every kind in one text, overlaps resolved to the longest. */
export function detect(s: string, opts: DetectOptions = {}): Span[] {
  const spans = detectPatterns(s);
  if (opts.known) spans.push(...opts.known.find(s));
  if (opts.people !== false) spans.push(...detectPeople(s));
  return resolveOverlaps(spans);
}
