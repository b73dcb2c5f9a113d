// The labelled redaction evaluation set (issue 21 §1): research-interview studies written by hand in
// test/fixtures/redaction-eval/*.txt, with every mention of personal data and every word that must NOT be
// replaced marked inline. Marking inline (instead of counting offsets by hand) keeps the labels right; this
// loader turns the markup into plain turn text plus UTF-16 offsets, and labelled.json is its output, kept
// beside the sources for readers that want offsets without the loader (the set's test checks they agree).
//
// Source format, one study per file:
//   study: <id> | <title>
//   interview: <id> | <participant's name> | <participant's email>
//   AI: <turn>            (the AI interviewer)
//   P: <turn>             (the participant)
//   # a comment line
// Inside a turn:
//   [[Thandiwe Dlamini|full|Zulu]]      another person's name: form, culture (kind person)
//   [[maria.k@example.com|email]]       a contact: email, phone, address, dob, id, handle, or participant
//   {{Alexa|brand}}                     a negative: words that must survive redaction, with their category
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EVAL_DIR = join(__dirname, '..', 'fixtures', 'redaction-eval');

export const PERSON_FORMS = [
  'full',
  'first',
  'surname',
  'title',
  'possessive',
  'lowercase',
  'sentence-start',
  'word-name',
  'initials',
  'particle',
  'non-latin',
] as const;
export type PersonForm = (typeof PERSON_FORMS)[number];

export const CONTACT_KINDS = ['email', 'phone', 'address', 'dob', 'id', 'handle'] as const;
export const EVAL_KINDS = ['person', ...CONTACT_KINDS, 'participant'] as const;
export type EvalKind = (typeof EVAL_KINDS)[number];

// 'number': a price, percentage, year, time, version, count, or a room, gate, bus or flight number (issue 21 §1).
export const NEGATIVE_CATEGORIES = [
  'brand',
  'product',
  'place',
  'food',
  'organisation',
  'sentence-start',
  'title',
  'calendar',
  'word',
  'role',
  'number',
] as const;
export type NegativeCategory = (typeof NEGATIVE_CATEGORIES)[number];

/**
 * The cultures whose names the set holds, and whether the culture is commonly written in a non-Latin script
 * (then its names must also appear in that script: Arabic, Cyrillic, Devanagari, CJK, Greek, Hebrew…).
 * A culture written in Latin letters cannot have a "non-latin" form; every other form is required of it.
 */
export const CULTURES: Readonly<Record<string, { nonLatin: boolean }>> = {
  Igbo: { nonLatin: false },
  Yoruba: { nonLatin: false },
  Zulu: { nonLatin: false },
  Akan: { nonLatin: false },
  Polish: { nonLatin: false },
  Irish: { nonLatin: false },
  Portuguese: { nonLatin: false },
  Spanish: { nonLatin: false },
  Arabic: { nonLatin: true },
  Turkish: { nonLatin: false },
  Persian: { nonLatin: true },
  Hindi: { nonLatin: true },
  Tamil: { nonLatin: true },
  Bengali: { nonLatin: true },
  Chinese: { nonLatin: true },
  Vietnamese: { nonLatin: false },
  Korean: { nonLatin: true },
  Japanese: { nonLatin: true },
  Filipino: { nonLatin: false },
  Russian: { nonLatin: true },
  German: { nonLatin: false },
  Nordic: { nonLatin: false },
  Anglo: { nonLatin: false },
  Scottish: { nonLatin: false },
  French: { nonLatin: false },
  Italian: { nonLatin: false },
  Greek: { nonLatin: true },
  Hebrew: { nonLatin: true },
};

/** The person forms a culture must show to count as covered. */
export const formsFor = (culture: string): readonly PersonForm[] =>
  CULTURES[culture]?.nonLatin ? PERSON_FORMS : PERSON_FORMS.filter((f) => f !== 'non-latin');

export type Positive = {
  start: number;
  end: number;
  text: string;
  kind: EvalKind;
  /** For kind person only. */
  form?: PersonForm;
  culture?: string;
};
export type Negative = { start: number; end: number; text: string; category: NegativeCategory };
export type EvalTurn = { role: 'AI' | 'User'; text: string; spans: Positive[]; negatives: Negative[] };
export type EvalInterview = { id: string; participant: { name: string; email: string }; turns: EvalTurn[] };
export type EvalStudy = { id: string; title: string; file: string; interviews: EvalInterview[] };

const MARK = /\[\[([^\]|]+)\|([^\]]+)\]\]|\{\{([^}|]+)\|([^}]+)\}\}/g;

const isForm = (s: string): s is PersonForm => (PERSON_FORMS as readonly string[]).includes(s);
const isKind = (s: string): s is EvalKind => (EVAL_KINDS as readonly string[]).includes(s);
const isCategory = (s: string): s is NegativeCategory => (NEGATIVE_CATEGORIES as readonly string[]).includes(s);

/** One turn's markup as text plus labels; throws, naming the mark, on anything it does not understand. */
export function parseTurn(markup: string, where: string): Omit<EvalTurn, 'role'> {
  let text = '';
  let at = 0;
  const spans: Positive[] = [];
  const negatives: Negative[] = [];
  for (const m of markup.matchAll(MARK)) {
    text += markup.slice(at, m.index);
    at = m.index + m[0].length;
    const start = text.length;
    if (m[1] !== undefined) {
      const words = m[1];
      const fields = m[2]!.split('|').map((f) => f.trim());
      text += words;
      const end = text.length;
      if (isForm(fields[0]!)) {
        if (fields.length !== 2 || !fields[1] || !(fields[1] in CULTURES)) throw new Error(`${where}: ${m[0]} needs a form and a known culture`);
        spans.push({ start, end, text: words, kind: 'person', form: fields[0], culture: fields[1] });
      } else if (isKind(fields[0]!) && fields[0] !== 'person' && fields.length === 1) {
        spans.push({ start, end, text: words, kind: fields[0] });
      } else {
        throw new Error(`${where}: ${m[0]} is neither [[name|form|culture]] nor [[value|kind]]`);
      }
    } else {
      const words = m[3]!;
      const category = m[4]!.trim();
      if (!isCategory(category)) throw new Error(`${where}: ${m[0]} has no known category (${NEGATIVE_CATEGORIES.join(', ')})`);
      text += words;
      negatives.push({ start, end: text.length, text: words, category });
    }
  }
  text += markup.slice(at);
  if (/\[\[|\]\]|\{\{|\}\}/.test(text)) throw new Error(`${where}: an unclosed or malformed mark is left in "${text}"`);
  return { text, spans, negatives };
}

/** One study's source file. */
export function parseStudy(source: string, file: string): EvalStudy {
  let study: EvalStudy | null = null;
  let interview: EvalInterview | null = null;
  source.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const where = `${file}:${i + 1}`;
    if (line === '' || line.startsWith('#')) return;
    const head = /^(study|interview|AI|P):\s*(.*)$/.exec(line);
    if (!head) throw new Error(`${where}: a line must start with study:, interview:, AI: or P:`);
    const [, tag, rest] = head as unknown as [string, string, string];
    if (tag === 'study') {
      const [id, title] = rest.split('|').map((s) => s.trim());
      study = { id: id!, title: title ?? id!, file, interviews: [] };
    } else if (tag === 'interview') {
      const [id, name, email] = rest.split('|').map((s) => s.trim());
      if (!study || !id || !name || !email) throw new Error(`${where}: interview: <id> | <name> | <email>, after a study: line`);
      interview = { id, participant: { name, email }, turns: [] };
      (study as EvalStudy).interviews.push(interview);
    } else {
      if (!interview) throw new Error(`${where}: a turn before any interview: line`);
      (interview as EvalInterview).turns.push({ role: tag === 'AI' ? 'AI' : 'User', ...parseTurn(rest, where) });
    }
  });
  if (!study) throw new Error(`${file}: no study: line`);
  return study;
}

/** Every study of the set, in file-name order. */
export function loadEvalSet(dir = EVAL_DIR): EvalStudy[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => parseStudy(readFileSync(join(dir, f), 'utf8'), f));
}

export const EVAL_JSON = join(EVAL_DIR, 'labelled.json');

/**
 * The set as labelled.json holds it: every study, interview and turn with its text and its labels' UTF-16
 * offsets. One label per line, so a change to the sources shows as a readable diff.
 */
export function evalSetJson(set: readonly EvalStudy[]): string {
  const j = (v: unknown) => JSON.stringify(v);
  const turn = (t: EvalTurn) =>
    [
      `        { "role": ${j(t.role)}, "text": ${j(t.text)},`,
      `          "spans": [${t.spans.map((s) => `\n            ${j(s)}`).join(',')}${t.spans.length ? '\n          ' : ''}],`,
      `          "negatives": [${t.negatives.map((n) => `\n            ${j(n)}`).join(',')}${t.negatives.length ? '\n          ' : ''}] }`,
    ].join('\n');
  const interview = (iv: EvalInterview) =>
    `    { "id": ${j(iv.id)}, "participant": ${j(iv.participant)},\n      "turns": [\n${iv.turns.map(turn).join(',\n')}\n      ] }`;
  const study = (s: EvalStudy) =>
    `  { "id": ${j(s.id)}, "title": ${j(s.title)}, "source": ${j(s.file)},\n    "interviews": [\n${s.interviews.map(interview).join(',\n')}\n    ] }`;
  return `{ "about": ${j('Generated from the *.txt sources beside it by scripts/redaction-eval-json.ts: do not edit by hand. Offsets are UTF-16 code units into text.')},\n"studies": [\n${set.map(study).join(',\n')}\n] }\n`;
}
