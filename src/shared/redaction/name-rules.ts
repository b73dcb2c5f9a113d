import { NAME_LISTS } from './name-lists.data';
import {
  AGES,
  DATES,
  ENGLISH_SHAPE,
  FROM_PLACES,
  IN_PLACE,
  NEVER,
  NOT_INITIALS,
  OWNERS,
  PARTICLES,
  PLACE_AFTER,
  PLACE_OR_THING_BEFORE,
  RELATION_WORDS,
  SAINT,
  SPEECH_VERBS,
  TITLES,
  TITLE_ONLY_CAPITALISED,
  WEAK_VERBS,
  WORD_NAMES,
} from './name-vocabulary';
import { WHY } from './possible-reasons';
import type { Span } from './spans';

/**
 * Other people's names found by context and by name lists, whatever the culture and however they are written
 * (issue 21 §1): after a relation ("my cousin oisin") or a title ("Mrs Nwosu"), before a speech verb ("Kwame
 * said"), possessive ("Ayesha's"), at a sentence's start when the lists know the word only as a name, with
 * particles and initials joined into one span ("Lucía Ramírez de la Cruz", "A. Okafor"), and in scripts other
 * than the Latin. Names that are also words (Sunny, Pat, Will) count only with such a cue. What is ambiguous
 * comes back as `possible`.
 */

type Lists = { given: Set<string>; family: Set<string>; common: Set<string> };
let lists: Lists | null = null;
/** The name lists (name-lists.data.ts, generated), split on first use: the scan pays for them, `--help` does not. */
function nameLists(): Lists {
  lists ??= {
    given: new Set(NAME_LISTS.given.split(' ')),
    family: new Set(NAME_LISTS.family.split(' ')),
    common: new Set([...NAME_LISTS.common.split(' '), ...WORD_NAMES]),
  };
  return lists;
}

export type WordInfo = {
  /** The word is an ordinary English word (the tagger's lexicon knows it as other than a name). */
  isWord(lower: string): boolean;
  /** The lexicon knows the word as a place, an organisation or a date and never as a person. */
  notPerson(lower: string): boolean;
};

type Tok = { text: string; lower: string; start: number; end: number; cap: boolean; sentStart: boolean; initial: boolean; poss: boolean; script: boolean };

const TOKEN = /\p{Lu}\.(?:[\s-]?\p{Lu}\.)*|[\p{L}\p{M}](?:[\p{L}\p{M}]|['’-](?=[\p{L}\p{M}]))*(?:['’]s\b|(?<=s)['’](?!\p{L}))?/gu;
const NON_LATIN =
  /[\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Greek}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Bengali}\p{Script=Tamil}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Ethiopic}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

const NOT_ASCII = /[\u0080-\uffff]/;
const AFTER_ABBREVIATION = /(?:^|[\s.])(?:\p{Lu}|Mr|Mrs|Ms|Dr|Prof|Mx|Rev|St)\.\s+$/u;

function tokens(s: string): Tok[] {
  const out: Tok[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(s); m; m = TOKEN.exec(s)) {
    let text = m[0];
    const poss = /['’]s?$/.test(text) && !/^\p{Lu}\./u.test(text);
    if (poss) text = text.replace(/['’]s?$/, '');
    const before = s.slice(Math.max(0, m.index - 4), m.index);
    const first = out.length === 0 ? /^\s*["“'‘(]?\s*$/.test(s.slice(0, m.index)) : false;
    out.push({
      text,
      // Full-width and other compatibility forms ("Ｓａｒａｈ") are looked up as the letters they stand for.
      lower: NOT_ASCII.test(text) ? text.normalize('NFKC').toLowerCase() : text.toLowerCase(),
      start: m.index,
      end: m.index + text.length,
      cap: /^\p{Lu}|^[a-z]\p{Lu}/u.test(text),
      // An initial's or a title's full stop ("J.R. Bautista", "Dr. Okafor") does not start a sentence.
      sentStart: first || (/[.!?…]["”')]?\s+["“'‘(]?$|\n\s*$/.test(before) && !AFTER_ABBREVIATION.test(s.slice(Math.max(0, m.index - 6), m.index))),
      initial: /^\p{Lu}\./u.test(text),
      poss,
      script: NON_LATIN.test(text),
    });
  }
  return out;
}

/** Texts with a lowercase cue worth reading by rules even without a capitalised word ("my cousin oisin said"). */
export const LOWERCASE_CUE =
  /\b(?:sister|brother|cousin|friend|wife|husband|son|daughter|partner|aunt(?:ie|y)?|uncle|niece|nephew|neighbou?r|boss|colleague|called|named|flatmate|girlfriend|boyfriend|grandma|grandpa|nan|mum|mom|dad)\s+[a-z\u00c0-\u024f]|\b(?:said|says|told|reckons|texted|asked|family)\b|['’]s\b|\p{Lu}\.\s?\p{Lu}\./u;
/** Whether a text may hold a name the rules find though the tagger's triggers see none. */
export const mayHoldRuleName = (s: string): boolean => LOWERCASE_CUE.test(s) || NON_LATIN.test(s);

type Hit = { from: number; to: number; confidence: 'sure' | 'possible'; reason?: string };
/** Verbs of saying that make a name of a lowercase word no lexicon knows ("minjun said"). */
const SAID = new Set(['said', 'says', 'told', 'reckons', 'texted', 'asked']);
const DETERMINERS = new Set(['an', 'this', 'that', 'these', 'those', 'some', 'any', 'every', 'each', 'no', 'its', 'whose', 'which', 'what']);

/** Other people's names in one text by the rules above; spans carry their confidence. */
export function ruleNames(s: string, info: WordInfo): Span[] {
  return new NameReader(s, info).read();
}

/** One text's words and the cues around each: the rules of ruleNames. */
class NameReader {
  private readonly toks: Tok[];
  private readonly lists = nameLists();
  private readonly hits: Hit[] = [];
  private readonly taken = new Set<number>();
  /** The reason of the last rule that judged a word 'possible'. */
  private why: string | undefined;

  constructor(
    private readonly s: string,
    private readonly info: WordInfo,
  ) {
    this.toks = tokens(s);
  }

  private listed(t: Tok): boolean {
    const { given, family } = this.lists;
    return given.has(t.lower) || family.has(t.lower) || (t.lower.includes('-') && t.lower.split('-').every((p) => given.has(p) || family.has(p)));
  }
  private wordLike(t: Tok): boolean {
    return this.lists.common.has(t.lower) || this.info.isWord(t.lower);
  }
  /**
   * An ordinary English word: the lexicon knows it, or, when the name lists do not, it has an English word's
   * ending ("National", "Insurance", "Honestly"): the lexicon is small and a name rarely ends so.
   */
  private wordish(t: Tok): boolean {
    return this.info.isWord(t.lower) || (!this.listed(t) && ENGLISH_SHAPE.test(t.lower));
  }
  private never(t: Tok): boolean {
    return NEVER.has(t.lower) || RELATION_WORDS.has(t.lower) || TITLES.has(t.lower) || PARTICLES.has(t.lower) || /^\d/.test(t.text);
  }
  private gap(a: Tok, b: Tok, re = /^[ \t]+$/): boolean {
    const skip = a.poss ? (/^['’]s?/.exec(this.s.slice(a.end))?.[0].length ?? 0) : 0;
    return re.test(this.s.slice(a.end + skip, b.start));
  }
  private adjacent(a: Tok, b: Tok): boolean {
    return !a.poss && this.gap(a, b);
  }
  private lowerAt(i: number): string {
    return this.toks[i]?.lower ?? '';
  }

  /** "my cousin Oisín", "the plumber, Sabbir", "my dad is Rich", "her name is Funmi", "we call him Tolu". */
  private relationBefore(i: number): boolean {
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
  private introducedAt(i: number): boolean {
    const p = this.toks[i - 1];
    if (!p || !this.adjacent(p, this.toks[i]!)) return false;
    if (p.lower === "i'm" || p.lower === 'i’m') return true;
    return p.lower === 'am' && this.lowerAt(i - 2) === 'i';
  }
  private titleBefore(i: number): boolean {
    const p = this.toks[i - 1];
    if (!p || !this.gap(p, this.toks[i]!, /^\.?[ \t]+$/)) return false;
    if (!TITLES.has(p.lower.replace(/\.$/, ''))) return false;
    return !TITLE_ONLY_CAPITALISED.has(p.lower) || p.cap;
  }
  private verbAfter(i: number, strongOnly: boolean): boolean {
    const n = this.toks[i + 1];
    if (!n || !this.adjacent(this.toks[i]!, n) || !SPEECH_VERBS.has(n.lower)) return false;
    if (strongOnly && WEAK_VERBS.has(n.lower)) return (n.lower === 'was' || n.lower === 'is') && this.lowerAt(i + 2) === 'like';
    return true;
  }
  /** Who someone is, from word k: "my brother", "our friend", "the plumber", "that's my other brother". */
  private whoFrom(k: number): boolean {
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
  private appositive(i: number): boolean {
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
  private commaWho(i: number): boolean {
    const n = this.toks[i + 1];
    return !!n && this.gap(this.toks[i]!, n, /^,\s*$/) && this.whoFrom(i + 1);
  }
  /** "writes her name Ελένη", "signs רחל": a name in another script follows such words. */
  private writtenBefore(i: number): boolean {
    return this.toks.slice(Math.max(0, i - 4), i).some((x) => /^(?:writes?|wrote|written|signs?|signed|spell[st]?|spelled|name)$/.test(x.lower));
  }
  /**
   * A name in a place's or a thing's position ("in Camden", "a Skoda", "the Margherita", "Victoria Road"), or
   * written like a brand ("HelloFresh"), without a cue of its own: only possible.
   */
  private placeOrThing(from: number, to: number): boolean {
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

  /** A word that may continue a name already begun (lowercase only when the name began lowercase). */
  private nameWord(t: Tok, lowerOk: boolean): boolean {
    if (this.never(t) || DATES.has(t.lower) || this.info.notPerson(t.lower) || t.sentStart) return false;
    if (t.script) return true;
    if (t.cap) return this.listed(t) || !this.wordish(t);
    return lowerOk && (this.lists.family.has(t.lower) || this.lists.given.has(t.lower)) && !this.wordLike(t);
  }
  /** From a name word, the words of the same name around it: more names, particles, initials, a title before. */
  private grow(i: number): { from: number; to: number } {
    const toks = this.toks;
    const lowerOk = !toks[i]!.cap;
    let to = i;
    for (;;) {
      const cur = toks[to]!;
      const n = toks[to + 1];
      if (cur.poss || !n || !this.gap(cur, n)) break;
      if (this.nameWord(n, lowerOk)) {
        to++;
        continue;
      }
      // Particles ("de la", "van der", "bin", "Ní") joined when a name follows them.
      let k = to + 1;
      while (toks[k] && PARTICLES.has(toks[k]!.lower) && toks[k + 1] && this.gap(toks[k]!, toks[k + 1]!)) k++;
      if (k === to + 1 || !toks[k] || !(toks[k]!.cap || lowerOk) || !this.nameWord(toks[k]!, lowerOk)) break;
      to = k;
    }
    let from = i;
    for (;;) {
      const p = toks[from - 1];
      if (!p || p.poss || !this.gap(p, toks[from]!, /^[ \t]*$/)) break;
      if (p.initial || (p.cap && !p.sentStart && !this.never(p) && !this.info.notPerson(p.lower) && (this.listed(p) || !this.wordish(p)))) from--;
      else if (PARTICLES.has(p.lower) && toks[from - 2]?.cap && !toks[from - 2]!.sentStart && this.gap(toks[from - 2]!, p)) from -= 2;
      else if (PARTICLES.has(p.lower) && p.cap) from--;
      else if (p.cap && p.sentStart && this.listed(p) && !this.wordLike(p)) from--;
      // "Ayşe Nur Kaya-Yılmaz" at a sentence's start: a word no lexicon knows before a name of two words or more.
      else if (p.cap && p.sentStart && to > from && !this.never(p) && !this.info.notPerson(p.lower) && !this.wordish(p)) from--;
      // "Mac an tSaoir": particles in a row, the first capitalised.
      else if (PARTICLES.has(p.lower) && toks[from - 2]?.cap && PARTICLES.has(toks[from - 2]!.lower) && this.gap(toks[from - 2]!, p)) from -= 2;
      else break;
    }
    if (from > 0 && this.titleBefore(from)) from--;
    return { from, to };
  }

  /** How sure word i is a name, by the rules, or null when it is not one. */
  private judge(i: number): Hit['confidence'] | null {
    const t = this.toks[i]!;
    const listed = this.listed(t);
    const notPerson = this.info.notPerson(t.lower);
    const bareWord = this.wordish(t);
    if (t.script) {
      const cue = this.relationBefore(i) || this.titleBefore(i) || this.verbAfter(i, false) || this.appositive(i) || this.writtenBefore(i);
      return cue || listed || (CJK.test(t.text) && this.lists.family.has([...t.text][0]!)) ? 'sure' : this.possible(WHY.otherScript);
    }
    if (DATES.has(t.lower)) return t.cap && (this.relationBefore(i) || (this.commaWho(i) && /^(?:that|he|she)$/.test(this.lowerAt(i + 1)))) ? 'sure' : null;
    // "JR, my husband", "TJ said": undotted initials with a cue.
    if (/^[A-Z]{2,3}$/.test(t.text)) return this.verbAfter(i, true) || this.appositive(i) ? 'sure' : null;
    if (this.titleBefore(i)) return (t.cap ? listed || !bareWord : !this.wordLike(t)) ? 'sure' : null;
    // "I'm Weng", "my name's Rowena": a speaker naming themselves.
    if (t.cap && this.introducedAt(i)) return notPerson || this.info.isWord(t.lower) ? null : 'sure';
    if (this.relationBefore(i)) {
      if (t.cap) return notPerson ? this.possible(WHY.notPersonWord) : 'sure';
      return (listed && !this.wordLike(t)) || !bareWord ? 'sure' : null;
    }
    if (t.cap && (this.verbAfter(i, !listed) || this.appositive(i) || t.poss)) {
      // With a cue a word-name is a name too ("Lucky laughed", "Honey, my cousin"), but an ordinary word at a
      // sentence's start is not ("Honestly, my brother said").
      // "Mendoza, the driver": a place's name said to be someone is a person.
      if (notPerson) return this.commaWho(i) ? 'sure' : this.possible(WHY.notPersonWord);
      // Who someone is, said right after ("Nilsdotter, my mother", "Tunde is the eldest", "Marites from church"),
      // makes a name of any word the lexicon does not know, even at a sentence's start.
      const apposed = this.appositive(i) && !this.info.isWord(t.lower);
      // A word no list knows, starting a sentence, may be any noun the lexicon lacks ("Sauce was like…"): possible.
      if (listed || !bareWord || apposed || (this.lists.common.has(t.lower) && this.commaWho(i)))
        return t.sentStart && !listed && !apposed && !this.commaWho(i) ? this.possible(WHY.sentenceStart) : 'sure';
      return null;
    }
    if (!t.cap) {
      // "tanvir, my brother": a word no lexicon knows, said of someone.
      if (!bareWord && !listed && this.commaWho(i)) return 'sure';
      // "minjun said": a word no lexicon knows, saying something, with no determiner before it ("the depot said").
      if (
        !bareWord &&
        !listed &&
        SAID.has(this.lowerAt(i + 1)) &&
        this.adjacent(t, this.toks[i + 1]!) &&
        !OWNERS.has(this.lowerAt(i - 1)) &&
        !DETERMINERS.has(this.lowerAt(i - 1))
      )
        return 'sure';
      return listed && !this.wordLike(t) && (this.verbAfter(i, true) || this.appositive(i) || t.poss) ? 'sure' : null;
    }
    if (listed && !this.wordLike(t)) return notPerson ? this.possible(WHY.notPersonWord) : !t.sentStart || !bareWord ? 'sure' : null;
    // A capitalised word nobody lists (a brand, or a name the lists lack): the tagger decides; else for review.
    // Two such words side by side ("Mizanur Rahman") have a full name's shape.
    if (t.sentStart || listed || bareWord || notPerson) return null;
    const n = this.toks[i + 1];
    const twoWords = n && this.adjacent(t, n) && n.cap && !n.sentStart && !this.never(n) && !this.wordish(n) && !this.info.notPerson(n.lower);
    return twoWords ? 'sure' : this.possible(WHY.unknownCapital);
  }
  /** 'possible', the rule's reason kept for the span read() makes of it (possible-reasons.ts). */
  private possible(why: string): 'possible' {
    this.why = why;
    return 'possible';
  }

  private add(from: number, to: number, confidence: Hit['confidence'], reason?: string): void {
    for (let k = from; k <= to; k++) this.taken.add(k);
    this.hits.push({ from, to, confidence, reason });
  }

  read(): Span[] {
    const toks = this.toks;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]!;
      if (this.taken.has(i)) continue;
      let confidence: Hit['confidence'] | null = null;
      // "C.J.", "T.V.L.", "J.-L.": two or more dotted initials are a person's unless an abbreviation; one initial
      // ("A.") only as part of a name (see grow).
      if (t.initial) confidence = (t.text.match(/\p{Lu}/gu)?.length ?? 0) >= 2 && !NOT_INITIALS.has(t.lower) ? 'sure' : null;
      else if (!this.never(t) && !(toks[i - 1]?.cap && SAINT.has(this.lowerAt(i - 1)))) confidence = this.judge(i);
      if (!confidence) continue;
      const { from, to } = this.grow(i);
      const place = confidence === 'sure' && !t.initial && this.placeOrThing(from, to);
      this.add(from, to, place ? 'possible' : confidence, place ? WHY.placeOrThing : confidence === 'possible' ? this.why : undefined);
      i = to;
    }
    this.joinedByAnd();
    this.scriptApposed();
    return this.hits.map((h) => {
      const start = toks[h.from]!.start;
      let end = toks[h.to]!.end;
      // An initial's own full stop is part of the name ("J.P."), unless it ends the sentence too.
      if (toks[h.to]!.initial && this.s[end - 1] !== '.') end = this.s.indexOf('.', end) + 1 || end;
      return {
        kind: 'person',
        start,
        end,
        text: this.s.slice(start, end),
        confidence: h.confidence,
        ...(h.reason && h.confidence === 'possible' ? { reason: h.reason } : {}),
      };
    });
  }

  /** "Ou-Yang Hua, 欧阳华," or "Elena (Ελένη)": a name in another script right after a sure name is the same person's. */
  private scriptApposed(): void {
    for (const hit of this.hits) {
      if (hit.confidence !== 'possible' || !this.toks[hit.from]!.script) continue;
      const before = this.hits.find((x) => x.to === hit.from - 1 && x.confidence === 'sure');
      if (before && this.gap(this.toks[before.to]!, this.toks[hit.from]!, /^\s*[,(（、]\s*$/)) hit.confidence = 'sure';
    }
  }

  /** "Tolu and Kemi", "with Ade and Bisi": a capitalised word joined by "and" to a sure name is one too. */
  private joinedByAnd(): void {
    for (let h = 0; h < this.hits.length; h++) {
      const hit = this.hits[h]!;
      // Before: "Kostas and Maria Georgiou": a name the lists know (even starting a sentence), or any unknown word.
      const prev = this.toks[hit.from - 2];
      const and0 = this.lowerAt(hit.from - 1);
      if (hit.confidence === 'sure' && prev && (and0 === 'and' || and0 === '&') && prev.cap && !prev.poss) {
        if (
          !this.never(prev) &&
          !this.info.notPerson(prev.lower) &&
          ((this.listed(prev) && !this.wordLike(prev)) || ((!prev.sentStart || hit.to > hit.from) && !this.wordish(prev)))
        ) {
          // A possible name there becomes sure; else the word is one.
          const own = this.hits.find((x) => x.to === hit.from - 2);
          if (own) own.confidence = 'sure';
          else if (!this.taken.has(hit.from - 2)) this.add(hit.from - 2, hit.from - 2, 'sure');
        }
      }
      const and = this.lowerAt(hit.to + 1);
      const next = this.toks[hit.to + 2];
      if (hit.confidence !== 'sure' || (and !== 'and' && and !== '&') || !next || this.taken.has(hit.to + 2)) continue;
      if (next.cap && !this.never(next) && !this.info.notPerson(next.lower) && (this.listed(next) || !this.wordish(next))) {
        this.add(hit.to + 2, this.grow(hit.to + 2).to, 'sure');
      }
    }
  }
}

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
