import type { Migration } from './types';

/**
 * What the researcher authored: highlights with tags, and notes. No foreign keys to service tables, so
 * a re-sync that replaces an interview can never delete or change any of it.
 */
export const migration: Migration = {
  version: 3,
  name: 'user-data',
  up(db) {
    db.exec(`
      CREATE TABLE highlights (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        interview_id TEXT NOT NULL,
        start_turn INTEGER NOT NULL,
        start_offset INTEGER NOT NULL,
        end_turn INTEGER NOT NULL,
        end_offset INTEGER NOT NULL,
        start_ms INTEGER,
        quote TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        CHECK (end_turn > start_turn OR (end_turn = start_turn AND end_offset >= start_offset))
      );
      CREATE INDEX highlights_interview ON highlights(interview_id, start_turn, start_offset);
      CREATE INDEX highlights_project ON highlights(project_id, created_at);
      CREATE TABLE highlight_tags (
        highlight_id TEXT NOT NULL REFERENCES highlights(id) ON DELETE CASCADE,
        tag TEXT NOT NULL,
        PRIMARY KEY (highlight_id, tag)
      ) WITHOUT ROWID;
      CREATE INDEX highlight_tags_tag ON highlight_tags(tag);
      CREATE TABLE notes (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        interview_id TEXT,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX notes_scope ON notes(project_id, interview_id);
    `);
  },
};
