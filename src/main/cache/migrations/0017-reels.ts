import type { Migration } from './types';

/**
 * Reels the researcher builds by hand (issue 14): per study, a named, ordered list of highlights (a coded
 * segment is a highlight with a code), from one interview or many, like Dovetail's and Reduct's reels.
 *
 * Both tables are the researcher's: no foreign key to service tables, so no sync can touch them. An item
 * goes with its highlight (ON DELETE CASCADE); the reel view shows how many clips it holds, so a clip
 * gone with a deleted highlight shows in the count. A highlight is in a reel at most once. Positions order
 * the clips; the queries renumber them from 0 on every move and removal.
 */
export const migration: Migration = {
  version: 17,
  name: 'reels',
  up(db) {
    db.exec(`
      CREATE TABLE reels (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        name TEXT NOT NULL CHECK (length(trim(name)) > 0),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX reels_project_name ON reels(project_id, name COLLATE NOCASE);
      CREATE TABLE reel_items (
        reel_id TEXT NOT NULL REFERENCES reels(id) ON DELETE CASCADE,
        highlight_id TEXT NOT NULL REFERENCES highlights(id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        PRIMARY KEY (reel_id, highlight_id)
      ) WITHOUT ROWID;
      CREATE INDEX reel_items_order ON reel_items(reel_id, position);
      CREATE INDEX reel_items_highlight ON reel_items(highlight_id);
    `);
  },
};
