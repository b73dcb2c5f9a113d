import { WORD_CHAR } from './spans';

/** Hyphens a double-barrelled name is written with: ASCII, Unicode's hyphen and non-breaking hyphen. */
const HYPHENS = new Set(['-', '\u2010', '\u2011']);

/** Particles written lowercase before a hyphen in a name ("al-Rashid", "bin-Salim", "ould-Cheikh"). */
const LEFT_PARTICLES = new Set(['al', 'el', 'ul', 'ibn', 'bin', 'bint', 'abu', 'ben', 'ould']);

/** English words and suffixes hyphenated after a name that are not its parts ("Sam-ish", "Tunde-style"). */
const RIGHT_NOT_NAME = new Set([
  'ish',
  'like',
  'style',
  'esque',
  'type',
  'related',
  'based',
  'era',
  'free',
  'led',
  'wise',
  'friendly',
  'shaped',
  'sized',
  'level',
  'only',
  'approved',
  'proof',
  'centric',
  'mania',
  'ism',
  'ist',
  'ite',
  'ian',
  'san',
  'chan',
  'kun',
  'sama',
  'ji',
  'jee',
  'ssi',
]);

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
/** A letter of a script without case (Arabic, Devanagari, CJK…) counts as a name's start as an upper-case one does. */
const startsName = (c: string) => isUpper(c) || (/\p{L}/u.test(c) && c.toLowerCase() === c.toUpperCase());

function wordEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && WORD_CHAR.test(s[i]!)) i++;
  return i;
}

function wordStart(s: string, to: number): number {
  let i = to;
  while (i > 0 && WORD_CHAR.test(s[i - 1]!)) i--;
  return i;
}

/**
 * The whole hyphenated name a found name part stands in (issue 21: a found name is replaced whole, never in
 * part). "Rajendran" found in "Rajendran-Pillai" covers "Rajendran-Pillai"; "Jean" in "Jean-Luc" covers
 * "Jean-Luc"; "Ji" in "Ji-ho" covers "Ji-ho"; "Rashid" in "al-Rashid" covers "al-Rashid". On the right every
 * word part is joined (romanised Korean and Chinese names go on in lowercase) except English suffixes and honorifics
 * ("Sam-ish", "Kenji-san"); on the left a part starting with a capital (or a letter of a script without case) or a
 * lowercase particle, so "pre-Sam" keeps its own word.
 */
export function wholeHyphenatedName(s: string, start: number, end: number): { start: number; end: number } {
  let to = end;
  while (HYPHENS.has(s[to] ?? '') && /\p{L}/u.test(s[to + 1] ?? '')) {
    const next = wordEnd(s, to + 1);
    if (next === to + 1 || RIGHT_NOT_NAME.has(s.slice(to + 1, next).toLowerCase())) break;
    to = next;
  }
  let from = start;
  while (from > 1 && HYPHENS.has(s[from - 1]!)) {
    const prev = wordStart(s, from - 1);
    if (prev === from - 1) break;
    const part = s.slice(prev, from - 1);
    if (!startsName(part[0]!) && !LEFT_PARTICLES.has(part.toLowerCase())) break;
    from = prev;
  }
  return { start: from, end: to };
}
