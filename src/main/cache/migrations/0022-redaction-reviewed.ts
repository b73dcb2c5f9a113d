import type { Migration } from './types';

/**
 * "Mark this interview reviewed" (issue 21 §2): the researcher's own sign-off, per study and interview, on the
 * Redaction review. Kept with what the scan had found in that interview when they marked it (a hash of its
 * findings and their count), so the review can say "changed since you reviewed it" after a sync or a new term
 * finds something else there.
 *
 * The researcher's data: no foreign key to service tables, so no sync touches it (an interview unlisted and
 * synced back keeps its mark, and the hash then tells whether its findings are still the ones reviewed).
 */
export const migration: Migration = {
  version: 22,
  name: 'redaction-reviewed',
  up(db) {
    db.exec(`
      CREATE TABLE redaction_reviewed (
        project_id TEXT NOT NULL,
        interview_id TEXT NOT NULL,
        reviewed_at TEXT NOT NULL,
        findings_hash TEXT NOT NULL CHECK (length(findings_hash) > 0),
        findings INTEGER NOT NULL CHECK (findings >= 0),
        PRIMARY KEY (project_id, interview_id)
      ) WITHOUT ROWID;
    `);
  },
};
