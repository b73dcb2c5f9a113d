import type { AskedIn } from '../../../shared/ipc/channels/search';
import { participantCode } from '../../../shared/participant-code';
import type { CacheDb } from '../open';
import { tokens } from './search-terms';
import { stmt } from './stmt';

/** A question as its words: case, spacing, punctuation and diacritics do not make it another question. */
export function questionWords(text: string): string {
  return tokens(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  ).join(' ');
}

type AiTurn = [
  interviewId: string,
  projectId: string,
  idx: number,
  startMs: number | null,
  text: string,
  completedAt: string | null,
  participantName: string | null,
];

/** Lists each interviewer turn under its study and question; an interview keeps the first turn (lowest idx) that asked it. */
function listQuestions(db: CacheDb, turns: AiTurn[]) {
  const put = stmt(
    db,
    `INSERT INTO asked_questions (project_id, question_key, interview_id, idx, start_ms, unfinished, completed_at, participant_name)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (project_id, question_key, interview_id) DO UPDATE SET idx = excluded.idx, start_ms = excluded.start_ms
     WHERE excluded.idx < asked_questions.idx`,
  );
  // A guide's few questions are most of the turns: each text is read into words once, and an interview that
  // asks a question several times is written once, for its first asking.
  const keys = new Map<string, string>();
  const first = new Map<string, [key: string, turn: AiTurn]>();
  for (const turn of turns) {
    const [interviewId, projectId, idx, , text] = turn;
    let key = keys.get(text);
    if (key === undefined) keys.set(text, (key = questionWords(text)));
    if (key === '') continue;
    const at = `${projectId}\u0000${key}\u0000${interviewId}`;
    const seen = first.get(at);
    if (!seen || idx < seen[1][2]) first.set(at, [key, turn]);
  }
  for (const [key, [interviewId, projectId, idx, startMs, , completedAt, participantName]] of first.values())
    put.run(projectId, key, interviewId, idx, startMs, completedAt === null ? 1 : 0, completedAt, participantName);
}

const AI_TURNS = `SELECT t.interview_id, i.project_id, t.idx, CASE WHEN t.time_known = 1 THEN t.start_ms END, t.text, i.completed_at, i.participant_name
  FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id`;

/** The questions of the turns with ids in (from, to]: the turns a bulk step has just added to the search index. */
export function indexQuestions(db: CacheDb, from: number, to: number): void {
  const turns = stmt(db, `${AI_TURNS} WHERE t.id > ? AND t.id <= ? AND t.role = 'AI'`).raw(true).all(from, to) as AiTurn[];
  listQuestions(db, turns);
}

/** Lists again the questions of up to `max` interviews whose indexed turns changed (see migration 0018); returns how many. */
export function reindexStaleQuestions(db: CacheDb, max: number): number {
  const stale = stmt(db, 'SELECT interview_id FROM questions_stale LIMIT ?').pluck().all(max) as string[];
  const forget = stmt(db, 'DELETE FROM asked_questions WHERE interview_id = ?');
  const done = stmt(db, 'DELETE FROM questions_stale WHERE interview_id = ?');
  const read = stmt(db, `${AI_TURNS} WHERE t.interview_id = ? AND t.role = 'AI'`).raw(true);
  for (const id of stale) {
    forget.run(id);
    listQuestions(db, read.all(id) as AiTurn[]);
    done.run(id);
  }
  return stale.length;
}

/** Interviews whose questions wait to be listed again. */
export function staleQuestionCount(db: CacheDb): number {
  return stmt(db, 'SELECT count(*) FROM questions_stale').pluck().get() as number;
}

/** How many interviews of the study asked this question (as its words): one count over one range of the covering index. */
export function askedCount(db: CacheDb, projectId: string, words: string): number {
  return stmt(db, 'SELECT count(*) FROM asked_questions INDEXED BY asked_questions_order WHERE project_id = ? AND question_key = ?')
    .pluck()
    .get(projectId, words) as number;
}

/**
 * The interviews of the study that asked this question (as its words), each once, where it first asked
 * it, in order of completion (unfinished last), then by id: the order search results list them in. One
 * range of one covering index, already in that order; `offset` and `limit` page through it (all of it
 * when no limit is given).
 */
export function askedInIndexed(db: CacheDb, projectId: string, words: string, page: { offset?: number; limit?: number } = {}): AskedIn[] {
  const rows = stmt(
    db,
    `SELECT interview_id, participant_name, start_ms, (SELECT n FROM participant_codes c WHERE c.interview_id = asked_questions.interview_id)
     FROM asked_questions INDEXED BY asked_questions_order
     WHERE project_id = ? AND question_key = ? ORDER BY unfinished, completed_at, interview_id LIMIT ? OFFSET ?`,
  )
    .raw(true)
    .all(projectId, words, page.limit ?? -1, page.offset ?? 0) as [string, string | null, number | null, number | null][];
  return rows.map(([interview_id, participant_name, start_ms, n]) => ({
    interview_id,
    participant_name,
    code: n === null ? '' : participantCode(n),
    start_ms,
  }));
}
