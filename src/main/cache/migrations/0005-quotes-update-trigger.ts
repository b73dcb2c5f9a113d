import type { Migration } from './types';

/** 0002 kept quotes_fts in step on insert and delete only; an updated quote text left stale index entries. */
export const migration: Migration = {
  version: 5,
  name: 'quotes-update-trigger',
  up(db) {
    db.exec(`
      CREATE TRIGGER quotes_au AFTER UPDATE OF text ON report_quotes BEGIN
        INSERT INTO quotes_fts(quotes_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO quotes_fts(rowid, text) VALUES (new.id, new.text);
      END;
    `);
  },
};
