import Database from 'better-sqlite3';

/**
 * The sandbox keeps the service's state in SQLite so a file-backed sandbox survives restarts. This is
 * the *service's* storage, not Fieldwork's cache: API keys are stored only as SHA-256 hashes.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS organisations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  balance_cents INTEGER NOT NULL,
  trial_credits INTEGER NOT NULL,
  context_json TEXT NOT NULL DEFAULT '{}',
  ai_enabled INTEGER NOT NULL DEFAULT 1,
  video_url_ttl_seconds INTEGER,
  report_duration_ms INTEGER,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  key_hash TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organisations(id),
  revoked INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS projects (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organisations(id),
  interview_id TEXT NOT NULL,
  title TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  purpose TEXT,
  research_objective TEXT,
  intro_message TEXT NOT NULL,
  end_message TEXT,
  questions_json TEXT NOT NULL,
  target_participants INTEGER NOT NULL,
  recruiting_type TEXT NOT NULL,
  languages_json TEXT NOT NULL,
  interaction_modes_json TEXT NOT NULL,
  has_launched INTEGER NOT NULL DEFAULT 0,
  launched_at TEXT,
  survey_questions INTEGER NOT NULL DEFAULT 0,
  screener_json TEXT,
  ai_context TEXT,
  target_audience TEXT,
  created_at TEXT NOT NULL,
  seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS projects_org ON projects(org_id, seq);
CREATE TABLE IF NOT EXISTS allow_lists (
  project_id TEXT PRIMARY KEY REFERENCES projects(id),
  urls_json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS stimuli (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  display_order INTEGER NOT NULL,
  kind TEXT NOT NULL,
  storage_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  caption TEXT,
  question_items_json TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS stimuli_project ON stimuli(project_id, display_order);
CREATE TABLE IF NOT EXISTS presigns (
  file_id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  org_id TEXT NOT NULL,
  storage_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  filename TEXT NOT NULL,
  max_bytes INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS objects (
  storage_key TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS interviews (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  user_interview_id TEXT NOT NULL,
  status TEXT NOT NULL,
  source TEXT NOT NULL,
  started_at TEXT NOT NULL,
  completed_at TEXT,
  duration_seconds INTEGER,
  video_key TEXT,
  participant_json TEXT NOT NULL DEFAULT '{}',
  transcript_json TEXT,
  screener_json TEXT,
  seq INTEGER NOT NULL
);
-- Exactly the listing order (completed first, newest first; then the rest, newest started first), so a
-- page at any offset is read from the index instead of sorting the whole project.
DROP INDEX IF EXISTS interviews_project;
CREATE INDEX IF NOT EXISTS interviews_listing ON interviews(project_id, completed_at IS NULL, completed_at DESC, started_at DESC, seq DESC);
CREATE INDEX IF NOT EXISTS interviews_seq ON interviews(seq);
CREATE INDEX IF NOT EXISTS projects_seq ON projects(seq);
CREATE TABLE IF NOT EXISTS reports (
  project_id TEXT PRIMARY KEY REFERENCES projects(id),
  report_id TEXT NOT NULL,
  status TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  ready_at INTEGER NOT NULL,
  will_fail INTEGER NOT NULL,
  interview_ids_json TEXT NOT NULL,
  result_json TEXT
);
CREATE TABLE IF NOT EXISTS webhooks (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organisations(id),
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL REFERENCES webhooks(id),
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  status TEXT NOT NULL,
  last_status INTEGER,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS deliveries_due ON webhook_deliveries(status, next_at);
CREATE TABLE IF NOT EXISTS chat_sessions (
  token TEXT PRIMARY KEY,
  interview_id TEXT NOT NULL REFERENCES interviews(id),
  state_json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS faults (
  org_id TEXT PRIMARY KEY,
  json TEXT NOT NULL
);
`;

export type SandboxDb = Database.Database;

export function openSandboxDb(file: string, nativeBinding?: string): SandboxDb {
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  return db;
}

/** A value kept across restarts (the URL-signing secret), created on first use. */
export function metaValue(db: SandboxDb, key: string, create: () => string): string {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  if (row) return row.value;
  const value = create();
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(key, value);
  return value;
}
