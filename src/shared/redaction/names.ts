import type compromise from 'compromise';
import { mayHoldRuleName, ruleNames, sentenceStartName, thingAround, type WordInfo } from './name-rules';
import { WHY } from './possible-reasons';
import { resolveOverlaps, type Span } from './spans';

/** Other people's names, found by the compromise tagger (its English lexicon ships in the package). */

/** `require` as every runtime of this file gives it: CommonJS bundles (main, cache worker, CLI) and vitest. */
declare const require: (id: string) => unknown;
let tagger: typeof compromise | null = null;
/**
 * The tagger, loaded on first use rather than with this file: its lexicon costs about 300 ms to load, which
 * every `fieldwork` command (even `--help`) paid when it was imported at start-up. Loading is synchronous
 * because the detectors are.
 */
function nlp(): typeof compromise {
  tagger ??= require('compromise') as typeof compromise;
  return tagger;
}

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
  return nameTriggers(s, true).length > 0 || mayHoldRuleName(s) || sentenceStartName(s, WORDS);
}

/** Where the words that may start or be a name are (see mayHoldName); with `first`, only the first. */
function nameTriggers(s: string, first = false): number[] {
  const out: number[] = [];
  CAPITALISED.lastIndex = 0;
  for (let m = CAPITALISED.exec(s); m; m = CAPITALISED.exec(s)) {
    const w = m[0];
    // Where it stands first (most capitalised words start a sentence: no lookup for them), then what it is.
    if (!TITLE.test(w)) {
      if (m.index === 0) continue;
      const before = s.slice(Math.max(0, m.index - 3), m.index);
      if (/[.!?…:"“]\s*$/.test(before) || /^\s*$/.test(before)) continue;
    }
    if (NOT_NAMES.has(w.toLowerCase()) || knownNotPerson(w)) continue;
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
  lexicon ??= (nlp().model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
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
const wordVerdict = new Map<string, boolean>();
/** A word the lexicon knows as anything but a person's name ("said", "honestly", "sponge"). */
function isWord(lower: string): boolean {
  let v = wordVerdict.get(lower);
  if (v === undefined) {
    const list = lexiconTags(lower);
    v = list.length > 0 && !list.every((t) => PERSON_TAGS.has(t) || t === 'ProperNoun');
    if (wordVerdict.size > 100_000) wordVerdict.clear();
    wordVerdict.set(lower, v);
  }
  return v;
}
const placeVerdict = new Map<string, boolean>();
/** A word the lexicon knows as a place or an organisation, even if as a name too ("Jordan", "Florence"). */
function placeToo(lower: string): boolean {
  let v = placeVerdict.get(lower);
  if (v === undefined) {
    v = lexiconTags(lower).some((t) => PLACE_TAGS.has(t));
    placeVerdict.set(lower, v);
  }
  return v;
}
export const WORDS: WordInfo = { isWord, notPerson: placeToo };
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
function candidateSentences(s: string, direct: Span[], ruled: readonly Span[]): { text: string; at: number }[] {
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
      // A word the rules are sure of needs no tagger, and neither does one they hold possible for its place
      // ("from Tesco", "a Skoda"): whatever the tagger said, such a span stays possible (see thingAround below).
      // Where the rules are unsure for other reasons, the tagger may still make it sure.
      const abs = x.at + t;
      if (ruled.some((r) => r.start <= abs && abs < r.end && (r.confidence !== 'possible' || thingAround(s, r.start, r.end)))) continue;
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
/** A name the tagger found in a piece of text: where in the piece, and as written. */
type PieceName = { at: number; text: string };

/**
 * What the tagger found in each piece of text it read lately. A piece is read on its own line, so what it
 * finds there does not depend on the pieces around it: the same words around a name ("my sister Priya said
 * the") are not read twice. Forgotten whole when full.
 */
const tagged = new Map<string, readonly PieceName[]>();
const TAGGED_MAX = 50_000;

/**
 * Other people's names in many texts at once: only the sentences that may hold a name go to the tagger
 * (compromise, whose English lexicon ships in the package), joined into a few large documents (one call per
 * sentence costs several times more). Offsets are checked against the text and a name that cannot be placed
 * exactly is dropped rather than guessed. About 5,000 characters a document is the tagger's best: per call it
 * has a fixed cost, and past that it slows by the document's length (20,000 took a third longer).
 */
export function detectPeopleMany(texts: readonly string[], batchChars = 5_000): Span[][] {
  const result: Span[][] = texts.map(() => []);
  type Piece = { doc: number; at: number; text: string; joinedAt: number; names: PieceName[] };
  let batch: Piece[] = [];
  let joined = '';
  const place = (doc: number, at: number, n: PieceName) => {
    const docStart = at + n.at;
    result[doc]!.push({ kind: 'person', start: docStart, end: docStart + n.text.length, text: n.text });
  };
  const flush = () => {
    if (!batch.length) return;
    const found = nlp()(joined).people().json({ offset: true }) as Tagged[];
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
      if (piece.text.slice(inPiece, inPiece + name.text.length) !== name.text) continue;
      piece.names.push({ at: inPiece, text: name.text });
    }
    for (const piece of batch) {
      for (const n of piece.names) place(piece.doc, piece.at, n);
      if (tagged.size >= TAGGED_MAX) tagged.clear();
      tagged.set(piece.text, piece.names);
    }
    batch = [];
    joined = '';
  };
  const ruled = texts.map((s) => ruleNames(s, WORDS));
  texts.forEach((s, doc) => {
    for (const c of candidateSentences(s, result[doc]!, ruled[doc]!)) {
      const known = tagged.get(c.text);
      if (known) {
        for (const n of known) place(doc, c.at, n);
        continue;
      }
      // Each sentence on its own line, so the tagger never reads a name across two of them.
      const piece: Piece = { doc, at: c.at, text: c.text, joinedAt: joined.length, names: [] };
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
  // The rules (name-rules.ts) on every text; the tagger's word-names without a cue are only possible.
  return result.map((spans, doc) => {
    const s = texts[doc]!;
    for (const sp of spans)
      if (sp.text.split(/\s+/).every((w) => WORDS.isWord(w.toLowerCase()) || NOT_NAMES.has(w.toLowerCase())))
        Object.assign(sp, { confidence: 'possible', reason: WHY.ordinaryWord });
    // In a place's or a thing's position ("in Kumasi", "a Ferrari", "Victoria Road"): only possible.
    for (const sp of spans) if (thingAround(s, sp.start, sp.end)) Object.assign(sp, { confidence: 'possible', reason: WHY.placeOrThing });
    const found = [...ruled[doc]!, ...spans.filter((sp) => !ASSISTANTS.test(sp.text))];
    // Of two spans alike, the sure one is kept (resolveOverlaps keeps the first of equals).
    const all = resolveOverlaps(found.sort((a, b) => Number(a.confidence === 'possible') - Number(b.confidence === 'possible')));
    return mergeAdjacent(s, all);
  });
}

/** Voice assistants people talk about: products, not people. */
const ASSISTANTS = /^(?:Alexa|Siri|Cortana|Bixby|Google)$/;

/** Names side by side ("Chiamaka" "Okafor") are one span, replaced whole; sure when either part is. */
function mergeAdjacent(s: string, spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const sp of spans) {
    const last = out[out.length - 1];
    if (last && last.kind === 'person' && sp.kind === 'person' && /^[ \t]$/.test(s.slice(last.end, sp.start)) && !/['’]s?$/.test(last.text)) {
      last.end = sp.end;
      last.text = s.slice(last.start, last.end);
      if (last.confidence === 'possible' && sp.confidence !== 'possible') delete last.confidence;
      continue;
    }
    out.push({ ...sp });
  }
  for (const sp of out) if (sp.confidence === 'sure') delete sp.confidence;
  return out;
}

export const detectPeople = (s: string): Span[] => detectPeopleMany([s])[0]!;
