import type { TurnRange } from '../../../shared/analysis/turn-range';
import type { CacheDb } from '../open';
import { participantNumbers } from './participant-codes';
import { stmt } from './stmt';

/**
 * Retrieval (issue 13 §1): every segment coded with one code, across the study's interviews, with the
 * exact coded words. A segment's words are cut from its turns' texts by its offsets (a segment may run
 * over several turns; their parts are joined by a blank line, as turns are in the exports), not taken
 * from the quote stored when it was made, so a moved or resized segment reads what it now covers.
 *
 * Filters run in SQL on the interview's saved participant fields and screener answers, compared as text
 * (a field may be a number or a yes/no), so a thousand interviews are filtered without reading them here.
 */
export type SegmentFilter = {
  /** null: the researcher's own; a name: that coder's; left out: everyone's. */
  coder?: string | null;
  /** A participant field (its name as the service sent it) and the value it must have. */
  field?: { name: string; value: string };
  /** A screener question (its id) and the answer it must have. */
  screener?: { id: string; answer: string };
};

export type CodeSegmentRow = TurnRange & {
  highlight_id: string;
  interview_id: string;
  /** The number of the interview's stored participant code, "P03" is 3 (participant-codes.ts). */
  interview_n: number;
  participant_name: string | null;
  coder: string | null;
  /** Where the segment starts, as saved when it was coded (null: the turn's time is unknown). */
  start_ms: number | null;
  /** The end of the last turn the segment reaches, when known. */
  end_ms: number | null;
  /** Exactly the coded words. */
  text: string;
  note: string;
};

const FILTERS = {
  coderNull: 'h.coder IS NULL',
  coder: 'h.coder = @coder',
  field: `EXISTS (SELECT 1 FROM json_each(i.participant_json, '$.fields') f WHERE f.key = @fieldName AND (CASE f.type
            WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(f.value AS TEXT) END) = @fieldValue)`,
  screener: `EXISTS (SELECT 1 FROM json_each(i.screener_json, '$.items') s WHERE json_extract(s.value, '$.id') = @screenerId
               AND json_extract(s.value, '$.answer') = @screenerAnswer)`,
};

function where(filter: SegmentFilter): string {
  const w = ['hc.code_id = @codeId'];
  if (filter.coder === null) w.push(FILTERS.coderNull);
  else if (filter.coder !== undefined) w.push(FILTERS.coder);
  if (filter.field) w.push(FILTERS.field);
  if (filter.screener) w.push(FILTERS.screener);
  return w.join(' AND ');
}

const FROM = 'FROM highlight_codes hc JOIN highlights h ON h.id = hc.highlight_id LEFT JOIN interviews i ON i.id = h.interview_id';

/**
 * The segments in order (their interviews in order of completion, an interview no longer saved last, then
 * transcript order), a page of them when asked, and only then their turns: a page of a code with thousands
 * of segments reads the texts of that page alone.
 */
function sql(filter: SegmentFilter, paged: boolean): string {
  return `WITH picked AS (
      SELECT h.id AS highlight_id, h.interview_id, i.participant_name, h.coder, h.start_turn, h.start_offset, h.end_turn, h.end_offset,
        h.start_ms, h.note, i.id IS NULL AS gone, i.completed_at
      ${FROM} WHERE ${where(filter)}
      ORDER BY gone, i.completed_at IS NULL, i.completed_at, h.interview_id, h.start_turn, h.start_offset, h.id
      ${paged ? 'LIMIT @limit OFFSET @offset' : ''}
    )
    SELECT p.highlight_id, p.interview_id, p.participant_name, p.coder, p.start_turn, p.start_offset, p.end_turn, p.end_offset, p.start_ms, p.note,
      t.idx AS turn_idx, t.text AS turn_text, CASE WHEN t.time_known = 1 THEN t.end_ms END AS turn_end_ms
    FROM picked p
    LEFT JOIN transcript_turns t ON t.interview_id = p.interview_id AND t.idx BETWEEN p.start_turn AND p.end_turn
    ORDER BY p.gone, p.completed_at IS NULL, p.completed_at, p.interview_id, p.start_turn, p.start_offset, p.highlight_id, t.idx`;
}

const params = (args: { codeId: string } & SegmentFilter & { offset?: number; limit?: number }) => ({
  codeId: args.codeId,
  coder: args.coder ?? null,
  fieldName: args.field?.name ?? null,
  fieldValue: args.field?.value ?? null,
  screenerId: args.screener?.id ?? null,
  screenerAnswer: args.screener?.answer ?? null,
  ...(args.limit !== undefined ? { limit: args.limit, offset: args.offset ?? 0 } : {}),
});

/** How many of the code's segments pass the filter. */
export function countCodeSegments(db: CacheDb, args: { codeId: string } & SegmentFilter): number {
  return stmt(db, `SELECT count(*) ${FROM} WHERE ${where(args)}`)
    .pluck()
    .get(params({ ...args, limit: undefined })) as number;
}

/** The words of one turn that a segment covers: all of a middle turn, from or up to the offset at its ends. */
export function coveredText(turnIdx: number, text: string, s: Pick<CodeSegmentRow, 'start_turn' | 'start_offset' | 'end_turn' | 'end_offset'>): string {
  const from = turnIdx === s.start_turn ? s.start_offset : 0;
  const to = turnIdx === s.end_turn ? s.end_offset : text.length;
  return text.slice(Math.max(0, from), Math.max(0, to));
}

/**
 * The study's interviews by their participant code's number ("P03" is 3): stored, so it is the same
 * interview whichever code or filter is showing, and stays so as the study grows (participant-codes.ts).
 */
export function interviewNumbers(db: CacheDb, args: { projectId: string }): Map<string, number> {
  return participantNumbers(db, args);
}

/** The columns `sql` selects, in its order: rows are read as arrays, a third faster than as objects for thousands of turns. */
type Joined = [
  highlight_id: string,
  interview_id: string,
  participant_name: string | null,
  coder: string | null,
  start_turn: number,
  start_offset: number,
  end_turn: number,
  end_offset: number,
  start_ms: number | null,
  note: string,
  turn_idx: number | null,
  turn_text: string | null,
  turn_end_ms: number | null,
];

/** The code's segments that pass the filter, in order; from `offset`, at most `limit` of them when given. */
export function listCodeSegments(db: CacheDb, args: { codeId: string; offset?: number; limit?: number } & SegmentFilter): CodeSegmentRow[] {
  const project = stmt(db, 'SELECT project_id FROM codes WHERE id = ?').pluck().get(args.codeId) as string | undefined;
  if (project === undefined) return [];
  const numbers = interviewNumbers(db, { projectId: project });
  const rows = stmt(db, sql(args, args.limit !== undefined))
    .raw(true)
    .all(params(args)) as Joined[];
  const out: CodeSegmentRow[] = [];
  let cur = null as CodeSegmentRow | null;
  let parts: string[] = [];
  for (const r of rows) {
    const [highlight_id, interview_id, participant_name, coder, start_turn, start_offset, end_turn, end_offset, start_ms, note, idx, text, endMs] = r;
    if (cur?.highlight_id !== highlight_id) {
      if (cur) cur.text = parts.join('\n\n');
      cur = {
        highlight_id,
        interview_id,
        interview_n: numbers.get(interview_id) ?? 0,
        participant_name,
        coder,
        start_turn,
        start_offset,
        end_turn,
        end_offset,
        start_ms,
        end_ms: null,
        text: '',
        note,
      };
      out.push(cur);
      parts = [];
    }
    if (idx !== null && text !== null) {
      const part = coveredText(idx, text, cur);
      if (part.length > 0) parts.push(part);
      if (idx === end_turn) cur.end_ms = endMs;
    }
  }
  if (cur) cur.text = parts.join('\n\n');
  return out;
}

/**
 * The participant fields and screener answers of the interviews a code's segments are in, with their
 * values, and the coders: what the segment filters offer. Values are text, as the filters compare them.
 */
export type SegmentFacets = {
  fields: { name: string; values: string[] }[];
  screener: { id: string; text: string; answers: string[] }[];
  coders: { coder: string | null; segments: number }[];
};

// Who the participant is, not a way to group them: left out of the field filter (the participant column names them).
const IDENTITY_KEYS = [
  'name',
  'full_name',
  'fullName',
  'display_name',
  'displayName',
  'first_name',
  'firstName',
  'given_name',
  'givenName',
  'last_name',
  'lastName',
  'family_name',
  'familyName',
  'surname',
  'email',
  'email_address',
  'emailAddress',
  'mail',
  'id',
];
const IDENTITY = IDENTITY_KEYS.map((k) => `'${k}'`).join(', ');

export function codeSegmentFacets(db: CacheDb, args: { codeId: string }): SegmentFacets {
  const interviews = `SELECT DISTINCT h.interview_id FROM highlight_codes hc JOIN highlights h ON h.id = hc.highlight_id WHERE hc.code_id = @codeId`;
  const fieldRows = stmt(
    db,
    `SELECT f.key AS name, CASE f.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(f.value AS TEXT) END AS value
     FROM interviews i, json_each(i.participant_json, '$.fields') f
     WHERE i.id IN (${interviews}) AND f.type NOT IN ('null', 'object', 'array') AND f.key NOT IN (${IDENTITY})
     GROUP BY f.key, value ORDER BY f.key, value`,
  ).all({ codeId: args.codeId }) as { name: string; value: string }[];
  const screenerRows = stmt(
    db,
    `SELECT json_extract(s.value, '$.id') AS qid, max(json_extract(s.value, '$.text')) AS text, json_extract(s.value, '$.answer') AS answer
     FROM interviews i, json_each(i.screener_json, '$.items') s
     WHERE i.id IN (${interviews}) AND json_extract(s.value, '$.answer') IS NOT NULL AND json_extract(s.value, '$.id') IS NOT NULL
     GROUP BY qid, answer ORDER BY min(s.key), qid, answer`,
  ).all({ codeId: args.codeId }) as { qid: string; text: string | null; answer: string }[];
  const coders = stmt(
    db,
    `SELECT h.coder, count(*) AS segments FROM highlight_codes hc JOIN highlights h ON h.id = hc.highlight_id
     WHERE hc.code_id = ? GROUP BY h.coder ORDER BY h.coder IS NOT NULL, h.coder`,
  ).all(args.codeId) as { coder: string | null; segments: number }[];
  const fields = new Map<string, string[]>();
  for (const r of fieldRows) fields.set(r.name, [...(fields.get(r.name) ?? []), r.value]);
  const screener = new Map<string, { id: string; text: string; answers: string[] }>();
  for (const r of screenerRows) {
    const q = screener.get(r.qid) ?? { id: r.qid, text: r.text ?? r.qid, answers: [] };
    q.answers.push(r.answer);
    screener.set(r.qid, q);
  }
  return { fields: [...fields].map(([name, values]) => ({ name, values })), screener: [...screener.values()], coders };
}

/**
 * For the question each segment answers: the turns (AI turns with their text, the others without, which
 * the alignment does not read) of these interviews, in order.
 */
export type AlignmentTurns = { interview_id: string; version: string; turns: { idx: number; role: string; text: string }[] };
export function alignmentTurns(db: CacheDb, args: { interviewIds: string[] }): AlignmentTurns[] {
  const q = stmt(db, "SELECT idx, role, CASE WHEN role = 'AI' THEN text ELSE '' END AS text FROM transcript_turns WHERE interview_id = ? ORDER BY idx");
  const versions = transcriptVersions(db, args);
  return args.interviewIds.map((id) => ({ interview_id: id, version: versions[id] ?? '', turns: q.all(id) as AlignmentTurns['turns'] }));
}

/**
 * A version of each interview's saved transcript (when its full record was last written, and its turn count):
 * an alignment worked out earlier stands while this is unchanged.
 */
export function transcriptVersions(db: CacheDb, args: { interviewIds: string[] }): Record<string, string> {
  const rows = stmt(db, "SELECT id, coalesce(detail_synced_at, '') || '/' || turn_count AS v FROM interviews WHERE id IN (SELECT value FROM json_each(?))").all(
    JSON.stringify(args.interviewIds),
  ) as { id: string; v: string }[];
  const out: Record<string, string> = Object.fromEntries(args.interviewIds.map((id) => [id, '']));
  for (const r of rows) out[r.id] = r.v;
  return out;
}
