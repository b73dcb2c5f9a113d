import type Database from 'better-sqlite3';
import { stmt } from './stmt';

/**
 * The unique index on a turn's key, (interview_id, idx) (migration 0019). A first sync into an empty cache
 * writes its turns without it and builds it once at the end: inserting 400,000 turns at random places of the
 * index cost about as much as writing the turns, and building it from the finished table a fraction of that.
 * While it is away every read stays right (a read of one interview's turns scans instead of seeking) and no
 * duplicate can arise, because every write of an interview's turns first deletes the ones it had.
 */
const CREATE_KEY = 'CREATE UNIQUE INDEX IF NOT EXISTS transcript_turns_key ON transcript_turns(interview_id, idx)';

/** Bulk loads open on a connection, and the page cache size to set back when the last one ends. */
const openLoads = new WeakMap<Database.Database, { count: number; cacheSize: number }>();

/** The page cache during a bulk load: appends touch only the last pages of the table, so 2 MB does as well as 16. */
const BULK_CACHE_SIZE = -2000;

/**
 * Starts a bulk load of turns: the index is dropped if no turn is cached yet (or another bulk load on this
 * connection already dropped it). `bulk: false` means the writes go through the index as usual, and the
 * caller must not end a load it did not begin. While loading, the page cache is kept at 2 MB instead of
 * better-sqlite3's 16 MB: writing 400,000 turns took as long (1.3-1.7 s either way, measured alternately) and
 * the process's peak memory grew 7-8 MB instead of 23.
 */
export function beginTurnBulkLoad(db: Database.Database): { bulk: boolean } {
  const open = openLoads.get(db);
  if (open) {
    open.count++;
    return { bulk: true };
  }
  const empty = stmt(db, 'SELECT NOT EXISTS (SELECT 1 FROM transcript_turns)').pluck().get() === 1;
  if (!empty) return { bulk: false };
  db.exec('DROP INDEX IF EXISTS transcript_turns_key');
  openLoads.set(db, { count: 1, cacheSize: db.pragma('cache_size', { simple: true }) as number });
  db.pragma(`cache_size = ${BULK_CACHE_SIZE}`);
  return { bulk: true };
}

/** Ends a bulk load begun with `bulk: true`; the last one to end builds the index again and sets the page cache back. */
export function endTurnBulkLoad(db: Database.Database): void {
  const open = openLoads.get(db);
  if (!open) return;
  if (--open.count > 0) return;
  openLoads.delete(db);
  try {
    ensureTurnKey(db);
  } finally {
    db.pragma(`cache_size = ${open.cacheSize}`);
  }
}

/**
 * Makes sure the index exists: on every open, since a process that stopped during a bulk load (a crash, a
 * kill) leaves the cache without it. Free when it is there. Duplicates cannot arise while it is away; if any
 * did, the newest copy of each turn (the last written) is kept, so the index can always be built.
 */
export function ensureTurnKey(db: Database.Database): void {
  if (stmt(db, "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'transcript_turns_key'").get()) return;
  withSmallSortMemory(db, () => {
    try {
      db.exec(CREATE_KEY);
    } catch (e) {
      if (!(e instanceof Error) || !/UNIQUE constraint failed/.test(e.message)) throw e;
      db.transaction(() => {
        db.exec('DELETE FROM transcript_turns WHERE id NOT IN (SELECT max(id) FROM transcript_turns GROUP BY interview_id, idx)');
        db.exec(CREATE_KEY);
      })();
    }
  });
}

/**
 * SQLite sorts an index's keys in memory up to the page cache's size (16 MB in better-sqlite3's build),
 * on top of the cache itself: building this index over 400,000 turns raised the process's peak memory by
 * 15 MB. With 2 MB it sorts in runs on disk instead, adding nothing to the peak, for about 100 ms more.
 */
function withSmallSortMemory(db: Database.Database, fn: () => void): void {
  const was = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -2000');
  try {
    fn();
  } finally {
    db.pragma(`cache_size = ${was}`);
  }
}
