import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate, type MigrationResult } from './migrate';
import { ensureTurnKey } from './queries/turn-key';

export type CacheDb = Database.Database;

export type OpenOptions = { nativeBinding?: string | undefined; readonly?: boolean; now?: () => Date };

/**
 * Opens (and migrates) one workspace's cache file. Every connection gets WAL, foreign keys and a busy
 * timeout, since the app and the CLI may have the same file open. The cache itself runs at
 * synchronous=NORMAL: a crash never loses a commit, a power cut may lose the last ones, and those are
 * re-synced. User-authored writes raise it to FULL (see withFullSync).
 */
export async function openCacheDb(file: string, opts: OpenOptions = {}): Promise<{ db: CacheDb; migration: MigrationResult }> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}), ...(opts.readonly ? { readonly: true } : {}) });
  try {
    if (file !== ':memory:' && !opts.readonly) {
      db.pragma('journal_mode = WAL');
      // A sync's page write adds a few MB to the WAL: at SQLite's default (1,000 pages, 4 MB) nearly every
      // commit copied the WAL back into the file, rewriting the same index pages again and again, which
      // took a third of a first sync's write time. 10,000 pages (40 MB) checkpoints a few times per sync,
      // and the limit truncates the WAL file back to 64 MB after a checkpoint.
      db.pragma('wal_autocheckpoint = 10000');
      db.pragma('journal_size_limit = 67108864');
    }
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    const migration = await migrate(db, {
      ...(file !== ':memory:' ? { backupDir: join(dirname(file), 'backups') } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
    // A process stopped during a first sync's bulk load of turns leaves the turn key's index to build again.
    if (!opts.readonly) ensureTurnKey(db);
    return { db, migration };
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Writes the researcher's own data with synchronous=FULL, so a power cut right after cannot lose it. */
export function withFullSync<T>(db: CacheDb, fn: () => T): T {
  // Inside another write (a segment's codes created as it is saved), the outer one already syncs in full.
  if (db.inTransaction) return db.transaction(fn)();
  db.pragma('synchronous = FULL');
  try {
    return db.transaction(fn)();
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}
