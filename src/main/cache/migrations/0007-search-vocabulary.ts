import type { Migration } from './types';

/**
 * Prefix search through the vocabulary instead of prefix indexes. The 2- and 3-letter prefix indexes
 * doubled the cost of indexing every turn, yet a prefix of 4 letters or more (what people type) still
 * had to merge every matching word's list up front. Now the last word's prefix is expanded to its most
 * frequent whole words (fts5vocab), which FTS5 reads lazily, newest first.
 */
export const migration: Migration = {
  version: 7,
  name: 'search-vocabulary',
  up(db) {
    db.exec(`
      DROP TABLE turns_fts;
      CREATE VIRTUAL TABLE turns_fts USING fts5(
        text, content='transcript_turns', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
      );
      INSERT INTO turns_fts(turns_fts) VALUES ('rebuild');
      DROP TABLE quotes_fts;
      CREATE VIRTUAL TABLE quotes_fts USING fts5(
        text, content='report_quotes', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
      );
      INSERT INTO quotes_fts(quotes_fts) VALUES ('rebuild');
      CREATE VIRTUAL TABLE turns_vocab USING fts5vocab('turns_fts', 'row');
      CREATE VIRTUAL TABLE quotes_vocab USING fts5vocab('quotes_fts', 'row');
    `);
  },
};
