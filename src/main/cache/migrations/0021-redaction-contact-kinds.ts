import type { Migration } from './types';

/**
 * Redaction finds four more kinds (issue 21 §1): whole addresses, dates of birth, ID and account numbers, social
 * handles. The researcher's decisions and own terms are kept under a kind, and 0016 limited it with a CHECK that
 * knows only the first eight: a decision on an address would be refused. SQLite cannot change a CHECK in place,
 * so both tables are rebuilt with the wider list, every row copied as it was (nothing dropped, nothing changed).
 */
const KINDS = `'participant', 'person', 'email', 'phone', 'url', 'postcode', 'number', 'custom', 'address', 'dob', 'id', 'handle'`;

export const migration: Migration = {
  version: 21,
  name: 'redaction-contact-kinds',
  up(db) {
    db.exec(`
      CREATE TABLE redaction_decisions_next (
        project_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
        term TEXT NOT NULL CHECK (length(term) > 0),
        decision TEXT NOT NULL CHECK (decision IN ('accept', 'reject')),
        decided_at TEXT NOT NULL,
        PRIMARY KEY (project_id, kind, term)
      ) WITHOUT ROWID;
      INSERT INTO redaction_decisions_next (project_id, kind, term, decision, decided_at)
        SELECT project_id, kind, term, decision, decided_at FROM redaction_decisions;
      DROP TABLE redaction_decisions;
      ALTER TABLE redaction_decisions_next RENAME TO redaction_decisions;

      CREATE TABLE redaction_terms_next (
        project_id TEXT NOT NULL,
        term TEXT NOT NULL CHECK (length(term) > 0),
        text TEXT NOT NULL CHECK (length(trim(text)) >= 2),
        kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
        added_at TEXT NOT NULL,
        PRIMARY KEY (project_id, term)
      ) WITHOUT ROWID;
      INSERT INTO redaction_terms_next (project_id, term, text, kind, added_at)
        SELECT project_id, term, text, kind, added_at FROM redaction_terms;
      DROP TABLE redaction_terms;
      ALTER TABLE redaction_terms_next RENAME TO redaction_terms;
    `);
  },
};
