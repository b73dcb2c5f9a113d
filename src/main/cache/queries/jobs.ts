import type { CacheDb } from '../open';
import { stmt } from './stmt';

export type SyncState = { scope: string; last_started_at: string | null; last_completed_at: string | null; last_error: string | null };

export function syncStarted(db: CacheDb, args: { scope: string; now: string }): void {
  stmt(db, 'INSERT INTO sync_state (scope, last_started_at) VALUES (?, ?) ON CONFLICT(scope) DO UPDATE SET last_started_at = excluded.last_started_at').run(
    args.scope,
    args.now,
  );
}

export function syncFinished(db: CacheDb, args: { scope: string; now: string; error: string | null }): void {
  if (args.error === null) stmt(db, 'UPDATE sync_state SET last_completed_at = ?, last_error = NULL WHERE scope = ?').run(args.now, args.scope);
  else stmt(db, 'UPDATE sync_state SET last_error = ? WHERE scope = ?').run(args.error, args.scope);
}

export function getSyncState(db: CacheDb, args: { scope: string }): SyncState | null {
  return (stmt(db, 'SELECT * FROM sync_state WHERE scope = ?').get(args.scope) as SyncState | undefined) ?? null;
}

export type ReportPoll = {
  project_id: string;
  report_id: string | null;
  started_at: string;
  deadline_at: string;
  next_poll_at: string;
  attempts: number;
  state: 'polling' | 'completed' | 'failed' | 'timed_out';
  last_error: string | null;
};

export function savePoll(db: CacheDb, args: { poll: ReportPoll }): void {
  stmt(
    db,
    `INSERT OR REPLACE INTO report_polls (project_id, report_id, started_at, deadline_at, next_poll_at, attempts, state, last_error)
     VALUES (@project_id, @report_id, @started_at, @deadline_at, @next_poll_at, @attempts, @state, @last_error)`,
  ).run(args.poll);
}

export function getPoll(db: CacheDb, args: { projectId: string }): ReportPoll | null {
  return (stmt(db, 'SELECT * FROM report_polls WHERE project_id = ?').get(args.projectId) as ReportPoll | undefined) ?? null;
}

export function activePolls(db: CacheDb): ReportPoll[] {
  return stmt(db, "SELECT * FROM report_polls WHERE state = 'polling' ORDER BY next_poll_at").all() as ReportPoll[];
}

export type VideoFile = {
  interview_id: string;
  project_id: string;
  file: string;
  content_type: string | null;
  bytes_total: number | null;
  bytes_done: number;
  state: 'partial' | 'complete';
  updated_at: string;
};

export function saveVideo(db: CacheDb, args: { video: VideoFile }): void {
  stmt(
    db,
    `INSERT OR REPLACE INTO videos (interview_id, project_id, file, content_type, bytes_total, bytes_done, state, updated_at)
     VALUES (@interview_id, @project_id, @file, @content_type, @bytes_total, @bytes_done, @state, @updated_at)`,
  ).run(args.video);
}

export function getVideo(db: CacheDb, args: { interviewId: string }): VideoFile | null {
  return (stmt(db, 'SELECT * FROM videos WHERE interview_id = ?').get(args.interviewId) as VideoFile | undefined) ?? null;
}

export function listVideos(db: CacheDb, args: { projectId?: string }): VideoFile[] {
  return (args.projectId ? stmt(db, 'SELECT * FROM videos WHERE project_id = ?').all(args.projectId) : stmt(db, 'SELECT * FROM videos').all()) as VideoFile[];
}

export function deleteVideo(db: CacheDb, args: { interviewId: string }): void {
  stmt(db, 'DELETE FROM videos WHERE interview_id = ?').run(args.interviewId);
}

export function videoBytesUsed(db: CacheDb): number {
  return (stmt(db, 'SELECT COALESCE(SUM(bytes_done), 0) AS n FROM videos').get() as { n: number }).n;
}
