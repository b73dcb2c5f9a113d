import type { InterviewNeighbours, InterviewRow, NeighbourRef } from '../../../shared/views';
import type { InterviewRecord, Participant, Screener } from '../../../shared/schemas/interview';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { participantCode } from '../../../shared/participant-code';
import type { CacheDb } from '../open';
import { fingerprint, isPacked, packFullRecords, TURN_CELLS, type FullRecordsArgs, type PackedFullRecords, type TurnCell } from './full-records';
import { stmt } from './stmt';

/** A listing row as the cache knows it; the view adds whether a local video copy exists. */
export type InterviewSummary = Omit<InterviewRow, 'offline'>;

export type CachedInterview = InterviewSummary & {
  video_url: string | null;
  video_url_expires_at: string | null;
  thumbnail_url: string | null;
  participant: Participant | null;
  screener: Screener | null;
  transcript: TranscriptTurn[];
};

type Row = {
  id: string;
  project_id: string;
  status: string;
  completed_at: string | null;
  duration_minutes: number | null;
  participant_name: string | null;
  participant_email: string | null;
  screener_approved: number | null;
  detail_state: 'pending' | 'complete';
  turn_count: number;
  video_url: string | null;
  video_url_expires_at: string | null;
  thumbnail_url: string | null;
  participant_json: string;
  screener_json: string | null;
  /** participant_codes.n, read beside the row (CODE_N). */
  code_n: number | null;
};

/** The row's participant code number, selected beside interviews' columns; never null once codes are assigned. */
const CODE_N = '(SELECT n FROM participant_codes c WHERE c.interview_id = interviews.id) AS code_n';

const summary = (r: Row): InterviewSummary => ({
  id: r.id,
  project_id: r.project_id,
  // Empty only while a study's first sync is still saving its interviews: the Interviews list and the viewer
  // read codes but never give them, so a listing shown mid-sync cannot number the newest pages first.
  code: r.code_n === null ? '' : participantCode(r.code_n),
  status: r.status,
  completed_at: r.completed_at,
  duration_minutes: r.duration_minutes,
  participant_name: r.participant_name,
  participant_email: r.participant_email,
  screener_approved: r.screener_approved === null ? null : r.screener_approved === 1,
  detail_state: r.detail_state,
  turn_count: r.turn_count,
  has_video: r.video_url !== null,
});

export type PageWrite = { changed: string[]; newlyComplete: string[] };

/**
 * Writes one light page (records without transcripts) in one transaction. New records and records whose
 * listing fields changed are marked pending, to be fetched in full; unchanged records are not written.
 */
export function saveLightPage(db: CacheDb, args: { projectId: string; items: InterviewRecord[]; now: string }): PageWrite {
  const get = stmt(db, 'SELECT fingerprint, status FROM interviews WHERE id = ?');
  const upsert = stmt(
    db,
    `INSERT INTO interviews (id, project_id, status, completed_at, duration_minutes, video_url, video_url_expires_at, thumbnail_url,
       participant_name, participant_email, participant_json, fingerprint, detail_state, listed_at)
     VALUES (@id, @project_id, @status, @completed_at, @duration_minutes, @video_url, @video_url_expires_at, @thumbnail_url,
       @participant_name, @participant_email, @participant_json, @fingerprint, 'pending', @now)
     ON CONFLICT(id) DO UPDATE SET status = excluded.status, completed_at = excluded.completed_at, duration_minutes = excluded.duration_minutes,
       video_url = excluded.video_url, video_url_expires_at = excluded.video_url_expires_at, thumbnail_url = excluded.thumbnail_url,
       participant_name = excluded.participant_name, participant_email = excluded.participant_email, participant_json = excluded.participant_json,
       fingerprint = excluded.fingerprint, detail_state = 'pending', listed_at = excluded.listed_at`,
  );
  const out: PageWrite = { changed: [], newlyComplete: [] };
  db.transaction(() => {
    for (const i of args.items) {
      const fp = fingerprint(i);
      const existing = get.get(i.id) as { fingerprint: string; status: string } | undefined;
      if (existing?.fingerprint === fp) continue;
      upsert.run(rowParams(args.projectId, i, fp, args.now));
      out.changed.push(i.id);
      if (i.status === 'COMPLETE' && existing?.status !== 'COMPLETE') out.newlyComplete.push(i.id);
    }
  })();
  return out;
}

/**
 * Writes full records (transcript and screener included) in one transaction, replacing their turns. The
 * sync sends them packed (full-records.ts); other callers may send the records as they are.
 */
export function saveFullRecords(db: CacheDb, args: FullRecordsArgs | PackedFullRecords): PageWrite {
  const page = isPacked(args) ? args : packFullRecords(args);
  const get = stmt(db, 'SELECT status FROM interviews WHERE id = ?');
  const upsert = stmt(
    db,
    `INSERT INTO interviews (id, project_id, status, completed_at, duration_minutes, video_url, video_url_expires_at, thumbnail_url,
       participant_name, participant_email, participant_json, screener_json, screener_approved, fingerprint, detail_state, turn_count, listed_at, detail_synced_at)
     VALUES (@id, @project_id, @status, @completed_at, @duration_minutes, @video_url, @video_url_expires_at, @thumbnail_url,
       @participant_name, @participant_email, @participant_json, @screener_json, @screener_approved, @fingerprint, 'complete', @turn_count, @now, @now)
     ON CONFLICT(id) DO UPDATE SET status = excluded.status, completed_at = excluded.completed_at, duration_minutes = excluded.duration_minutes,
       video_url = excluded.video_url, video_url_expires_at = excluded.video_url_expires_at, thumbnail_url = excluded.thumbnail_url,
       participant_name = excluded.participant_name, participant_email = excluded.participant_email, participant_json = excluded.participant_json,
       screener_json = excluded.screener_json, screener_approved = excluded.screener_approved, fingerprint = excluded.fingerprint,
       detail_state = 'complete', turn_count = excluded.turn_count, listed_at = excluded.listed_at, detail_synced_at = excluded.detail_synced_at`,
  );
  const delTurns = stmt(db, 'DELETE FROM transcript_turns WHERE interview_id = ?');
  const turnCount = page.records.reduce((n, r) => n + r.turn_count, 0);
  if (page.turns.length !== turnCount * TURN_CELLS) {
    throw new Error(`a page's turns do not match its records (${page.turns.length} cells for ${turnCount} turns), so none of it was written. Sync again.`);
  }
  const out: PageWrite = { changed: [], newlyComplete: [] };
  db.transaction(() => {
    for (const r of page.records) {
      const before = get.get(r.id) as { status: string } | undefined;
      upsert.run({ ...r, project_id: page.projectId, now: page.now });
      if (before) delTurns.run(r.id);
      out.changed.push(r.id);
      if (r.status === 'COMPLETE' && before?.status !== 'COMPLETE') out.newlyComplete.push(r.id);
    }
    insertTurns(db, page.turns);
  })();
  return out;
}

/** Rows per turn INSERT: 448 parameters, well within SQLite's limit of 32,766. */
const TURN_ROWS_MAX = 64;

/**
 * A page's turns in multi-row INSERTs of 64 rows, then of 32, 16, … 1 for the rest, so at most seven
 * statements are ever prepared. One INSERT per turn cost more in statement overhead; a JSON text read
 * with json_each cost more in JSON functions than the writes themselves.
 */
function insertTurns(db: CacheDb, cells: readonly TurnCell[]): void {
  const rows = cells.length / TURN_CELLS;
  if (rows === 0) return;
  // New turns take the ids after the highest one (no AUTOINCREMENT), read before they are written.
  const highest = stmt(db, 'SELECT coalesce(max(id), 0) FROM transcript_turns').pluck().get() as number;
  let at = 0;
  for (let size = TURN_ROWS_MAX; size >= 1; size /= 2) {
    if (rows - at < size) continue;
    const ins = stmt(
      db,
      `INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms, end_ms, time_known) VALUES ${Array(size).fill('(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    );
    while (rows - at >= size) {
      ins.run(cells.slice(at * TURN_CELLS, (at + size) * TURN_CELLS));
      at += size;
    }
  }
  indexReusedTurnIds(db, highest);
}

/**
 * What the insert trigger did before migration 0023: turns written at ids the search index has already passed
 * (reused after the highest turns were deleted) go into the index and mark their interview's questions stale,
 * as the idle indexer would have done for them. Every other new turn waits for the indexer as before.
 */
function indexReusedTurnIds(db: CacheDb, highestBefore: number): void {
  const mark = stmt(db, "SELECT indexed_upto FROM search_backlog WHERE name = 'turns'").pluck().get() as number;
  if (highestBefore >= mark) return;
  stmt(db, 'INSERT INTO turns_fts(rowid, text) SELECT id, text FROM transcript_turns WHERE id > ? AND id <= ?').run(highestBefore, mark);
  stmt(db, 'INSERT OR IGNORE INTO questions_stale (interview_id) SELECT DISTINCT interview_id FROM transcript_turns WHERE id > ? AND id <= ?').run(
    highestBefore,
    mark,
  );
}

function rowParams(projectId: string, i: InterviewRecord, fp: string, now: string) {
  return {
    id: i.id,
    project_id: projectId,
    status: i.status,
    completed_at: i.completed_at,
    duration_minutes: i.duration_minutes,
    video_url: i.video_url,
    video_url_expires_at: i.video_url_expires_at,
    thumbnail_url: i.thumbnail_url,
    participant_name: i.participant?.name ?? null,
    participant_email: i.participant?.email ?? null,
    participant_json: JSON.stringify(i.participant),
    fingerprint: fp,
    now,
  };
}

export function pendingDetailIds(db: CacheDb, args: { projectId: string }): string[] {
  return (
    stmt(db, "SELECT id FROM interviews WHERE project_id = ? AND detail_state = 'pending' ORDER BY completed_at DESC").all(args.projectId) as { id: string }[]
  ).map((r) => r.id);
}

export function countInterviews(db: CacheDb, args: { projectId?: string }): number {
  return args.projectId
    ? (stmt(db, 'SELECT COUNT(*) AS n FROM interviews WHERE project_id = ?').get(args.projectId) as { n: number }).n
    : (stmt(db, 'SELECT COUNT(*) AS n FROM interviews').get() as { n: number }).n;
}

/** Records not yet COMPLETE: they sit at the end of the service's listing and may still change. */
export function countNotComplete(db: CacheDb, args: { projectId: string }): number {
  return (stmt(db, "SELECT COUNT(*) AS n FROM interviews WHERE project_id = ? AND status <> 'COMPLETE'").get(args.projectId) as { n: number }).n;
}

/** Unfinished records that carry a completed_at: a service may sort them among finished ones (see the cheap re-sync). */
export function countOpenWithTime(db: CacheDb, args: { projectId: string }): number {
  return (
    stmt(db, "SELECT COUNT(*) AS n FROM interviews WHERE project_id = ? AND status <> 'COMPLETE' AND completed_at IS NOT NULL").get(args.projectId) as {
      n: number;
    }
  ).n;
}

export function interviewIds(db: CacheDb, args: { projectId?: string }): string[] {
  const rows = args.projectId
    ? stmt(db, 'SELECT id FROM interviews WHERE project_id = ? ORDER BY id').all(args.projectId)
    : stmt(db, 'SELECT id FROM interviews ORDER BY id').all();
  return (rows as { id: string }[]).map((r) => r.id);
}

export type InterviewFilter = { projectId: string; status?: string; screener?: 'passed' | 'failed' | 'none'; text?: string; limit?: number; offset?: number };

/** The WHERE clause and parameters of the Interviews list's filters, and its order: shared by the list and its neighbours. */
function listFilter(f: InterviewFilter) {
  const where = ['project_id = @projectId'];
  if (f.status) where.push('status = @status');
  if (f.screener === 'passed') where.push('screener_approved = 1');
  if (f.screener === 'failed') where.push('screener_approved = 0');
  if (f.screener === 'none') where.push('screener_approved IS NULL');
  if (f.text) where.push("(participant_name LIKE @like ESCAPE '\\' OR participant_email LIKE @like ESCAPE '\\')");
  const params = {
    projectId: f.projectId,
    status: f.status ?? null,
    like: `%${(f.text ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
  };
  return { sql: `FROM interviews WHERE ${where.join(' AND ')}`, params, order: 'completed_at IS NULL, completed_at DESC, id' };
}

export function listInterviews(db: CacheDb, f: InterviewFilter): { items: InterviewSummary[]; total: number } {
  const { sql, params, order } = listFilter(f);
  const total = (db.prepare(`SELECT COUNT(*) AS n ${sql}`).get(params) as { n: number }).n;
  const rows = db
    .prepare(`SELECT *, ${CODE_N} ${sql} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: f.limit ?? 10_000, offset: f.offset ?? 0 }) as Row[];
  return { items: rows.map(summary), total };
}

export function interviewNeighbours(db: CacheDb, f: InterviewFilter & { id: string }): InterviewNeighbours {
  const { sql, params, order } = listFilter(f);
  const ranked = `WITH ranked AS (SELECT id, participant_name, ${CODE_N}, ROW_NUMBER() OVER (ORDER BY ${order}) AS n ${sql})`;
  const total = (db.prepare(`SELECT COUNT(*) AS n ${sql}`).get(params) as { n: number }).n;
  const at = db.prepare(`${ranked} SELECT n FROM ranked WHERE id = @id`).get({ ...params, id: f.id }) as { n: number } | undefined;
  if (!at) return { position: null, total, previous: null, next: null };
  const near = db
    .prepare(`${ranked} SELECT id, participant_name, code_n, n FROM ranked WHERE n IN (@before, @after)`)
    .all({ ...params, before: at.n - 1, after: at.n + 1 }) as (Omit<NeighbourRef, 'code'> & { code_n: number | null; n: number })[];
  const ref = (n: number): NeighbourRef | null => {
    const r = near.find((x) => x.n === n);
    return r ? { id: r.id, participant_name: r.participant_name, code: r.code_n === null ? '' : participantCode(r.code_n) } : null;
  };
  return { position: at.n, total, previous: ref(at.n - 1), next: ref(at.n + 1) };
}

/** A turn's start as stored, or NULL when the service sent no readable time (migration 0009). */
export const TURN_START = 'CASE WHEN time_known = 1 THEN start_ms END';

export function getInterview(db: CacheDb, args: { id: string }): CachedInterview | null {
  const r = stmt(db, `SELECT *, ${CODE_N} FROM interviews WHERE id = ?`).get(args.id) as Row | undefined;
  if (!r) return null;
  const transcript = stmt(
    db,
    `SELECT idx AS "index", role, text, ${TURN_START} AS start_ms, end_ms FROM transcript_turns WHERE interview_id = ? ORDER BY idx`,
  ).all(args.id) as TranscriptTurn[];
  return {
    ...summary(r),
    video_url: r.video_url,
    video_url_expires_at: r.video_url_expires_at,
    thumbnail_url: r.thumbnail_url,
    participant: JSON.parse(r.participant_json) as Participant | null,
    screener: r.screener_json ? (JSON.parse(r.screener_json) as Screener) : null,
    transcript,
  };
}

/** A signed link only while it is valid; an expired one is never handed out. */
export function liveVideoUrl(db: CacheDb, args: { id: string; nowMs: number; marginMs?: number }): string | null {
  const r = stmt(db, 'SELECT video_url, video_url_expires_at FROM interviews WHERE id = ?').get(args.id) as
    { video_url: string | null; video_url_expires_at: string | null } | undefined;
  if (!r?.video_url || !r.video_url_expires_at) return null;
  const expires = Date.parse(r.video_url_expires_at);
  return Number.isFinite(expires) && expires - (args.marginMs ?? 60_000) > args.nowMs ? r.video_url : null;
}

export function updateVideoLink(db: CacheDb, args: { id: string; url: string | null; expiresAt: string | null }): void {
  stmt(db, 'UPDATE interviews SET video_url = ?, video_url_expires_at = ? WHERE id = ?').run(args.url, args.expiresAt, args.id);
}
