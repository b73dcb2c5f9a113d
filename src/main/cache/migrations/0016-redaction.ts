import type { Migration } from './types';

/**
 * Redaction (issue 14 §2): per study, the researcher's decisions on what the scan found (accept or reject,
 * kept under the finding's kind and normalised text, so the same name found in a hundred turns is decided
 * once), the terms they added themselves, and the pseudonym mapping (real value → "Participant 07",
 * "[Person A]"), stored encrypted with AES-256-GCM under a key kept in the OS keychain, so the researcher can
 * re-identify later and a copied cache file alone reveals nothing of it.
 *
 * All three are the researcher's: no foreign key to service tables, so no sync can touch them (a study
 * unlisted and synced back keeps its decisions).
 */
const KINDS = `'participant', 'person', 'email', 'phone', 'url', 'postcode', 'number', 'custom'`;

export const migration: Migration = {
  version: 16,
  name: 'redaction',
  up(db) {
    db.exec(`
      CREATE TABLE redaction_decisions (
        project_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
        term TEXT NOT NULL CHECK (length(term) > 0),
        decision TEXT NOT NULL CHECK (decision IN ('accept', 'reject')),
        decided_at TEXT NOT NULL,
        PRIMARY KEY (project_id, kind, term)
      ) WITHOUT ROWID;
      CREATE TABLE redaction_terms (
        project_id TEXT NOT NULL,
        term TEXT NOT NULL CHECK (length(term) > 0),
        text TEXT NOT NULL CHECK (length(trim(text)) >= 2),
        kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
        added_at TEXT NOT NULL,
        PRIMARY KEY (project_id, term)
      ) WITHOUT ROWID;
      CREATE TABLE redaction_mappings (
        project_id TEXT PRIMARY KEY,
        key_account TEXT NOT NULL,
        iv BLOB NOT NULL CHECK (length(iv) = 12),
        tag BLOB NOT NULL CHECK (length(tag) = 16),
        ciphertext BLOB NOT NULL,
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
