import type { Migration } from './types';

/**
 * An index of interviewer questions (issue 20): for each study and question, as its words (case, spacing and
 * punctuation aside: queries/question-index.ts), the interviews that asked it and where each first did. A
 * search shows a guide question asked in many interviews as one result that lists them all; finding them
 * by a phrase search read every asking of it (40,000 turns for a 4-times-asked question in 10,000
 * interviews) on the first search that met it.
 *
 * Kept with the search index, off the sync's write path: the turns the bulk step adds to turns_fts
 * (migration 0008) are read for their questions in the same transaction. Turns at or below that mark that
 * change (a rewritten interview, or an id reused after a delete) mark their interview in questions_stale,
 * from the same triggers that keep turns_fts in step; the next step lists that interview's questions
 * again from its current turns. Rows go with their interview (ON DELETE CASCADE).
 *
 * A row carries its interview's completion time and participant (kept by interviews_asked_au, which does
 * nothing unless one of them changed), so one question's interviews are read from one index in the order a
 * result lists them: reading them through a join to interviews and sorting took longer than the rest of the
 * search for a question asked in 10,000 interviews.
 *
 * Turns cached before this migration are in turns_fts already: their interviews start out stale, so the
 * first steps (or the first search) list their questions.
 */
export const migration: Migration = {
  version: 18,
  name: 'question-index',
  up(db) {
    db.exec(`
      CREATE TABLE asked_questions (
        project_id TEXT NOT NULL,
        question_key TEXT NOT NULL,
        interview_id TEXT NOT NULL REFERENCES interviews(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        start_ms INTEGER,
        unfinished INTEGER NOT NULL CHECK (unfinished IN (0, 1)),
        completed_at TEXT,
        participant_name TEXT,
        PRIMARY KEY (project_id, question_key, interview_id)
      ) WITHOUT ROWID;
      CREATE INDEX asked_questions_order
        ON asked_questions(project_id, question_key, unfinished, completed_at, interview_id, participant_name, start_ms);
      CREATE INDEX asked_questions_interview ON asked_questions(interview_id);
      CREATE TRIGGER interviews_asked_au AFTER UPDATE OF completed_at, participant_name ON interviews
        WHEN old.completed_at IS NOT new.completed_at OR old.participant_name IS NOT new.participant_name BEGIN
        UPDATE asked_questions SET unfinished = new.completed_at IS NULL, completed_at = new.completed_at, participant_name = new.participant_name
          WHERE interview_id = new.id;
      END;
      CREATE TABLE questions_stale (interview_id TEXT PRIMARY KEY) WITHOUT ROWID;
      INSERT INTO questions_stale (interview_id)
        SELECT DISTINCT interview_id FROM transcript_turns WHERE id <= (SELECT indexed_upto FROM search_backlog WHERE name = 'turns');
      DROP TRIGGER turns_ai;
      DROP TRIGGER turns_ad;
      DROP TRIGGER turns_au;
      CREATE TRIGGER turns_ai AFTER INSERT ON transcript_turns
        WHEN new.id <= (SELECT indexed_upto FROM search_backlog WHERE name = 'turns') BEGIN
        INSERT INTO turns_fts(rowid, text) VALUES (new.id, new.text);
        INSERT OR IGNORE INTO questions_stale (interview_id) VALUES (new.interview_id);
      END;
      CREATE TRIGGER turns_ad AFTER DELETE ON transcript_turns
        WHEN old.id <= (SELECT indexed_upto FROM search_backlog WHERE name = 'turns') BEGIN
        INSERT INTO turns_fts(turns_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT OR IGNORE INTO questions_stale (interview_id) VALUES (old.interview_id);
      END;
      CREATE TRIGGER turns_au AFTER UPDATE OF text ON transcript_turns
        WHEN old.id <= (SELECT indexed_upto FROM search_backlog WHERE name = 'turns') BEGIN
        INSERT INTO turns_fts(turns_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO turns_fts(rowid, text) VALUES (new.id, new.text);
        INSERT OR IGNORE INTO questions_stale (interview_id) VALUES (old.interview_id), (new.interview_id);
      END;
    `);
  },
};
