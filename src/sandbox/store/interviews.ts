import type { InterviewStatus } from '../../shared/schemas/enums';
import type { SandboxDb } from './db';

/** Stored transcript turns, in the sandbox's wire form: seconds from the start of the recording. */
export type WireTurn = { role: 'AI' | 'User'; text: string; start: number; end: number };
export type ScreenerAnswers = { approved: boolean; questions: Record<string, { text: string }>; answers: Record<string, string> };

export type Interview = {
  id: string;
  project_id: string;
  user_interview_id: string;
  status: InterviewStatus;
  source: 'chat' | 'simulated';
  started_at: string;
  completed_at: string | null;
  duration_seconds: number | null;
  video_key: string | null;
  participant: Record<string, unknown>;
  transcript: WireTurn[] | null;
  screener: ScreenerAnswers | null;
};

type Row = Omit<Interview, 'participant' | 'transcript' | 'screener'> & {
  participant_json: string;
  transcript_json: string | null;
  screener_json: string | null;
};

/** Every column but the two big JSON ones, for listings that do not include them. */
const LIGHT_COLUMNS = 'id, project_id, user_interview_id, status, source, started_at, completed_at, duration_seconds, video_key, participant_json, seq';

const toInterview = (r: Row): Interview => ({
  id: r.id,
  project_id: r.project_id,
  user_interview_id: r.user_interview_id,
  status: r.status,
  source: r.source,
  started_at: r.started_at,
  completed_at: r.completed_at,
  duration_seconds: r.duration_seconds,
  video_key: r.video_key,
  participant: JSON.parse(r.participant_json) as Record<string, unknown>,
  transcript: r.transcript_json ? (JSON.parse(r.transcript_json) as WireTurn[]) : null,
  screener: r.screener_json ? (JSON.parse(r.screener_json) as ScreenerAnswers) : null,
});

export function insertInterview(db: SandboxDb, i: Interview): void {
  const seq = (db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM interviews').get() as { n: number }).n;
  db.prepare(
    `INSERT INTO interviews (id, project_id, user_interview_id, status, source, started_at, completed_at, duration_seconds,
      video_key, participant_json, transcript_json, screener_json, seq)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    i.id,
    i.project_id,
    i.user_interview_id,
    i.status,
    i.source,
    i.started_at,
    i.completed_at,
    i.duration_seconds,
    i.video_key,
    JSON.stringify(i.participant),
    i.transcript ? JSON.stringify(i.transcript) : null,
    i.screener ? JSON.stringify(i.screener) : null,
    seq,
  );
}

export function updateInterview(db: SandboxDb, i: Interview): void {
  db.prepare(
    `UPDATE interviews SET status = ?, completed_at = ?, duration_seconds = ?, video_key = ?, participant_json = ?,
      transcript_json = ?, screener_json = ? WHERE id = ?`,
  ).run(
    i.status,
    i.completed_at,
    i.duration_seconds,
    i.video_key,
    JSON.stringify(i.participant),
    i.transcript ? JSON.stringify(i.transcript) : null,
    i.screener ? JSON.stringify(i.screener) : null,
    i.id,
  );
}

export function getInterview(db: SandboxDb, id: string): Interview | null {
  const row = db.prepare('SELECT * FROM interviews WHERE id = ?').get(id) as Row | undefined;
  return row ? toInterview(row) : null;
}

/** Newest completed first; records that never completed sort after them, newest started first. */
const ORDER = 'ORDER BY completed_at IS NULL, completed_at DESC, started_at DESC, seq DESC';

/** A page of a project's interviews; `full` also reads the transcripts and screeners (light pages skip them). */
export function pageInterviews(
  db: SandboxDb,
  projectId: string,
  opts: { offset: number; limit: number; interviewId?: string; full?: boolean },
): { items: Interview[]; total: number } {
  const cols = opts.full === false ? `${LIGHT_COLUMNS}, NULL AS transcript_json, NULL AS screener_json` : '*';
  if (opts.interviewId !== undefined) {
    const row = db.prepare(`SELECT ${cols} FROM interviews WHERE project_id = ? AND id = ?`).get(projectId, opts.interviewId) as Row | undefined;
    const all = row ? [toInterview(row)] : [];
    return { items: all.slice(opts.offset, opts.offset + opts.limit), total: all.length };
  }
  const total = (db.prepare('SELECT COUNT(*) AS n FROM interviews WHERE project_id = ?').get(projectId) as { n: number }).n;
  const rows = db.prepare(`SELECT ${cols} FROM interviews WHERE project_id = ? ${ORDER} LIMIT ? OFFSET ?`).all(projectId, opts.limit, opts.offset) as Row[];
  return { items: rows.map(toInterview), total };
}

export function completedInterviews(db: SandboxDb, projectId: string): Interview[] {
  return (db.prepare(`SELECT * FROM interviews WHERE project_id = ? AND status = 'COMPLETE' ${ORDER}`).all(projectId) as Row[]).map(toInterview);
}

export function interviewsByIds(db: SandboxDb, ids: string[]): Interview[] {
  const stmt = db.prepare('SELECT * FROM interviews WHERE id = ?');
  return ids
    .map((id) => stmt.get(id) as Row | undefined)
    .filter((r): r is Row => !!r)
    .map(toInterview);
}
