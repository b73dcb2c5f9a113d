import type { Migration } from './types';

/** What the service says: replaced by every sync, re-derivable at any time. */
export const migration: Migration = {
  version: 1,
  name: 'service-data',
  up(db) {
    db.exec(`
      CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        status TEXT NOT NULL,
        type TEXT,
        created_at TEXT,
        recruiting_type TEXT,
        completed_participants INTEGER NOT NULL DEFAULT 0,
        target_participants INTEGER,
        has_launched INTEGER NOT NULL DEFAULT 0,
        listed INTEGER NOT NULL DEFAULT 1,
        synced_at TEXT
      );
      -- The guide as this app knows it: the service has no endpoint to read one back.
      CREATE TABLE project_guides (
        project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        interview_id TEXT,
        research_objective TEXT,
        intro_message TEXT,
        end_message TEXT,
        languages_json TEXT NOT NULL DEFAULT '[]',
        interaction_modes_json TEXT NOT NULL DEFAULT '[]',
        call_url TEXT,
        source TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE questions (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        question TEXT NOT NULL,
        probing_level TEXT NOT NULL,
        PRIMARY KEY (project_id, position)
      ) WITHOUT ROWID;
      CREATE TABLE stimuli (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        display_order INTEGER NOT NULL,
        image_url TEXT,
        video_url TEXT,
        caption TEXT,
        question_items_json TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX stimuli_project ON stimuli(project_id, display_order);
      CREATE TABLE embeds (
        project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        embed_url TEXT,
        interview_id TEXT,
        snippets_json TEXT,
        allowed_urls_json TEXT,
        synced_at TEXT NOT NULL
      );
      CREATE TABLE credits (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        balance TEXT NOT NULL,
        trial_credits INTEGER NOT NULL,
        synced_at TEXT NOT NULL
      );
      CREATE TABLE reports (
        project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        report_id TEXT,
        status TEXT NOT NULL,
        generated_at TEXT,
        interviews_analysed INTEGER,
        summary TEXT,
        synced_at TEXT NOT NULL
      );
      CREATE TABLE report_themes (
        project_id TEXT NOT NULL REFERENCES reports(project_id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        title TEXT NOT NULL,
        frequency REAL NOT NULL,
        summary TEXT NOT NULL,
        PRIMARY KEY (project_id, position)
      ) WITHOUT ROWID;
      CREATE TABLE report_quotes (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL,
        theme_position INTEGER NOT NULL,
        position INTEGER NOT NULL,
        text TEXT NOT NULL,
        FOREIGN KEY (project_id, theme_position) REFERENCES report_themes(project_id, position) ON DELETE CASCADE
      );
      CREATE INDEX report_quotes_theme ON report_quotes(project_id, theme_position, position);
      CREATE TABLE interviews (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        status TEXT NOT NULL,
        completed_at TEXT,
        duration_minutes INTEGER,
        video_url TEXT,
        video_url_expires_at TEXT,
        thumbnail_url TEXT,
        participant_name TEXT,
        participant_email TEXT,
        participant_json TEXT NOT NULL DEFAULT 'null',
        screener_json TEXT,
        screener_approved INTEGER,
        -- The stable fields of the light listing; a change means the full record is fetched again.
        fingerprint TEXT NOT NULL,
        detail_state TEXT NOT NULL CHECK (detail_state IN ('pending', 'complete')),
        turn_count INTEGER NOT NULL DEFAULT 0,
        listed_at TEXT NOT NULL,
        detail_synced_at TEXT
      );
      CREATE INDEX interviews_project ON interviews(project_id, completed_at DESC);
      CREATE INDEX interviews_pending ON interviews(project_id) WHERE detail_state = 'pending';
      CREATE TABLE transcript_turns (
        id INTEGER PRIMARY KEY,
        interview_id TEXT NOT NULL REFERENCES interviews(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        role TEXT NOT NULL,
        text TEXT NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER,
        UNIQUE (interview_id, idx)
      );
    `);
  },
};
