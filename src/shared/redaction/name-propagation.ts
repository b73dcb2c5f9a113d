import { compileKnown, termKey } from './known-values';
import { isDate, isWordName, nameParts, thingAround, withoutAccents } from './name-rules';
import { WORDS } from './names';
import { resolveOverlaps, type Span } from './spans';

const TITLE_WORD = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame|lady|lord|rev|auntie|aunty|aunt|uncle)\.?$/i;

/** A name that is also a word, a place or a day ("Storm", "Florence", "Sunday"): found again only where it reads as a name. */
export function isWordLikeName(text: string): boolean {
  const lower = text.toLowerCase();
  return !/\s/.test(text.trim()) && (isDate(lower) || isWordName(lower, WORDS.isWord) || WORDS.notPerson(lower));
}

/**
 * Whether a known name reads as a name where it stands: never in a place's or a thing's position ("in
 * Florence"), and one that is also a word only capitalised and not starting a sentence ("Storm said", not
 * "a storm", nor "Will we go back?").
 */
export function readsAsName(s: string, sp: { start: number; end: number; text: string }): boolean {
  if (thingAround(s, sp.start, sp.end)) return false;
  if (!isWordLikeName(sp.text)) return true;
  return /^\p{Lu}/u.test(sp.text) && !/(?:^|[.!?…])\s*$/.test(s.slice(0, sp.start));
}

/**
 * Propagation (issue 21 §1): a name found surely anywhere in a study is found in every text of it, and so is
 * each of its parts that is not a common word ("Chiamaka Okafor" → "Chiamaka", "Okafor"), in any case and
 * possessive too, as whole words (compileKnown, as a participant's own name is found). A name that is also a
 * word or a place ("Storm", "Florence") is found again only where it reads as a name: capitalised, not
 * starting a sentence, not after "in", "a", "the". Names side by side merge into one span, so a name is
 * replaced whole and never in part; a possible span holding a sure name becomes sure.
 */
export class NamePropagation {
  private readonly known: ReturnType<typeof compileKnown>;
  readonly size: number;

  constructor(sureNames: Iterable<string>) {
    const names = new Map<string, string>();
    for (const name of sureNames) {
      const words = name.trim().split(/\s+/);
      if (words.length > 1 && TITLE_WORD.test(words[0]!)) words.shift();
      const bare = words.join(' ');
      for (const t of [bare, ...nameParts(bare, WORDS.isWord)]) {
        if (t.length < 2) continue;
        names.set(termKey(t), t);
        // Also as speech-to-text writes it, without accents ("Đức" is said "Duc").
        const plain = withoutAccents(t);
        if (plain !== t && !WORDS.isWord(plain.toLowerCase())) names.set(termKey(plain), plain);
      }
    }
    this.size = names.size;
    this.known = compileKnown([...names.values()].map((text) => ({ text, kind: 'person' as const })));
  }

  /** The text's spans with the study's names added and merged, or null when nothing changes. */
  apply(s: string, spans: readonly Span[]): Span[] | null {
    if (this.size === 0) return null;
    const found = this.known.find(s).filter((sp) => !isDate(sp.text.toLowerCase()) && readsAsName(s, sp));
    if (found.length === 0) return null;
    const all: Span[] = spans.map((sp) => ({ ...sp }));
    for (const sp of found) if (!all.some((o) => o.kind !== 'person' && sp.start < o.end && o.start < sp.end)) all.push(sp);
    const merged: Span[] = [];
    for (const sp of resolveOverlaps(all)) {
      const last = merged[merged.length - 1];
      if (last?.kind === 'person' && sp.kind === 'person' && /^[ \t]$/.test(s.slice(last.end, sp.start))) {
        last.end = sp.end;
        last.text = s.slice(last.start, last.end);
        if (sp.confidence !== 'possible') delete last.confidence;
      } else merged.push({ ...sp });
    }
    for (const sp of merged) if (sp.kind === 'person' && found.some((x) => sp.start <= x.start && x.end <= sp.end)) delete sp.confidence;
    return merged;
  }
}
