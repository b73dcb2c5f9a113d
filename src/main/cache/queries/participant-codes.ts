import { participantCode } from '../../../shared/participant-code';
import type { CacheDb } from '../open';
import { stmt } from './stmt';

/**
 * The study's participant codes (migration 0020). assignParticipantCodes is their one writer: every reader
 * of codes calls it first, and a sync calls it once a study's interviews are saved, so codes exist before
 * anything is read and no read ever finds an interview without one.
 *
 * The Interviews list and the viewer only read codes (an empty code until given), so a listing shown while a
 * first sync is still saving pages (newest first) cannot give the newest interviews the first numbers.
 *
 * Rules: interviews without a code get the next free numbers in order of completion (completed_at, then id;
 * those not yet complete after those that are, by id). An interview gets its code the first time it is
 * assigned after the cache first holds it, whatever its status, so a study's every interview has a label
 * in every artefact; a code once given never changes and is never given to another interview, however the
 * study changes or re-syncs. A study's first sync calls this only at its end, so the first codes follow
 * completion order across the whole study rather than the order the service's pages arrived in.
 */
export function assignParticipantCodes(db: CacheDb, args: { projectId: string }): number {
  const missing = stmt(
    db,
    `SELECT id FROM interviews i WHERE project_id = ? AND NOT EXISTS (SELECT 1 FROM participant_codes c WHERE c.interview_id = i.id)
     ORDER BY completed_at IS NULL, completed_at, id`,
  );
  const ids = missing.pluck().all(args.projectId) as string[];
  if (ids.length === 0) return 0;
  db.transaction(() => {
    const top = stmt(db, 'SELECT COALESCE(MAX(n), 0) FROM participant_codes WHERE project_id = ?').pluck().get(args.projectId) as number;
    const insert = stmt(db, 'INSERT INTO participant_codes (interview_id, project_id, n) VALUES (?, ?, ?)');
    ids.forEach((id, i) => insert.run(id, args.projectId, top + i + 1));
  })();
  return ids.length;
}

/** Every interview of the study with its code's number (codes assigned first when missing). */
export function participantNumbers(db: CacheDb, args: { projectId: string }): Map<string, number> {
  assignParticipantCodes(db, args);
  const rows = stmt(db, 'SELECT c.interview_id, c.n FROM participant_codes c JOIN interviews i ON i.id = c.interview_id WHERE c.project_id = ? ORDER BY c.n')
    .raw(true)
    .all(args.projectId) as [string, number][];
  return new Map(rows);
}

export type ParticipantKeyRow = {
  interview_id: string;
  code: string;
  n: number;
  status: string;
  completed_at: string | null;
  participant_name: string | null;
  participant_email: string | null;
};

/** The study's code ↔ participant key, in code order. Its names and emails leave main only when asked for. */
export function listParticipants(db: CacheDb, args: { projectId: string }): ParticipantKeyRow[] {
  assignParticipantCodes(db, args);
  const rows = stmt(
    db,
    `SELECT c.interview_id, c.n, i.status, i.completed_at, i.participant_name, i.participant_email
     FROM participant_codes c JOIN interviews i ON i.id = c.interview_id WHERE c.project_id = ? ORDER BY c.n`,
  ).all(args.projectId) as Omit<ParticipantKeyRow, 'code'>[];
  return rows.map((r) => ({ ...r, code: participantCode(r.n) }));
}
