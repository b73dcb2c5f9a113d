import type { Migration } from './types';

/** This app's own bookkeeping: sync progress, report polls that outlive a restart, offline videos. */
export const migration: Migration = {
  version: 4,
  name: 'local-jobs',
  up(db) {
    db.exec(`
      CREATE TABLE sync_state (
        scope TEXT PRIMARY KEY,
        last_started_at TEXT,
        last_completed_at TEXT,
        last_error TEXT
      );
      CREATE TABLE report_polls (
        project_id TEXT PRIMARY KEY,
        report_id TEXT,
        started_at TEXT NOT NULL,
        deadline_at TEXT NOT NULL,
        next_poll_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL CHECK (state IN ('polling', 'completed', 'failed', 'timed_out')),
        last_error TEXT
      );
      CREATE TABLE videos (
        interview_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        file TEXT NOT NULL,
        content_type TEXT,
        bytes_total INTEGER,
        bytes_done INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL CHECK (state IN ('partial', 'complete')),
        updated_at TEXT NOT NULL
      );
    `);
  },
};
