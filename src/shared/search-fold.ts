/**
 * Text folded the way a researcher expects a search to ignore differences: case ("JOSÉ", "ß" and "SS"),
 * accents ("José", "Đức", "Søren", "Łukasz"), and compatibility forms (full-width "Ｊｏｓｅ", the ligature in
 * "ﬁona"), with a map from every folded character back to the original's, so a match in the folded text
 * highlights the original's span however the folding changed the length.
 *
 * Only the diacritics a word may be written without are removed (Latin, Greek and Cyrillic accents, Hebrew
 * points, Arabic vowel marks): the vowel signs of Indic scripts and the kana's voicing marks are letters of
 * their own, and a search that dropped them would find other names.
 */

/** Ranges of code points [from, to] of those diacritics. */
const DIACRITICS: [number, number][] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
  [0x0591, 0x05bd],
  [0x05bf, 0x05c2],
  [0x05c4, 0x05c5],
  [0x05c7, 0x05c7],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
];
const isDiacritic = (cp: number) => DIACRITICS.some(([a, b]) => cp >= a && cp <= b);
const withoutDiacritics = (s: string) => [...s].filter((c) => !isDiacritic(c.codePointAt(0)!)).join('');

/** Letters no Unicode decomposition takes apart, written without their stroke as people type them. */
const PLAIN: Record<string, string> = { đ: 'd', ø: 'o', ł: 'l', ħ: 'h', ı: 'i', æ: 'ae', œ: 'oe', ŀ: 'l', ŧ: 't' };

/** One character (a code point) folded: NFKD, diacritics removed, case folded (upper then lower: "ß" → "ss"). */
function foldOne(c: string): string {
  const f = withoutDiacritics(withoutDiacritics(c.normalize('NFKD')).toUpperCase().toLowerCase().normalize('NFKD'));
  return [...f].map((x) => PLAIN[x] ?? x).join('');
}
const memo = new Map<string, string>();
/** foldChar, remembered for the characters texts use (a study's alphabet is small). */
export function foldChar(c: string): string {
  let f = memo.get(c);
  if (f === undefined) {
    f = foldOne(c);
    if (memo.size < 20_000) memo.set(c, f);
  }
  return f;
}

export type Folded = {
  text: string;
  /** For each UTF-16 unit of `text`, where the code point it came from starts in the original. */
  from: number[];
  /** For each UTF-16 unit of `text`, where that code point ends in the original. */
  to: number[];
};

const ASCII_PLAIN = /^[\x20-\x7e]*$/;

/** The text folded (see foldChar), with the map back to the original. */
export function fold(s: string): Folded {
  if (ASCII_PLAIN.test(s)) {
    const from = Array.from({ length: s.length }, (_, i) => i);
    return { text: s.toLowerCase(), from, to: from.map((i) => i + 1) };
  }
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const c of s) {
    const f = foldChar(c);
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + c.length);
    }
    text += f;
    i += c.length;
  }
  return { text, from, to };
}

/**
 * The original's span of folded[start, end): whole code points, and the marks after the last one that folded
 * to nothing ("José" written with a combining accent is highlighted with its accent).
 */
export function originalSpan(original: string, f: Folded, start: number, end: number): { start: number; end: number } {
  const s = f.from[start] ?? original.length;
  let e = end > start ? f.to[end - 1]! : s;
  while (e < original.length) {
    const c = String.fromCodePoint(original.codePointAt(e)!);
    if (foldChar(c) !== '' || !/\p{M}/u.test(c)) break;
    e += c.length;
  }
  return { start: s, end: e };
}

/**
 * The blocks whose letters fold to others: Latin, Greek and Cyrillic with their accents, Hebrew and Arabic with
 * their presentation forms, letterlike and enclosed letters, ligatures, half- and full-width forms. Precomposed
 * letters elsewhere (a Hangul syllable, a voiced kana) are found by their composed form (firstCharsOf).
 */
const FOLDING_BLOCKS: [number, number][] = [
  [0x00a0, 0x052f],
  [0x0590, 0x06ff],
  [0x1e00, 0x1fff],
  [0x2070, 0x24ff],
  [0xfb00, 0xfdff],
  [0xfe70, 0xfeff],
  [0xff00, 0xffef],
];
let byFold: Map<string, string[]> | null = null;
/**
 * Every character of FOLDING_BLOCKS that folds to something else than itself, by what it folds to:
 * where a search index that folds less than foldChar (FTS5's unicode61) keeps such a character, these say which
 * words a folded word may be stored as. Built once, on first use.
 */
function charsByFold(): Map<string, string[]> {
  if (byFold) return byFold;
  byFold = new Map();
  for (const [a, b] of FOLDING_BLOCKS) {
    for (let cp = a; cp <= b; cp++) {
      const c = String.fromCharCode(cp);
      const f = foldOne(c);
      if (f === '' || f === c) continue;
      const list = byFold.get(f);
      if (list) list.push(c);
      else byFold.set(f, [c]);
    }
  }
  return byFold;
}

/** The characters a word folded to `w` may start with in the original: its own first letter, and each that folds to a start of it. */
export function firstCharsOf(w: string): string[] {
  const out = new Set<string>();
  const first = String.fromCodePoint(w.codePointAt(0)!);
  out.add(first);
  // Hangul syllables and voiced kana fold to their parts: the composed word starts with the letter as written.
  out.add(String.fromCodePoint(w.normalize('NFC').codePointAt(0)!));
  const map = charsByFold();
  for (let n = 1; n <= Math.min(3, w.length); n++) for (const c of map.get(w.slice(0, n)) ?? []) out.add(c);
  return [...out];
}
