import type { RedactionKind } from './kinds';
import { detectPatterns } from './patterns';
import { collect, WORD_CHAR, type Span } from './spans';

/** Known values: each participant's own (name, email, personal fields) and the researcher's own terms. */

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
// Where find's words start and end, reused from text to text (find runs on every turn of a study).
const starts: number[] = [];
const ends: number[] = [];
/** An ASCII letter, digit or "_": TOKEN's characters in an ASCII text. */
const asciiWord = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/** Fills starts/ends with the text's TOKEN words (any script) and says how many. */
function tokenize(s: string): number {
  let n = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(s); m; m = TOKEN.exec(s)) {
    starts[n] = m.index;
    ends[n++] = m.index + m[0].length;
  }
  return n;
}

// The words of an ASCII text that may start a value (their hash's bit is set), by index: found while it is read.
const hits: number[] = [];
let hitCount = 0;
const HASH_SEED = 0x811c9dc5 | 0;
/** FNV-1a, one character code at a time: a lower-cased word's bucket in a matcher's first words' bits. */
const hashStep = (h: number, c: number) => Math.imul(h ^ c, 16777619);

/**
 * An ASCII text's words, read without a regular expression or a string made per word: fills starts/ends, says
 * how many, and lists in `hits` those whose lower-cased hash has its bit set (the rest start no value). -1 for a
 * text with anything but printable ASCII, tab and newlines in it: such a text is read with TOKEN (any text may be).
 */
function tokenizeAscii(s: string, bits: Uint8Array, mask: number): number {
  let n = 0;
  hitCount = 0;
  const length = s.length;
  for (let i = 0; i < length;) {
    let c = s.charCodeAt(i);
    if (!asciiWord(c)) {
      if (c > 127 || (c < 32 && c !== 9 && c !== 10 && c !== 13)) return -1;
      i++;
      continue;
    }
    starts[n] = i;
    let h = HASH_SEED;
    do {
      h = hashStep(h, c >= 65 && c <= 90 ? c + 32 : c);
      // Never past the end: charCodeAt's NaN there slows the whole loop.
      c = ++i < length ? s.charCodeAt(i) : 0;
    } while (asciiWord(c));
    ends[n] = i;
    const b = h & mask;
    if (bits[b >>> 3]! & (1 << (b & 7))) hits[hitCount++] = n;
    n++;
  }
  return n;
}

/**
 * The first word of each value (most words of a text start none: only those that do are looked at further), and
 * the bits of their hashes as tokenizeAscii hashes a word, about 32 bits a word.
 */
function firstWordsOf(keys: Iterable<string>): { words: Set<string>; bits: Uint8Array; mask: number } {
  const words = new Set<string>();
  for (const key of keys) words.add(key.match(TOKEN)?.[0] ?? key);
  let size = 1 << 16;
  while (size < words.size * 32 && size < 1 << 24) size <<= 1;
  const bits = new Uint8Array(size >>> 3);
  const mask = size - 1;
  for (const w of words) {
    let h = HASH_SEED;
    for (let i = 0; i < w.length; i++) {
      const c = w.charCodeAt(i);
      h = hashStep(h, c >= 65 && c <= 90 ? c + 32 : c);
    }
    const b = h & mask;
    bits[b >>> 3] = bits[b >>> 3]! | (1 << (b & 7));
  }
  return { words, bits, mask };
}

/** The key a value is matched under: any case, any run of spaces. */
export const termKey = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ');

/** termKey of a piece of an ASCII text (tokenizeAscii's): nothing to normalise, and most have no space to collapse. */
const asciiKey = (s: string) => {
  const lower = s.toLowerCase();
  return /[\t\n\r]| {2}/.test(lower) ? lower.replace(/\s+/g, ' ') : lower;
};

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
  // In an ASCII text a word is cut out and looked up only when its hash's bit is set: most words of a text fail
  // this without a string being made (find runs on every turn, twice with propagation).
  const { words: firstWords, bits, mask } = firstWordsOf(byKey.keys());

  /** The longest value starting at word i (of n), pushed to out: how many words it takes, 0 if none. */
  const valueAt = (s: string, i: number, n: number, out: Span[], keyOf: (s: string) => string): number => {
    const from = starts[i]!;
    for (let k = Math.min(maxWords, n - i); k >= 1; k--) {
      let to = ends[i + k - 1]!;
      let key = keyOf(s.slice(from, to));
      let e = byKey.get(key);
      // A value that ends in punctuation ("J. R.", "Acme Ltd.") takes the character after its last word.
      if (!e && to < s.length && !WORD_CHAR.test(s[to]!)) {
        const withNext = keyOf(s.slice(from, to + 1));
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
      return k;
    }
    return 0;
  };

  return {
    owners: (key) => byKey.get(termKey(key))?.owners ?? [],
    find: (s) => {
      const out: Span[] = [];
      if (byKey.size === 0) return out;
      // An ASCII text is not lower-cased whole: most of its words fail on their hash.
      const n = tokenizeAscii(s, bits, mask);
      if (n >= 0) {
        for (let h = 0, next = 0; h < hitCount; h++) {
          const i = hits[h]!;
          if (i < next || !firstWords.has(s.slice(starts[i], ends[i]).toLowerCase())) continue;
          next = i + valueAt(s, i, n, out, asciiKey);
        }
      } else {
        const lower = s.toLowerCase();
        // Lower-casing that changes a text's length ("İ") would shift offsets: such a text takes the exact path.
        const same = lower.length === s.length;
        const count = tokenize(s);
        for (let i = 0; i < count; i++) {
          if (same && !firstWords.has(lower.slice(starts[i], ends[i]).normalize('NFC'))) continue;
          const k = valueAt(s, i, count, out, termKey);
          if (k > 0) i += k - 1;
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
