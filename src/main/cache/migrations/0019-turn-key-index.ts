import type { Migration } from './types';

/**
 * A turn's key (interview_id, idx) moves from the table's inline UNIQUE, which SQLite cannot drop, to a
 * named unique index that can be. A first sync into an empty cache then writes its turns without the index
 * and builds it once at the end (queries/turn-key.ts): 400,000 inserts at random places of that index cost
 * about as much as writing the turns themselves, and building it from the finished table a fraction of it.
 * The table is rebuilt the way SQLite documents for a changed constraint; ids are kept, so the search index
 * (external content over these ids) stays valid, and the triggers are created again as they were.
 */
export const migration: Migration = {
  version: 19,
  name: 'turn-key-index',
  up(db) {
    const triggers = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'transcript_turns' ORDER BY name")
      .pluck()
      .all() as string[];
    db.exec(`
      CREATE TABLE transcript_turns_rebuilt (
        id INTEGER PRIMARY KEY,
        interview_id TEXT NOT NULL REFERENCES interviews(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        role TEXT NOT NULL,
        text TEXT NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER,
        time_known INTEGER NOT NULL DEFAULT 1 CHECK (time_known IN (0, 1))
      );
      INSERT INTO transcript_turns_rebuilt (id, interview_id, idx, role, text, start_ms, end_ms, time_known)
        SELECT id, interview_id, idx, role, text, start_ms, end_ms, time_known FROM transcript_turns ORDER BY id;
      DROP TABLE transcript_turns;
      ALTER TABLE transcript_turns_rebuilt RENAME TO transcript_turns;
      CREATE UNIQUE INDEX transcript_turns_key ON transcript_turns(interview_id, idx);
    `);
    for (const sql of triggers) db.exec(sql);
  },
};
