import { inferGuide } from '../../../shared/analysis/inferred-guide';
import {
  buildQuestionGrid,
  type GridFieldValue,
  type GridSource,
  type GridSourceCoding,
  type GridSourceInterview,
  type GridSourceTurn,
  type QuestionGrid,
} from '../../../shared/analysis/question-grid';
import type { Participant, Screener } from '../../../shared/schemas/interview';
import { participantCode } from '../../../shared/participant-code';
import type { CacheDb } from '../open';
import { participantNumbers } from './participant-codes';
import { stmt } from './stmt';

/**
 * What the question grid is built from, read in four queries: the guide Fieldwork knows (saved when the
 * study was created or edited here, or from the demo's seed; no sync removes it), every interview with its
 * participant fields and screener answers, their turns, and the coded segments with their codes. Rows come
 * oldest first (the order participant codes are given in).
 */
export function gridSource(db: CacheDb, args: { projectId: string }): GridSource {
  const guide = knownGuide(db, args.projectId);
  const numbers = participantNumbers(db, args);
  const rows = stmt(
    db,
    `SELECT id, status, participant_name, participant_json, screener_json FROM interviews WHERE project_id = ?
     ORDER BY completed_at IS NULL, completed_at, id`,
  ).all(args.projectId) as { id: string; status: string; participant_name: string | null; participant_json: string; screener_json: string | null }[];
  const byId = new Map<string, GridSourceInterview>();
  const interviews = rows.map((r) => {
    const participant = safeJson<Participant | null>(r.participant_json, null);
    const screener = safeJson<Screener | null>(r.screener_json, null);
    const iv: GridSourceInterview = {
      id: r.id,
      code: participantCode(numbers.get(r.id)!),
      status: r.status,
      participant_name: r.participant_name,
      fields: (participant?.fields ?? {}) as Record<string, GridFieldValue>,
      screener: screener?.items ?? [],
      turns: [],
      codings: [],
    };
    byId.set(r.id, iv);
    return iv;
  });
  // Raw rows (arrays), not objects: for 1,000 interviews this is tens of thousands of turns.
  const turns = stmt(
    db,
    `SELECT t.interview_id, t.idx, t.role, t.text, CASE WHEN t.time_known = 1 THEN t.start_ms END
     FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id WHERE i.project_id = ? ORDER BY t.interview_id, t.idx`,
  )
    .raw()
    .all(args.projectId) as [string, number, string, string, number | null][];
  let current: GridSourceTurn[] | null = null;
  let currentId = '';
  for (const [interviewId, idx, role, text, startMs] of turns) {
    if (interviewId !== currentId) {
      currentId = interviewId;
      current = byId.get(interviewId)?.turns ?? null;
    }
    current?.push({ idx, role, text, start_ms: startMs });
  }
  const codings = stmt(
    db,
    `SELECT h.interview_id, h.start_turn, h.end_turn, group_concat(hc.code_id, char(31))
     FROM highlights h JOIN highlight_codes hc ON hc.highlight_id = h.id WHERE h.project_id = ? GROUP BY h.id`,
  )
    .raw()
    .all(args.projectId) as [string, number, number, string][];
  for (const [interviewId, start, end, codes] of codings) {
    const c: GridSourceCoding = { start_turn: start, end_turn: end, codes: codes.split('\u001f') };
    byId.get(interviewId)?.codings.push(c);
  }
  const codes = stmt(db, 'SELECT id, name, color FROM codes WHERE project_id = ? AND is_category = 0 ORDER BY name COLLATE NOCASE').all(
    args.projectId,
  ) as GridSource['codes'];
  return { guide, interviews, codes };
}

/** The grid, built where the data is (the cache worker), so only the grid crosses to the caller. */
export function buildGrid(db: CacheDb, args: { projectId: string; by?: string | null }): QuestionGrid {
  return buildQuestionGrid(gridSource(db, { projectId: args.projectId }), { by: args.by ?? null });
}

function safeJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * The questions of the guide Fieldwork knows for a study (saved when the study was created or edited here,
 * or from the demo's seed), in order; null when it knows none. The grid and the study's questions
 * (`studyQuestions`) both read the guide here.
 */
function knownGuide(db: CacheDb, projectId: string): string[] | null {
  if (stmt(db, 'SELECT 1 FROM project_guides WHERE project_id = ?').get(projectId) === undefined) return null;
  return stmt(db, 'SELECT question FROM questions WHERE project_id = ? ORDER BY position').pluck().all(projectId) as string[];
}

/**
 * The study's questions in guide order, as the grid lines interviews up against them: the guide Fieldwork
 * knows, else the one inferred from the transcripts (`inferred`). Null when there are none either way.
 */
export function studyQuestions(db: CacheDb, args: { projectId: string }): { texts: string[]; inferred: boolean } | null {
  const guide = knownGuide(db, args.projectId);
  if (guide && guide.length > 0) return { texts: guide, inferred: false };
  // Inferring reads every turn of the study; the answer is kept while its transcripts are unchanged (same
  // turns, same lengths), so paging through a code's segments infers once.
  const fingerprint = JSON.stringify(
    stmt(
      db,
      `SELECT count(*), total(length(t.text)), group_concat(DISTINCT t.interview_id) FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id
       WHERE i.project_id = ?`,
    )
      .raw()
      .get(args.projectId),
  );
  let memo = inferredMemo.get(db);
  if (!memo) inferredMemo.set(db, (memo = new Map()));
  const hit = memo.get(args.projectId);
  if (hit?.fingerprint === fingerprint) return hit.questions;
  const rows = stmt(
    db,
    // In the grid's order (oldest completed first), so both infer the same guide from the same transcripts.
    `SELECT t.interview_id, t.role, t.text FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id
     WHERE i.project_id = ? ORDER BY i.completed_at IS NULL, i.completed_at, i.id, t.idx`,
  )
    .raw()
    .all(args.projectId) as [string, string, string][];
  const transcripts = new Map<string, { role: string; text: string }[]>();
  for (const [id, role, text] of rows) {
    let turns = transcripts.get(id);
    if (!turns) transcripts.set(id, (turns = []));
    turns.push({ role, text });
  }
  const texts = inferGuide([...transcripts.values()]);
  const questions = texts.length > 0 ? { texts, inferred: true } : null;
  memo.set(args.projectId, { fingerprint, questions });
  return questions;
}

const inferredMemo = new WeakMap<CacheDb, Map<string, { fingerprint: string; questions: { texts: string[]; inferred: boolean } | null }>>();
