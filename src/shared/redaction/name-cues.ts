import { nameLists } from './name-list-sets';
import {
  AGES,
  ENGLISH_SHAPE,
  FROM_PLACES,
  IN_PLACE,
  NEVER,
  OWNERS,
  PARTICLES,
  PLACE_AFTER,
  PLACE_OR_THING_BEFORE,
  RELATION_WORDS,
  SPEECH_VERBS,
  TITLES,
  TITLE_ONLY_CAPITALISED,
  WEAK_VERBS,
} from './name-vocabulary';
import { tokens, type Tok } from './name-tokens';

export type WordInfo = {
  /** The word is an ordinary English word (the tagger's lexicon knows it as other than a name). */
  isWord(lower: string): boolean;
  /** The lexicon knows the word as a place, an organisation or a date and never as a person. */
  notPerson(lower: string): boolean;
};

/** One text's words and the cues around each word that say whether it is a name: the reader's building blocks. */
export class NameCues {
  protected readonly toks: Tok[];
  protected readonly lists = nameLists();

  constructor(
    protected readonly s: string,
    protected readonly info: WordInfo,
  ) {
    this.toks = tokens(s);
  }

  protected listed(t: Tok): boolean {
    const { given, family } = this.lists;
    return given.has(t.lower) || family.has(t.lower) || (t.lower.includes('-') && t.lower.split('-').every((p) => given.has(p) || family.has(p)));
  }
  protected wordLike(t: Tok): boolean {
    return this.lists.common.has(t.lower) || this.info.isWord(t.lower);
  }
  /**
   * An ordinary English word: the lexicon knows it, or, when the name lists do not, it has an English word's
   * ending ("National", "Insurance", "Honestly"): the lexicon is small and a name rarely ends so.
   */
  protected wordish(t: Tok): boolean {
    return this.info.isWord(t.lower) || (!this.listed(t) && ENGLISH_SHAPE.test(t.lower));
  }
  protected never(t: Tok): boolean {
    return NEVER.has(t.lower) || RELATION_WORDS.has(t.lower) || TITLES.has(t.lower) || PARTICLES.has(t.lower) || /^\d/.test(t.text);
  }
  protected gap(a: Tok, b: Tok, re = /^[ \t]+$/): boolean {
    const skip = a.poss ? (/^['’]s?/.exec(this.s.slice(a.end))?.[0].length ?? 0) : 0;
    return re.test(this.s.slice(a.end + skip, b.start));
  }
  protected adjacent(a: Tok, b: Tok): boolean {
    return !a.poss && this.gap(a, b);
  }
  protected lowerAt(i: number): string {
    return this.toks[i]?.lower ?? '';
  }

  /** "my cousin Oisín", "the plumber, Sabbir", "my dad is Rich", "her name is Funmi", "we call him Tolu". */
  protected relationBefore(i: number): boolean {
    const p = this.toks[i - 1];
    const t = this.toks[i]!;
    if (!p || p.poss) return false;
    const pp = this.lowerAt(i - 2);
    if (RELATION_WORDS.has(p.lower)) return this.gap(p, t, /^,?[ \t]+$/) && (this.adjacent(p, t) || OWNERS.has(pp) || OWNERS.has(this.lowerAt(i - 3)));
    if (!this.adjacent(p, t) || !pp) return false;
    if ((p.lower === 'is' || p.lower === 'was') && (pp === 'name' || RELATION_WORDS.has(pp))) return true;
    if (/^(?:him|her|them|me|us)$/.test(p.lower) && /^call(?:s|ed)?$/.test(pp)) return true;
    return p.lower === 'as' && pp === 'known';
  }
  protected introducedAt(i: number): boolean {
    const p = this.toks[i - 1];
    if (!p || !this.adjacent(p, this.toks[i]!)) return false;
    if (p.lower === "i'm" || p.lower === 'i’m') return true;
    return p.lower === 'am' && this.lowerAt(i - 2) === 'i';
  }
  protected titleBefore(i: number): boolean {
    const p = this.toks[i - 1];
    if (!p || !this.gap(p, this.toks[i]!, /^\.?[ \t]+$/)) return false;
    if (!TITLES.has(p.lower.replace(/\.$/, ''))) return false;
    return !TITLE_ONLY_CAPITALISED.has(p.lower) || p.cap;
  }
  protected verbAfter(i: number, strongOnly: boolean): boolean {
    const n = this.toks[i + 1];
    if (!n || !this.adjacent(this.toks[i]!, n) || !SPEECH_VERBS.has(n.lower)) return false;
    if (strongOnly && WEAK_VERBS.has(n.lower)) return (n.lower === 'was' || n.lower === 'is') && this.lowerAt(i + 2) === 'like';
    return true;
  }
  /** Who someone is, from word k: "my brother", "our friend", "the plumber", "that's my other brother". */
  protected whoFrom(k: number): boolean {
    let j = k;
    const w = this.lowerAt(j);
    if (w === 'that' || w === 'he' || w === 'she') j += this.lowerAt(j + 1) === 'is' ? 2 : 1;
    // "dima, that's Dmitri": another name of the same person, said of a word speech-to-text wrote lowercase or
    // one the lists know (not "Tesco, that's Sarah").
    const named = this.toks[j];
    const said = this.toks[k - 1];
    if (j > k && named?.cap && !named.poss && !named.sentStart && this.listed(named) && !this.wordLike(named) && said && (!said.cap || this.listed(said)))
      return true;
    if (!OWNERS.has(this.lowerAt(j))) return false;
    for (let m = j + 1; m <= j + 3; m++) {
      const r = this.lowerAt(m);
      if (RELATION_WORDS.has(r) && r !== 'called' && r !== 'named') return true;
    }
    return false;
  }
  /** "Bongani, my brother-in-law", "Mou is my other sister", "Zosia who's seven", "Blessing from next door". */
  protected appositive(i: number): boolean {
    const t = this.toks[i]!;
    const n = this.toks[i + 1];
    if (!n) return false;
    if (this.gap(t, n, /^,\s*$/)) return this.whoFrom(i + 1);
    if (!this.gap(t, n, /^\s+$/)) return false;
    const next = this.lowerAt(i + 2);
    if ((n.lower === 'is' || n.lower === 'was') && this.whoFrom(i + 2)) return true;
    if (n.lower === 'who' || n.lower === 'whose') return true;
    // "the Murugan-Pillai family next door": a surname.
    if (n.lower === 'family' || n.lower === 'household' || n.lower === 'clan') return true;
    if ((n.lower === 'is' || n.lower === 'who') && AGES.has(next)) return true;
    // "Tunde is the eldest", "Bea was my youngest".
    if ((n.lower === 'is' || n.lower === 'was') && (next === 'the' || OWNERS.has(next)) && AGES.has(this.lowerAt(i + 3))) return true;
    return n.lower === 'from' && FROM_PLACES.has(next);
  }
  /** "Lucky, that's my other brother": a comma, then who the person is. */
  protected commaWho(i: number): boolean {
    const n = this.toks[i + 1];
    return !!n && this.gap(this.toks[i]!, n, /^,\s*$/) && this.whoFrom(i + 1);
  }
  /** "writes her name Ελένη", "signs רחל": a name in another script follows such words. */
  protected writtenBefore(i: number): boolean {
    return this.toks.slice(Math.max(0, i - 4), i).some((x) => /^(?:writes?|wrote|written|signs?|signed|spell[st]?|spelled|name)$/.test(x.lower));
  }
  /**
   * A name in a place's or a thing's position ("in Camden", "a Skoda", "the Margherita", "Victoria Road"), or
   * written like a brand ("HelloFresh"), without a cue of its own: only possible.
   */
  protected placeOrThing(from: number, to: number): boolean {
    const first = this.toks[from]!;
    const last = this.toks[to]!;
    if (TITLES.has(first.lower.replace(/\.$/, '')) || first.initial) return false;
    const before = this.toks[from - 1];
    const after = this.toks[to + 1];
    // "Victoria Road", and "King's Cross": a place word right after, possessive or not.
    if (after?.cap && PLACE_AFTER.has(after.lower) && (this.adjacent(last, after) || (last.poss && this.gap(last, after)))) return true;
    if (to > from && PLACE_AFTER.has(last.lower)) return true;
    // "Studio 54", "Terminal 5": a name with a number after it is a place's or a thing's.
    if (/^[ \t]+\d/.test(this.s.slice(last.end))) return true;
    // "Chelsea are playing": a team or a firm, not a person.
    if (after && this.adjacent(last, after) && (after.lower === 'are' || after.lower === 'were')) return true;
    if (/^\p{Lu}\p{Ll}+\p{Lu}/u.test(first.text) && !/^(?:Mc|Mac|O'|De|Di|Da|Le|La|Van|Von|Fitz)/.test(first.text)) return true;
    if (!before || !this.adjacent(before, first) || !PLACE_OR_THING_BEFORE.has(before.lower)) return false;
    if (last.poss) return false;
    // "in Kumasi calls" is someone else calling; "a Kemi said" cannot be a brand.
    return IN_PLACE.has(before.lower) || !(this.verbAfter(to, true) || this.appositive(to));
  }
}
