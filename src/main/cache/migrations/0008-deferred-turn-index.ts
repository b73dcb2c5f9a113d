import type { Migration } from './types';

/**
 * Transcript turns are indexed for search after they are written, not as they are written. Indexing
 * took over half of a first sync's write time, and a researcher waiting for interviews to appear
 * should not wait for the search index too. `search_backlog.indexed_upto` is the highest turn id in
 * the index; turns above it are indexed in bulk when the cache is idle, and before any search runs
 * (queries/search-index.ts), so a search never misses a cached turn.
 *
 * The triggers only touch the index for turns it already holds. A new turn whose id is at or below the
 * mark (SQLite reuses the highest ids after a delete) is indexed at once, since the bulk step only
 * reads above the mark.
 */
export const migration: Migration = {
  version: 8,
  name: 'deferred-turn-index',
  up(db) {
    db.exec(`
      CREATE TABLE search_backlog (
        name TEXT PRIMARY KEY,
        indexed_upto INTEGER NOT NULL
      );
      INSERT INTO search_backlog (name, indexed_upto) VALUES ('turns', (SELECT coalesce(max(id), 0) FROM transcript_turns));
      DROP TRIGGER turns_ai;
      DROP TRIGGER turns_ad;
      DROP TRIGGER turns_au;
      CREATE TRIGGER turns_ai AFTER INSERT ON transcript_turns
        WHEN new.id <= (SELECT indexed_upto FROM search_backlog WHERE name = 'turns') BEGIN
        INSERT INTO turns_fts(rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER turns_ad AFTER DELETE ON transcript_turns
        WHEN old.id <= (SELECT indexed_upto FROM search_backlog WHERE name = 'turns') BEGIN
        INSERT INTO turns_fts(turns_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
      CREATE TRIGGER turns_au AFTER UPDATE OF text ON transcript_turns
        WHEN old.id <= (SELECT indexed_upto FROM search_backlog WHERE name = 'turns') BEGIN
        INSERT INTO turns_fts(turns_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO turns_fts(rowid, text) VALUES (new.id, new.text);
      END;
    `);
  },
};
