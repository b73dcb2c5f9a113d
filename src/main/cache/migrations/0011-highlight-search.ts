import type { Migration } from './types';

/**
 * Search covers the researcher's own work: each highlight's quote, its tags and its note, in one FTS5
 * row per highlight, with the same vocabulary as the transcripts (diacritics folded). The index keeps
 * its own copy of the text, since a highlight's tags live in another table, and names its highlight by
 * id (a rowid of a table keyed by text may change on VACUUM); triggers rewrite a highlight's row
 * whenever it or its tags change. Finding a row by id reads the whole index, which is fine for what one
 * researcher writes by hand. The highlights tables themselves are untouched: they stay the researcher's.
 */
export const migration: Migration = {
  version: 11,
  name: 'highlight-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE highlights_fts USING fts5(
        highlight_id UNINDEXED, quote, note, tags, tokenize='unicode61 remove_diacritics 2'
      );
      INSERT INTO highlights_fts(highlight_id, quote, note, tags)
        SELECT h.id, h.quote, h.note, coalesce((SELECT group_concat(tag, ' · ') FROM highlight_tags t WHERE t.highlight_id = h.id), '')
        FROM highlights h;
      CREATE TRIGGER highlights_fts_ai AFTER INSERT ON highlights BEGIN
        INSERT INTO highlights_fts(highlight_id, quote, note, tags)
          VALUES (new.id, new.quote, new.note, coalesce((SELECT group_concat(tag, ' · ') FROM highlight_tags WHERE highlight_id = new.id), ''));
      END;
      CREATE TRIGGER highlights_fts_au AFTER UPDATE ON highlights BEGIN
        DELETE FROM highlights_fts WHERE highlight_id = old.id;
        INSERT INTO highlights_fts(highlight_id, quote, note, tags)
          VALUES (new.id, new.quote, new.note, coalesce((SELECT group_concat(tag, ' · ') FROM highlight_tags WHERE highlight_id = new.id), ''));
      END;
      CREATE TRIGGER highlights_fts_ad AFTER DELETE ON highlights BEGIN
        DELETE FROM highlights_fts WHERE highlight_id = old.id;
      END;
      CREATE TRIGGER highlight_tags_fts_ai AFTER INSERT ON highlight_tags BEGIN
        UPDATE highlights_fts SET tags = coalesce((SELECT group_concat(tag, ' · ') FROM highlight_tags WHERE highlight_id = new.highlight_id), '')
          WHERE highlight_id = new.highlight_id;
      END;
      CREATE TRIGGER highlight_tags_fts_ad AFTER DELETE ON highlight_tags BEGIN
        UPDATE highlights_fts SET tags = coalesce((SELECT group_concat(tag, ' · ') FROM highlight_tags WHERE highlight_id = old.highlight_id), '')
          WHERE highlight_id = old.highlight_id;
      END;
    `);
  },
};
