import type { Migration } from './types';

/**
 * One participant code per interview (issue 21 §3): "P07" is the 7th interview of its study, numbered in
 * order of completion (then id), and every artefact names the interview by it. The number is stored, not
 * computed, so it never changes: an interview that arrives later gets the next free number, and a sync
 * never renumbers (queries/participant-codes.ts is the one writer).
 *
 * The table is the cache's own, like the researcher's tables: no foreign key to interviews, so a sync that
 * drops and re-adds an interview finds its code again, and a number once given is never given to anyone
 * else in the study (UNIQUE per study, the next is max + 1).
 *
 * Interviews already saved get their codes here, in the order the study's "Interview N" labels used, so the
 * number an older export printed is the code's number.
 */
export const migration: Migration = {
  version: 20,
  name: 'participant-codes',
  up(db) {
    db.exec(`
      CREATE TABLE participant_codes (
        interview_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        n INTEGER NOT NULL CHECK (n >= 1),
        UNIQUE (project_id, n)
      );
      INSERT INTO participant_codes (interview_id, project_id, n)
        SELECT id, project_id, ROW_NUMBER() OVER (PARTITION BY project_id ORDER BY completed_at IS NULL, completed_at, id)
        FROM interviews;
    `);
  },
};
