import type { Migration } from './types';

/**
 * Full-text search over transcript turns and report quotes: FTS5 with diacritics folded (café matches
 * cafe) and prefix indexes for search-as-you-type. External-content tables, kept in step by triggers,
 * so the text is stored once.
 */
export const migration: Migration = {
  version: 2,
  name: 'search-index',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE turns_fts USING fts5(
        text, content='transcript_turns', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      CREATE TRIGGER turns_ai AFTER INSERT ON transcript_turns BEGIN
        INSERT INTO turns_fts(rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER turns_ad AFTER DELETE ON transcript_turns BEGIN
        INSERT INTO turns_fts(turns_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
      CREATE TRIGGER turns_au AFTER UPDATE OF text ON transcript_turns BEGIN
        INSERT INTO turns_fts(turns_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO turns_fts(rowid, text) VALUES (new.id, new.text);
      END;
      CREATE VIRTUAL TABLE quotes_fts USING fts5(
        text, content='report_quotes', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      CREATE TRIGGER quotes_ai AFTER INSERT ON report_quotes BEGIN
        INSERT INTO quotes_fts(rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER quotes_ad AFTER DELETE ON report_quotes BEGIN
        INSERT INTO quotes_fts(quotes_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
    `);
  },
};
