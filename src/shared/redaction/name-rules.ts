import { NameCues, type WordInfo } from './name-cues';
import { DATES, NOT_INITIALS, OWNERS, PARTICLES, SAINT } from './name-vocabulary';
import { CJK, type Tok } from './name-tokens';
import { WHY } from './possible-reasons';
import type { Span } from './spans';

export type { WordInfo } from './name-cues';
export { LOWERCASE_CUE, mayHoldRuleName } from './name-tokens';
export { isDate, isWordName, nameParts, sentenceStartName, thingAround, withoutAccents } from './name-word-checks';

/**
 * Other people's names found by context and by name lists, whatever the culture and however they are written
 * (issue 21 §1): after a relation ("my cousin oisin") or a title ("Mrs Nwosu"), before a speech verb ("Kwame
 * said"), possessive ("Ayesha's"), at a sentence's start when the lists know the word only as a name, with
 * particles and initials joined into one span ("Lucía Ramírez de la Cruz", "A. Okafor"), and in scripts other
 * than the Latin. Names that are also words (Sunny, Pat, Will) count only with such a cue. What is ambiguous
 * comes back as `possible`.
 */

type Hit = { from: number; to: number; confidence: 'sure' | 'possible'; reason?: string };
/** Verbs of saying that make a name of a lowercase word no lexicon knows ("minjun said"). */
const SAID = new Set(['said', 'says', 'told', 'reckons', 'texted', 'asked']);
/** Words that order a family's children: a sentence with one lists them ("Tunde is the eldest, then tobi and Femi"). */
const BIRTH_ORDER = new Set(['eldest', 'oldest', 'youngest', 'middle', 'firstborn', 'first-born', 'second-born', 'last-born', 'lastborn']);
const DETERMINERS = new Set(['an', 'this', 'that', 'these', 'those', 'some', 'any', 'every', 'each', 'no', 'its', 'whose', 'which', 'what']);

/** Other people's names in one text by the rules above; spans carry their confidence. */
export function ruleNames(s: string, info: WordInfo): Span[] {
  return new NameReader(s, info).read();
}

/** The rules of ruleNames: which words are names, how far each name reaches, and names joined to a sure one. */
class NameReader extends NameCues {
  private readonly hits: Hit[] = [];
  private readonly taken = new Set<number>();
  /** The reason of the last rule that judged a word 'possible'. */
  private why: string | undefined;

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
    this.birthOrder();
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

  /**
   * "Tunde is the eldest, then tobi and Femi", "the oldest is Maria, then Jose, then Ana": in a sentence ordering
   * a family's children around a sure name, each name after "then" (and those joined to it by "and") is one too,
   * written in lowercase or not, when no lexicon knows it as a word. Without the order word "then Lidl" stays a shop.
   */
  private birthOrder(): void {
    const toks = this.toks;
    for (const hit of [...this.hits]) {
      if (hit.confidence !== 'sure') continue;
      let a = hit.from;
      while (a > 0 && !toks[a]!.sentStart) a--;
      let b = hit.to + 1;
      while (b < toks.length && !toks[b]!.sentStart) b++;
      if (!toks.slice(a, b).some((t) => BIRTH_ORDER.has(t.lower))) continue;
      for (let k = a; k < b - 1; k++) {
        if (toks[k]!.lower !== 'then' || !this.gap(toks[k]!, toks[k + 1]!)) continue;
        for (let j = k + 1; j < b && this.childName(toks[j]!); j += 2) {
          const own = this.hits.find((x) => x.from <= j && j <= x.to);
          if (own) own.confidence = 'sure';
          else this.add(j, j, 'sure');
          const and = this.lowerAt(j + 1);
          if ((and !== 'and' && and !== '&') || !toks[j + 2] || !this.gap(toks[j + 1]!, toks[j + 2]!)) break;
        }
      }
    }
  }
  private childName(t: Tok): boolean {
    if (t.poss || this.never(t) || DATES.has(t.lower) || this.info.notPerson(t.lower) || BIRTH_ORDER.has(t.lower)) return false;
    return t.script || (this.listed(t) && !this.wordLike(t)) || (!this.listed(t) && !this.wordish(t));
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
