import type { AskedIn } from '../../../shared/ipc/channels/search';
import type { CacheDb } from '../open';
import { toFtsQuery, tokens } from './search-terms';
import { stmt } from './stmt';

/** A question as its words: case, spacing and punctuation differences do not make it another question. */
const questionKey = (projectId: string, text: string) =>
  `${projectId}\u0000${tokens(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  ).join(' ')}`;

/**
 * Where each question was asked, kept while the cache is unchanged: a guide question is asked in every
 * interview of its study, so finding them all reads thousands of turns, and the same few questions come up
 * search after search (each keystroke is one). Any write to the cache, by this connection (total_changes)
 * or another process (data_version), forgets them.
 */
type Memo = { stamp: string; asked: Map<string, AskedIn[]> };
const memos = new WeakMap<CacheDb, Memo>();
const MEMO_QUESTIONS = 500;

function memoFor(db: CacheDb): Memo {
  const stamp = `${stmt(db, 'SELECT total_changes()').pluck().get() as number}/${db.pragma('data_version', { simple: true }) as number}`;
  let memo = memos.get(db);
  if (memo?.stamp !== stamp) memos.set(db, (memo = { stamp, asked: new Map() }));
  return memo;
}

/** Every interview of the study that asked this question word for word, in order of completion, each once, where it was first asked. */
function askedIn(db: CacheDb, memo: Memo, key: string, projectId: string, text: string): AskedIn[] {
  const known = memo.asked.get(key);
  if (known) return known;
  const phrase = toFtsQuery(`"${text.replace(/"/g, ' ')}"`);
  const interviews = new Map<string, AskedIn>();
  if (phrase) {
    // Rows as arrays: a guide question matches a turn in each of thousands of interviews.
    const rows = stmt(
      db,
      `SELECT t.interview_id, i.participant_name, CASE WHEN t.time_known = 1 THEN t.start_ms END, t.text
       FROM turns_fts f JOIN transcript_turns t ON t.id = f.rowid JOIN interviews i ON i.id = t.interview_id
       WHERE turns_fts MATCH ? AND t.role = 'AI' AND i.project_id = ?
       ORDER BY i.completed_at IS NULL, i.completed_at, t.interview_id, t.idx`,
    )
      .raw(true)
      .all(phrase, projectId) as [string, string | null, number | null, string][];
    for (const [interview_id, participant_name, start_ms, turnText] of rows) {
      if (interviews.has(interview_id)) continue;
      // Most are the same text; only a turn that differs is compared word by word.
      if (turnText !== text && questionKey(projectId, turnText) !== key) continue;
      interviews.set(interview_id, { interview_id, participant_name, start_ms });
    }
  }
  const asked = [...interviews.values()];
  if (memo.asked.size >= MEMO_QUESTIONS) memo.asked.delete(memo.asked.keys().next().value!);
  memo.asked.set(key, asked);
  return asked;
}

/**
 * Interviewer turns asked word for word in more than one interview of the same study become one result
 * (the best ranked of them), listing every interview that asked it, in the study, found through the index.
 */
/** What collapsing reads and writes of a turn hit. */
type QuestionRow = {
  role: string | null;
  project_id: string;
  text: string;
  kind: string;
  interview_id: string | null;
  participant_name: string | null;
  start_ms: number | null;
  asked_in?: AskedIn[];
};

export function collapseQuestions<T extends QuestionRow>(db: CacheDb, rows: T[]): T[] {
  const memo = memoFor(db);
  const seen = new Set<string>();
  const out: T[] = [];
  for (const r of rows) {
    if (r.role !== 'AI') {
      out.push(r);
      continue;
    }
    const key = questionKey(r.project_id, r.text);
    if (seen.has(key)) continue;
    const asked_in = askedIn(db, memo, key, r.project_id, r.text);
    if (asked_in.length <= 1) {
      out.push(r);
      continue;
    }
    seen.add(key);
    // The result opens where the question was first asked; its snippet is the best-ranked turn's.
    out.push({
      ...r,
      kind: 'question',
      interview_id: asked_in[0]!.interview_id,
      participant_name: asked_in[0]!.participant_name,
      start_ms: asked_in[0]!.start_ms,
      asked_in,
    });
  }
  return out;
}
