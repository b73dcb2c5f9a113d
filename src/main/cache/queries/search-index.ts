import type { CacheDb } from '../open';
import { indexQuestions, reindexStaleQuestions, staleQuestionCount } from './question-index';
import { stmt } from './stmt';

export type IndexProgress = { indexed: number; remaining: number };

/**
 * Turns written but not yet in the search index (see migration 0008), read from the ids alone so it is
 * cheap to ask often: exact while turns arrive in order, an upper bound when some were deleted before
 * being indexed. Zero exactly when nothing is waiting.
 */
export function searchBacklog(db: CacheDb): number {
  return stmt(db, "SELECT max(0, coalesce((SELECT max(id) FROM transcript_turns), 0) - indexed_upto) FROM search_backlog WHERE name = 'turns'")
    .pluck()
    .get() as number;
}

/** Turns per interview, roughly: how many stale interviews one bounded step lists the questions of again. */
const TURNS_PER_INTERVIEW = 40;

/**
 * Adds up to `maxRows` waiting turns to the search index, oldest first, in one transaction with the
 * new mark, so a crash leaves either the whole step or none of it. One bulk insert costs a fraction of
 * indexing the same turns one by one as they arrive. The same step lists the new turns' interviewer
 * questions, and those of interviews whose indexed turns changed (migration 0018).
 */
export function indexBacklog(db: CacheDb, args: { maxRows?: number }): IndexProgress {
  const max = Math.max(1, Math.floor(args.maxRows ?? Number.MAX_SAFE_INTEGER));
  const mark = stmt(db, "SELECT indexed_upto FROM search_backlog WHERE name = 'turns'").pluck();
  const upTo = stmt(db, `SELECT max(id) FROM (SELECT id FROM transcript_turns WHERE id > ? ORDER BY id LIMIT ?)`).pluck();
  const add = stmt(db, 'INSERT INTO turns_fts(rowid, text) SELECT id, text FROM transcript_turns WHERE id > ? AND id <= ?');
  const move = stmt(db, "UPDATE search_backlog SET indexed_upto = ? WHERE name = 'turns'");
  const { indexed, relisted } = db.transaction(() => {
    const relisted = reindexStaleQuestions(db, Math.max(1, Math.ceil(max / TURNS_PER_INTERVIEW)));
    const from = mark.get() as number;
    const to = upTo.get(from, max) as number | null;
    if (to === null) return { indexed: 0, relisted };
    const n = add.run(from, to).changes;
    indexQuestions(db, from, to);
    move.run(to);
    return { indexed: n, relisted };
  })();
  return { indexed, remaining: indexed === 0 && relisted === 0 ? 0 : searchBacklog(db) + staleQuestionCount(db) };
}
