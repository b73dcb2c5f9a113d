import { nameLists } from './name-list-sets';
import { DATES, IN_PLACE, NEVER, PARTICLES, PLACE_AFTER, PLACE_OR_THING_BEFORE, SAINT, SPEECH_VERBS, TITLES, WEAK_VERBS } from './name-vocabulary';
import { CJK } from './name-tokens';
import type { WordInfo } from './name-cues';

/** Checks on a name already found, for propagation and the tagger's spans: its parts, its accents, its place in the text. */

/** Parts of a name worth finding on their own once the whole is known: not particles, common words or single letters. */
export function nameParts(name: string, isWord: (lower: string) => boolean): string[] {
  const { common } = nameLists();
  const out: string[] = [];
  const pieces = name.split(/\s+/).flatMap((w) => (w.includes('-') ? [w, ...w.split('-')] : [w]));
  for (const raw of pieces) {
    const part = raw.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    const lower = part.toLowerCase();
    if ([...part].length < 2 && !CJK.test(part)) continue;
    if (PARTICLES.has(lower) || TITLES.has(lower.replace(/\.$/, '')) || NEVER.has(lower) || DATES.has(lower) || common.has(lower) || isWord(lower)) continue;
    if (!out.includes(part)) out.push(part);
  }
  // A surname with its particle ("de Villiers", "delos Reyes", "Ní Bhriain") is found whole on its own too.
  const words = name.split(/\s+/);
  for (let i = 1; i < words.length - 1; i++) {
    if (PARTICLES.has(words[i]!.toLowerCase()) && !PARTICLES.has(words[i - 1]!.toLowerCase())) out.push(words.slice(i).join(' '));
  }
  return out;
}

/** A name as speech-to-text may write it, without its accents ("Đức" → "Duc", "Siobhán" → "Siobhan"). */
export function withoutAccents(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFC');
}

/**
 * Whether a sentence of the text starts with a word the lists know only as a name ("Adaeze still uses them"), or
 * with a capitalised word the lexicon does not know followed by a comma or "is" ("Nilsdotter, my mother",
 * "Tunde is the eldest"): the rules then read the text, as its other triggers skip a sentence's first word.
 */
export function sentenceStartName(s: string, info: WordInfo): boolean {
  const { given, family, common } = nameLists();
  const re = /(?:^|[.!?…]\s+)["“'‘(]?(\p{Lu}[\p{L}\p{M}'’-]+)(,|\s+(?:is|was|from|who)\b)?/gu;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const lower = m[1]!.toLowerCase().replace(/['’]s?$/, '');
    if (common.has(lower) || NEVER.has(lower) || DATES.has(lower) || info.isWord(lower)) continue;
    if (given.has(lower) || family.has(lower) || m[2]) return true;
  }
  return false;
}

/** A name that is also an ordinary word ("Storm", "Prudence", "Will"): found elsewhere only where it reads as a name. */
export function isWordName(lower: string, isWord: (lower: string) => boolean): boolean {
  return nameLists().common.has(lower) || NEVER.has(lower) || DATES.has(lower) || isWord(lower);
}

/**
 * Whether the words around s[start, end) make it a place or a thing ("in Florence", "a Ferrari", "the Hoover",
 * "Victoria Road"), and no speech verb or possessive makes it a person.
 */
export function thingAround(s: string, start: number, end: number): boolean {
  const before = /([\p{L}]+)[ \t]+$/u.exec(s.slice(Math.max(0, start - 16), start))?.[1]?.toLowerCase();
  const after = /^[ \t]+(\p{Lu}[\p{L}]*)/u.exec(s.slice(end, end + 16))?.[1]?.toLowerCase();
  // Any word of the name after its first: "Deutsche Bahn app" as the tagger reads it ends in a lowercase word.
  const inner = s.slice(start, end).toLowerCase().split(/\s+/).slice(1);
  if ((after && PLACE_AFTER.has(after)) || inner.some((w) => PLACE_AFTER.has(w)) || (before && SAINT.has(before))) return true;
  if (!before || !PLACE_OR_THING_BEFORE.has(before)) return false;
  const next = /^(?:['’]s?)?[ \t]*([\p{L}'’]+)/u.exec(s.slice(end, end + 16))?.[1]?.toLowerCase();
  if (/^['’]/.test(s.slice(end))) return false;
  return IN_PLACE.has(before) || !(next && SPEECH_VERBS.has(next) && !WEAK_VERBS.has(next));
}

/** A day or a month ("Sunday", "may"): never found again by propagation, whoever was named it. */
export const isDate = (lower: string): boolean => DATES.has(lower);
