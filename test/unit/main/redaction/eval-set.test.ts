// The labelled redaction evaluation set (test/fixtures/redaction-eval, issue 21 §1) is what the redaction is
// measured on, so its labels are checked here: every label is the text it claims to be, the set is as large
// and as varied as the issue asks, each person form is what its name says, and labelled.json is the sources'.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_KINDS,
  CULTURES,
  EVAL_JSON,
  evalSetJson,
  formsFor,
  loadEvalSet,
  NEGATIVE_CATEGORIES,
  parseTurn,
  type EvalStudy,
  type Negative,
  type Positive,
} from '../../../support/redaction-eval-set';

const set = loadEvalSet();
const turnsOf = (studies: readonly EvalStudy[]) => studies.flatMap((s) => s.interviews.flatMap((iv) => iv.turns.map((t) => ({ s, iv, t }))));
const positives = turnsOf(set).flatMap(({ t, iv, s }) => t.spans.map((p) => ({ p, t, iv, s })));
const people = positives.filter(({ p }) => p.kind === 'person');
const negatives = turnsOf(set).flatMap(({ t }) => t.negatives);
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** Titles said before a name ("Dr", "Mrs.", "Tita", "Herr"…), in the languages the set's participants use. */
const TITLE_BEFORE = /(?:^|\s)(?:Mr|Mrs|Ms|Miss|Dr|Prof|Father|Rabbi|PC|Engineer|Pani|Iya|Señora|Signor|Signora|Mme|Madame|Frau|Herr|fru|Meneer|Tita)\.?\s$/;

describe('the labelled redaction evaluation set', () => {
  it('labels text that is exactly where its offsets say, in labelled.json as in the sources', () => {
    const json = JSON.parse(readFileSync(EVAL_JSON, 'utf8')) as { studies: EvalStudy[] };
    for (const studies of [set, json.studies]) {
      for (const { t } of turnsOf(studies)) {
        for (const l of [...t.spans, ...t.negatives] as (Positive | Negative)[]) expect(t.text.slice(l.start, l.end)).toBe(l.text);
      }
    }
    // labelled.json is generated from the sources (scripts/redaction-eval-json.ts): a stale one fails here.
    expect(readFileSync(EVAL_JSON, 'utf8')).toBe(evalSetJson(set));
  });

  it('has labels that are whole words, trimmed, and never overlap within a turn', () => {
    for (const { t } of turnsOf(set)) {
      const all = [...t.spans, ...t.negatives].sort((a, b) => a.start - b.start);
      all.forEach((l, i) => {
        expect(l.text.trim(), l.text).toBe(l.text);
        expect(l.end > l.start).toBe(true);
        expect(WORD_CHAR.test(t.text[l.start - 1] ?? ' ') || WORD_CHAR.test(t.text[l.end] ?? ' '), `"${l.text}" cuts a word in "${t.text}"`).toBe(false);
        if (i > 0) expect(all[i - 1]!.end <= l.start, `"${all[i - 1]!.text}" overlaps "${l.text}"`).toBe(true);
      });
    }
  });

  it('holds at least 600 labelled mentions, 200 negatives, every kind and every negative category', () => {
    expect(positives.length).toBeGreaterThanOrEqual(600);
    expect(negatives.length).toBeGreaterThanOrEqual(200);
    for (const kind of [...CONTACT_KINDS, 'participant']) expect(positives.filter(({ p }) => p.kind === kind).length, kind).toBeGreaterThanOrEqual(8);
    for (const c of NEGATIVE_CATEGORIES) expect(negatives.filter((n) => n.category === c).length, c).toBeGreaterThanOrEqual(2);
    expect(set.length).toBeGreaterThanOrEqual(5);
    for (const s of set) expect(s.interviews.length, s.id).toBeGreaterThanOrEqual(4);
  });

  it('has names from at least 15 cultures, each in every form (non-Latin script where the culture writes one)', () => {
    const complete = Object.keys(CULTURES).filter((c) => formsFor(c).every((f) => people.some(({ p }) => p.culture === c && p.form === f)));
    expect(complete.length).toBeGreaterThanOrEqual(15);
    // And no culture is a token: every one named has at least ten mentions.
    for (const c of new Set(people.map(({ p }) => p.culture!))) expect(people.filter(({ p }) => p.culture === c).length, c).toBeGreaterThanOrEqual(10);
  });

  it('labels each person form only where the text has that form', () => {
    for (const { p, t } of people) {
      const before = t.text.slice(0, p.start);
      const after = t.text.slice(p.end);
      const what = `${p.form} "${p.text}" in "${t.text}"`;
      switch (p.form) {
        case 'full':
          expect(p.text.split(/\s+/).length, what).toBeGreaterThanOrEqual(2);
          break;
        case 'lowercase':
          expect(p.text, what).toBe(p.text.toLowerCase());
          break;
        case 'possessive':
          expect(after, what).toMatch(/^['’]/);
          break;
        case 'sentence-start':
          expect(before, what).toMatch(/(^|[.!?]\s+)$/);
          break;
        case 'title':
          expect(TITLE_BEFORE.test(before) || /^-(sensei|san)\b/.test(after), what).toBe(true);
          break;
        case 'initials':
          expect(p.text, what).toMatch(/^(\p{Lu}\.?-?){2,4}(\s\p{Lu}\p{Ll}+)?$|^\p{Lu}\.\s\p{Lu}\p{Ll}+$/u);
          break;
        case 'particle':
          expect(p.text, what).toMatch(/[-'\s]/);
          break;
        case 'non-latin':
          expect(p.text, what).not.toMatch(/\p{Script=Latin}/u);
          break;
        default:
          expect(p.text, what).toMatch(/^\p{Lu}/u);
      }
    }
  });

  it('covers non-Latin names in at least eight scripts', () => {
    const scripts = ['Arabic', 'Cyrillic', 'Devanagari', 'Han', 'Hangul', 'Hiragana', 'Greek', 'Hebrew', 'Tamil', 'Bengali'];
    const seen = scripts.filter((sc) => people.some(({ p }) => p.form === 'non-latin' && new RegExp(`\\p{Script=${sc}}`, 'u').test(p.text)));
    expect(seen.length).toBeGreaterThanOrEqual(8);
  });

  it("never labels another person with the interview's own participant's name, so a participant match cannot pass for a found name", () => {
    for (const { p, iv } of people) {
      const own = new Set(iv.participant.name.toLowerCase().split(/\s+/));
      for (const w of p.text.toLowerCase().split(/[\s-]+/)) expect(own.has(w), `"${p.text}" in ${iv.id} (${iv.participant.name})`).toBe(false);
    }
  });

  it('repeats people across the interviews of a study, so propagation is measured', () => {
    let repeated = 0;
    for (const s of set) {
      const where = new Map<string, Set<string>>();
      for (const iv of s.interviews) {
        for (const t of iv.turns)
          for (const p of t.spans)
            if (p.kind === 'person') for (const w of p.text.toLowerCase().split(/[\s-]+/)) where.set(w, (where.get(w) ?? new Set()).add(iv.id));
      }
      repeated += [...where.values()].filter((ivs) => ivs.size > 1).length;
    }
    expect(repeated).toBeGreaterThanOrEqual(8);
  });

  it('refuses markup it does not understand instead of labelling it wrongly', () => {
    expect(() => parseTurn('hi [[Ana|nickname|Spanish]]', 'x')).toThrow(/neither/);
    expect(() => parseTurn('hi [[Ana|first|Martian]]', 'x')).toThrow(/culture/);
    expect(() => parseTurn('hi {{Alexa|gadget}}', 'x')).toThrow(/category/);
    expect(() => parseTurn('hi [[Ana|first|Spanish]', 'x')).toThrow(/malformed/);
    expect(parseTurn('I met [[Ana Gómez|full|Spanish]] at {{Tesco|brand}}.', 'x')).toEqual({
      text: 'I met Ana Gómez at Tesco.',
      spans: [{ start: 6, end: 15, text: 'Ana Gómez', kind: 'person', form: 'full', culture: 'Spanish' }],
      negatives: [{ start: 19, end: 24, text: 'Tesco', category: 'brand' }],
    });
  });
});
