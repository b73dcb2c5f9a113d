/**
 * The question × participant grid (issue 13 §2): rows are interviews, columns the guide's questions, and a
 * cell the participant's answer turns under that question, with the codes of the coded segments that
 * overlap them. Each interview's turns are aligned to the guide with question-alignment.ts; when Fieldwork
 * does not know the study's guide it is inferred from the transcripts (inferred-guide.ts), and says so.
 *
 * Pure and dependency-free: the cache worker builds it, the CLI and the exports read the same result.
 */
import { alignTurns, type MatchConfidence } from '../question-alignment';
import { participantLabel } from '../participant-code';
import { inferGuide } from './inferred-guide';

export type GridSourceTurn = { idx: number; role: string; text: string; start_ms: number | null };
/** A coded segment: the turns it spans (by `idx`, inclusive) and its code ids. */
export type GridSourceCoding = { start_turn: number; end_turn: number; codes: string[] };
export type GridFieldValue = string | number | boolean | null;
export type GridSourceInterview = {
  id: string;
  /** The study's participant code, "P07" (src/shared/participant-code.ts). */
  code: string;
  status: string;
  participant_name: string | null;
  fields: Record<string, GridFieldValue>;
  screener: { id: string; text: string; answer: string | null }[];
  turns: GridSourceTurn[];
  codings: GridSourceCoding[];
};
export type GridCode = { id: string; name: string; color: string };
export type GridSource = {
  /** The guide's questions as Fieldwork knows them, in order; null when it does not. */
  guide: string[] | null;
  interviews: GridSourceInterview[];
  codes: GridCode[];
};

export type GridQuestion = {
  index: number;
  text: string;
  inferred: boolean;
  /** Interviews that asked it word for word, and in other words. */
  exact: number;
  similar: number;
};
export type GridCell = {
  question_index: number;
  /** The participant's turns under the question, joined with a blank line. */
  text: string;
  /** Where the first of those turns starts; null when the service gave no time. */
  start_ms: number | null;
  /** The turn (by idx) where the answer starts, for opening the viewer there. */
  turn: number;
  turns: number;
  /** How the question was found in this interview: asked word for word or in other words. */
  confidence: 'exact' | 'similar';
  /** Code ids of the coded segments overlapping these turns, in the codebook's order. */
  codes: string[];
};
export type GridRow = {
  interview_id: string;
  /** The study's participant code, "P07": the same in every artefact. */
  code: string;
  /** The participant's name with the code beside it, "Ana Souza (P07)", or the code alone. */
  participant: string;
  status: string;
  group: string | null;
  cells: GridCell[];
  /** Participant turns under no question (before the first question was asked): kept visible, not dropped. */
  unmatched: { text: string; turns: number; start_ms: number | null; turn: number } | null;
};
export type GridGroup = {
  name: string;
  interviews: number;
  /** Per question (by index): code id → how many of the group's answers to it carry the code. */
  counts: Record<string, number>[];
};
export type GridGroupOption = { key: string; label: string };
export type QuestionGrid = {
  guide: 'known' | 'inferred';
  questions: GridQuestion[];
  rows: GridRow[];
  codes: GridCode[];
  by: string | null;
  groups: GridGroup[];
  group_options: GridGroupOption[];
  /** Across the rows: participant turns under no question, and interviews that have any. */
  unmatched: { turns: number; interviews: number };
};

export const NO_GROUP_VALUE = '(no answer)';
const SCREENER = 'screener:';
/** Participant fields that identify a person rather than describe one: never offered for grouping. */
const IDENTIFYING = new Set(['name', 'email', 'full_name', 'fullName', 'first_name', 'last_name', 'firstName', 'lastName', 'phone']);

/** The fields and screener questions rows can be grouped by, participant fields first, by name. */
export function groupOptions(interviews: readonly GridSourceInterview[]): GridGroupOption[] {
  const fields = new Set<string>();
  const screener = new Map<string, string>();
  for (const iv of interviews) {
    for (const k of Object.keys(iv.fields)) if (!IDENTIFYING.has(k)) fields.add(k);
    for (const s of iv.screener) if (!screener.has(s.id)) screener.set(s.id, s.text);
  }
  return [
    ...[...fields].sort().map((f) => ({ key: f, label: f })),
    ...[...screener.entries()].map(([id, text]) => ({ key: `${SCREENER}${id}`, label: `Screener: ${text}` })),
  ];
}

/** An interview's value for a group key (a participant field name or `screener:QUESTION_ID`). */
export function groupValue(iv: GridSourceInterview, by: string): string {
  const raw = by.startsWith(SCREENER) ? iv.screener.find((s) => s.id === by.slice(SCREENER.length))?.answer : iv.fields[by];
  if (raw === null || raw === undefined || String(raw).trim() === '') return NO_GROUP_VALUE;
  return String(raw);
}

const isParticipant = (role: string) => role !== 'AI';

type Confidence = 'exact' | 'similar';
type Under = Map<number, { turns: number[]; confidence: Confidence }>;

/**
 * One interview's turns placed under the questions: per question its participant turns (positions in iv.turns)
 * and how it was asked, and the participant turns no question took.
 */
function placeAnswers(iv: GridSourceInterview, questions: string[]): { under: Under; asked: Map<number, Confidence>; unmatched: number[] } {
  const alignment = alignTurns(iv.turns, questions, { ordered: true });
  const under: Under = new Map();
  const asked = new Map<number, Confidence>();
  for (const span of alignment.spans) if (!asked.has(span.question) || span.confidence === 'exact') asked.set(span.question, span.confidence);
  const unmatched: number[] = [];
  alignment.turns.forEach((a, i) => {
    const turn = iv.turns[i]!;
    if (!isParticipant(turn.role) || turn.text.trim() === '') return;
    if (a.question === null) {
      unmatched.push(i);
      return;
    }
    let u = under.get(a.question);
    if (!u) under.set(a.question, (u = { turns: [], confidence: asked.get(a.question) ?? confidenceOf(a.confidence) }));
    u.turns.push(i);
  });
  return { under, asked, unmatched };
}

/** A row's cells in question order: the answer's text, where it starts and the codes on any of its turns. */
function cellsOf(iv: GridSourceInterview, under: Under, codeOrder: Map<string, number>): GridCell[] {
  return [...under.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([q, u]) => {
      const first = iv.turns[u.turns[0]!]!;
      const idxs = u.turns.map((i) => iv.turns[i]!.idx);
      const codes = new Set<string>();
      for (const c of iv.codings) if (idxs.some((t) => t >= c.start_turn && t <= c.end_turn)) for (const id of c.codes) codes.add(id);
      return {
        question_index: q,
        text: u.turns.map((i) => iv.turns[i]!.text.trim()).join('\n\n'),
        start_ms: first.start_ms,
        turn: first.idx,
        turns: u.turns.length,
        confidence: u.confidence,
        codes: [...codes].sort((a, b) => (codeOrder.get(a) ?? 1e9) - (codeOrder.get(b) ?? 1e9)),
      };
    });
}

/** The turns no question took, joined into one text that starts where the first of them does. */
function unmatchedOf(iv: GridSourceInterview, unmatched: number[]): GridRow['unmatched'] {
  const firstUnmatched = unmatched.length > 0 ? iv.turns[unmatched[0]!]! : null;
  return firstUnmatched
    ? {
        text: unmatched.map((i) => iv.turns[i]!.text.trim()).join('\n\n'),
        turns: unmatched.length,
        start_ms: firstUnmatched.start_ms,
        turn: firstUnmatched.idx,
      }
    : null;
}

/** The groups' code counts per question, in group order; reorders `rows` (in place) to follow their group's order. */
function groupRows(rows: GridRow[], qs: GridQuestion[]): GridGroup[] {
  const groups: GridGroup[] = [];
  const byName = new Map<string, GridGroup>();
  for (const r of rows) {
    const name = r.group!;
    let g = byName.get(name);
    if (!g) byName.set(name, (g = { name, interviews: 0, counts: qs.map(() => ({})) }));
    g.interviews++;
    for (const c of r.cells) for (const id of c.codes) g.counts[c.question_index]![id] = (g.counts[c.question_index]![id] ?? 0) + 1;
  }
  // Groups by name (numbers in numeric order), "(no answer)" last; rows follow their group's order.
  const names = [...byName.keys()].sort(compareGroupNames);
  for (const name of names) groups.push(byName.get(name)!);
  const rank = new Map(names.map((name, i) => [name, i]));
  const order = rows.map((r, i) => ({ r, i })).sort((a, b) => rank.get(a.r.group!)! - rank.get(b.r.group!)! || a.i - b.i);
  rows.splice(0, rows.length, ...order.map((o) => o.r));
  return groups;
}

/** Builds the grid; `by` groups the rows (and orders them by group, then as given). */
export function buildQuestionGrid(source: GridSource, options: { by?: string | null } = {}): QuestionGrid {
  const by = options.by ?? null;
  const known = source.guide !== null && source.guide.length > 0;
  const questions = known ? source.guide! : inferGuide(source.interviews.map((iv) => iv.turns));
  const codeOrder = new Map(source.codes.map((c, i) => [c.id, i]));
  const qs: GridQuestion[] = questions.map((text, index) => ({ index, text, inferred: !known, exact: 0, similar: 0 }));
  let unmatchedTurns = 0;
  let unmatchedInterviews = 0;

  const rows: GridRow[] = source.interviews.map((iv) => {
    const { under, asked, unmatched } = placeAnswers(iv, questions);
    for (const [q, c] of asked) {
      if (c === 'exact') qs[q]!.exact++;
      else qs[q]!.similar++;
    }
    const cells = cellsOf(iv, under, codeOrder);
    if (unmatched.length > 0) {
      unmatchedTurns += unmatched.length;
      unmatchedInterviews++;
    }
    return {
      interview_id: iv.id,
      code: iv.code,
      participant: participantLabel(iv.code, iv.participant_name),
      status: iv.status,
      group: by ? groupValue(iv, by) : null,
      cells,
      unmatched: unmatchedOf(iv, unmatched),
    };
  });

  const groups = by ? groupRows(rows, qs) : [];
  return {
    guide: known ? 'known' : 'inferred',
    questions: qs,
    rows,
    codes: source.codes,
    by,
    groups,
    group_options: groupOptions(source.interviews),
    unmatched: { turns: unmatchedTurns, interviews: unmatchedInterviews },
  };
}

function confidenceOf(c: MatchConfidence): 'exact' | 'similar' {
  return c === 'exact' ? 'exact' : 'similar';
}

export function compareGroupNames(a: string, b: string): number {
  if (a === b) return 0;
  if (a === NO_GROUP_VALUE) return 1;
  if (b === NO_GROUP_VALUE) return -1;
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}
