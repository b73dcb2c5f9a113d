// Scoring Fieldwork's redaction against the labelled set (redaction-eval-set.ts; issue 21 §1). What is scored is
// WHAT LEAVES THE BUILDING: the redacted text an export writes, not the detector's spans. A labelled mention
// counts as found only when none of its words survive in the redacted turn; if some of its words were replaced
// and others kept ("[Person A] Dlamini"), it is a miss AND a partial. A negative (a brand, a place, a dish, a
// word) is a false alarm when any of its words was replaced.
//
// Which words survive: the turn and its redacted text are split into words (runs of letters, marks and digits)
// and punctuation marks, and aligned by their longest common subsequence, so a word survives when it is still
// there, in its place among the words and marks around it ("Felix, Felix Bauer" → "[Person A], Felix [Person
// B]" keeps the second Felix, not the first). A redactor only replaces stretches of text, so every word it
// leaves is kept in order and the alignment finds it. A bracketed pseudonym ("[Person A]", "[email]") is not
// aligned at all, so initials "A.N." replaced by "[Person A]" are not taken for kept.
import { openInProcessCache } from '../../src/main/cache/cache';
import { readInterviewDetail } from '../../src/main/cache/read-models';
import { redactInterview } from '../../src/main/redaction/apply';
import { buildRedactor } from '../../src/main/redaction/build-redactor';
import { ScanMemo } from '../../src/main/redaction/scan-memo';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { detect } from '../../src/shared/redaction/detect';
import { interviewRecord } from '../../src/shared/schemas/interview';
import { projectListItem } from '../../src/shared/schemas/project';
import {
  CONTACT_KINDS,
  EVAL_KINDS,
  NEGATIVE_CATEGORIES,
  PERSON_FORMS,
  type EvalKind,
  type EvalStudy,
  type NegativeCategory,
  type PersonForm,
  type Positive,
} from './redaction-eval-set';

/** One study as redacted: each interview's turns, and what the export shows of its participant record. */
export type StudyRedaction = {
  turns: ReadonlyMap<string, readonly string[]>;
  /** Per interview, the participant record as the export writes it (JSON text); absent when not scored. */
  participantRecord?: ReadonlyMap<string, string>;
};

type Word = { w: string; start: number; end: number };
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const words = (s: string): Word[] => [...s.matchAll(WORD)].map((m) => ({ w: m[0], start: m.index, end: m.index + m[0].length }));
// Words and each punctuation mark: the marks anchor the alignment where a word repeats ("Felix, Felix Bauer").
const TOKEN = /[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;
const tokens = (s: string): Word[] => [...s.matchAll(TOKEN)].map((m) => ({ w: m[0], start: m.index, end: m.index + m[0].length }));
const isWord = (t: Word) => /^[\p{L}\p{M}\p{N}]/u.test(t.w);

/** For each word of `original`, whether it is still there in `redacted` (longest common subsequence of words). */
export function survivingWords(original: string, redacted: string): { words: Word[]; kept: boolean[] } {
  const a = tokens(original);
  // A pseudonym in brackets ("[Person A]", "[email]") is not the text's words, even where it spells one (initials "A.N.").
  const b = tokens(redacted.replace(/\[[^\]\n]{0,40}\]/g, (m) => (original.includes(m) ? m : ' '))).map((x) => x.w);
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i]!.w === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const kept = new Array<boolean>(n).fill(false);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i]!.w === b[j] && lcs[i]![j] === lcs[i + 1]![j + 1]! + 1) {
      kept[i] = true;
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  const only = a.map((t, k) => ({ t, k: kept[k]! })).filter(({ t }) => isWord(t));
  return { words: only.map(({ t }) => t), kept: only.map(({ k }) => k) };
}

/** How much of the span [start, end) survived: its words, and how many of them are still there. */
function spanSurvival(s: { words: Word[]; kept: boolean[] }, start: number, end: number): { total: number; kept: number } {
  let total = 0;
  let kept = 0;
  s.words.forEach((w, i) => {
    if (w.end > start && w.start < end) {
      total++;
      if (s.kept[i]) kept++;
    }
  });
  return { total, kept };
}

export type Tally = { total: number; found: number; partial: number };
const tally = (): Tally => ({ total: 0, found: 0, partial: 0 });
export type NegTally = { total: number; flagged: number };

export type Miss = {
  study: string;
  interview: string;
  turn: number;
  text: string;
  kind: EvalKind;
  form?: PersonForm;
  culture?: string;
  partial: boolean;
  context: string;
};
export type FalseAlarm = { study: string; interview: string; turn: number; text: string; category: NegativeCategory; context: string };

export type EvalScore = {
  byKind: Map<EvalKind, Tally>;
  byForm: Map<PersonForm, Tally>;
  byCulture: Map<string, Tally>;
  /** Other people's names (kind person). */
  names: Tally;
  /** Emails, phones, addresses, dates of birth, ID numbers, handles. */
  contacts: Tally;
  /** Every labelled mention in the turns. */
  all: Tally;
  /** The participants' own names and emails as record fields (not in the turns). */
  participantRecord: Tally;
  /**
   * Propagation: other people's mentions that are not a full name but whose every word is a word of a full name
   * said somewhere in the same study ("Chiamaka Okafor" once, then "chiamaka", "Okafor's"). Once a name is found
   * with confidence, these are the mentions the issue says must follow.
   */
  propagation: Tally;
  negatives: NegTally;
  /**
   * Words the redaction replaced, by what they were: inside a labelled mention, inside a labelled negative, or
   * neither (unlabelled words: "Pitaji", a shop's phone number…). Precision over the labels is
   * positive / (positive + negative).
   */
  replacedWords: { positive: number; negative: number; unlabelled: number };
  byCategory: Map<NegativeCategory, NegTally>;
  misses: Miss[];
  falseAlarms: FalseAlarm[];
};

const add = (t: Tally, found: boolean, partial: boolean) => {
  t.total++;
  if (found) t.found++;
  if (partial) t.partial++;
};

const around = (text: string, start: number, end: number) =>
  `${start > 30 ? '…' : ''}${text.slice(Math.max(0, start - 30), start)}⟦${text.slice(start, end)}⟧${text.slice(end, end + 30)}${end + 30 < text.length ? '…' : ''}`;

/**
 * Scores redacted studies against their labels. Throws when a redaction is missing a turn or an interview, so a
 * scorer fed the wrong data cannot report a number.
 */
export function scoreRedaction(set: readonly EvalStudy[], redactions: ReadonlyMap<string, StudyRedaction>): EvalScore {
  const score: EvalScore = {
    byKind: new Map(EVAL_KINDS.map((k) => [k, tally()])),
    byForm: new Map(PERSON_FORMS.map((f) => [f, tally()])),
    byCulture: new Map(),
    names: tally(),
    contacts: tally(),
    all: tally(),
    participantRecord: tally(),
    propagation: tally(),
    negatives: { total: 0, flagged: 0 },
    replacedWords: { positive: 0, negative: 0, unlabelled: 0 },
    byCategory: new Map(NEGATIVE_CATEGORIES.map((c) => [c, { total: 0, flagged: 0 }])),
    misses: [],
    falseAlarms: [],
  };
  for (const study of set) {
    const fullWords = new Set(
      study.interviews.flatMap((iv) =>
        iv.turns.flatMap((t) =>
          t.spans.filter((p) => p.kind === 'person' && words(p.text).length > 1).flatMap((p) => words(p.text).map((w) => w.w.toLowerCase())),
        ),
      ),
    );
    const propagates = (p: Positive) => p.kind === 'person' && words(p.text).length === 1 && fullWords.has(words(p.text)[0]!.w.toLowerCase());
    const red = redactions.get(study.id);
    if (!red) throw new Error(`No redaction of study ${study.id}`);
    for (const iv of study.interviews) {
      const turns = red.turns.get(iv.id);
      if (!turns || turns.length !== iv.turns.length)
        throw new Error(`The redaction of ${study.id}/${iv.id} has ${turns?.length ?? 0} turns, not ${iv.turns.length}`);
      iv.turns.forEach((turn, k) => {
        const s = survivingWords(turn.text, turns[k]!);
        s.words.forEach((w, i) => {
          if (s.kept[i]) return;
          const inside = (l: { start: number; end: number }) => w.end > l.start && w.start < l.end;
          if (turn.spans.some(inside)) score.replacedWords.positive++;
          else if (turn.negatives.some(inside)) score.replacedWords.negative++;
          else score.replacedWords.unlabelled++;
        });
        for (const p of turn.spans) {
          const { total, kept } = spanSurvival(s, p.start, p.end);
          const found = total > 0 && kept === 0;
          const partial = kept > 0 && kept < total;
          for (const t of talliesOf(score, p)) add(t, found, partial);
          if (propagates(p)) add(score.propagation, found, partial);
          if (!found) {
            score.misses.push({
              study: study.id,
              interview: iv.id,
              turn: k,
              text: p.text,
              kind: p.kind,
              ...(p.form ? { form: p.form, culture: p.culture! } : {}),
              partial,
              context: around(turn.text, p.start, p.end),
            });
          }
        }
        for (const n of turn.negatives) {
          const { total, kept } = spanSurvival(s, n.start, n.end);
          const flagged = kept < total;
          score.negatives.total++;
          const c = score.byCategory.get(n.category)!;
          c.total++;
          if (flagged) {
            score.negatives.flagged++;
            c.flagged++;
            score.falseAlarms.push({
              study: study.id,
              interview: iv.id,
              turn: k,
              text: n.text,
              category: n.category,
              context: around(turn.text, n.start, n.end),
            });
          }
        }
      });
      const record = red.participantRecord?.get(iv.id);
      if (record !== undefined) {
        const shown = new Set(words(record).map((w) => w.w.toLowerCase()));
        for (const value of [iv.participant.name, iv.participant.email]) {
          const parts = words(value).map((w) => w.w.toLowerCase());
          const left = parts.filter((w) => shown.has(w)).length;
          add(score.participantRecord, left === 0, left > 0 && left < parts.length);
        }
      }
    }
  }
  return score;
}

function talliesOf(score: EvalScore, p: Positive): Tally[] {
  const out = [score.byKind.get(p.kind)!, score.all];
  if (p.kind === 'person') {
    out.push(score.names, score.byForm.get(p.form!)!);
    let c = score.byCulture.get(p.culture!);
    if (!c) score.byCulture.set(p.culture!, (c = tally()));
    out.push(c);
  }
  if ((CONTACT_KINDS as readonly string[]).includes(p.kind)) out.push(score.contacts);
  return out;
}

/** Every turn of every study through one text function (a fake redactor, or plain detection). */
export function redactEach(set: readonly EvalStudy[], text: (s: string) => string): Map<string, StudyRedaction> {
  return new Map(set.map((st) => [st.id, { turns: new Map(st.interviews.map((iv) => [iv.id, iv.turns.map((t) => text(t.text))])) }]));
}

/** Each turn alone with plain `detect()` (patterns and the name tagger, no study context), every span replaced: for diagnosis. */
export function detectRedaction(set: readonly EvalStudy[]): Map<string, StudyRedaction> {
  return redactEach(set, (s) => {
    let out = '';
    let at = 0;
    for (const sp of detect(s)) {
      out += `${s.slice(at, sp.start)}[${sp.kind}]`;
      at = sp.end;
    }
    return out + s.slice(at);
  });
}

const NOW = '2026-11-27T10:00:00.000Z';

/** A labelled study seeded into an in-memory cache of its own, the way a sync saves it (the caller closes it). */
export async function seedEvalStudy(study: EvalStudy) {
  const cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', { items: [projectListItem.parse({ id: study.id, title: study.title, status: 'ACTIVE' })], syncedAt: NOW });
  const records = study.interviews.map((iv, i) =>
    interviewRecord.parse({
      id: iv.id,
      status: 'COMPLETE',
      completed_at: new Date(Date.parse(NOW) - (study.interviews.length - i) * 3_600_000).toISOString(),
      duration_minutes: 20,
      participant: { name: iv.participant.name, email: iv.participant.email },
      transcript: iv.turns.map((t, k) => ({ role: t.role, text: t.text, start_ms: k * 20_000, end_ms: k * 20_000 + 18_000 })),
    }),
  );
  await cache.call('interviews.saveFullRecords', { projectId: study.id, items: records, now: NOW });
  return cache;
}

/**
 * The study as "Redact names and personal data" exports it: seeded into a cache of its own the way a sync saves
 * it, scanned by the real study scan, every finding accepted (no decisions: nothing rejected), and each
 * interview passed through the same redaction every export applies (apply.ts `redactInterview`).
 */
export async function exportRedaction(study: EvalStudy): Promise<StudyRedaction> {
  const cache = await seedEvalStudy(study);
  try {
    const redactor = await buildRedactor(cache, createMemoryStore(null), study.id, { memo: new ScanMemo() });
    const turns = new Map<string, string[]>();
    const participantRecord = new Map<string, string>();
    for (const iv of study.interviews) {
      const detail = await readInterviewDetail(cache, iv.id);
      if (!detail) throw new Error(`${study.id}/${iv.id} was not saved`);
      detail.transcript.forEach((t, k) => {
        // The labels' offsets are into the text as written; a cache that changed it would score the wrong words.
        if (t.text !== iv.turns[k]?.text) throw new Error(`${study.id}/${iv.id} turn ${k} was saved changed: "${t.text}"`);
      });
      const out = redactInterview(detail, redactor);
      turns.set(
        iv.id,
        out.transcript.map((t) => t.text),
      );
      participantRecord.set(iv.id, JSON.stringify({ name: out.participant_name, email: out.participant_email, participant: out.participant }));
    }
    return { turns, participantRecord };
  } finally {
    await cache.close();
  }
}

/** Every study of the set as exported redacted. */
export async function exportRedactions(set: readonly EvalStudy[]): Promise<Map<string, StudyRedaction>> {
  const out = new Map<string, StudyRedaction>();
  for (const study of set) out.set(study.id, await exportRedaction(study));
  return out;
}

export const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
/** Of the labelled words the redaction replaced, the share that were personal data. */
export const precision = (s: EvalScore) => s.replacedWords.positive / Math.max(1, s.replacedWords.positive + s.replacedWords.negative);
export const recall = (t: Tally) => (t.total === 0 ? 1 : t.found / t.total);
