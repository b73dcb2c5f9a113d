import type { InterviewRecord } from '../../../shared/schemas/interview';

/** The listing fields that, when changed, mean the full record must be fetched again. */
export function fingerprint(i: Pick<InterviewRecord, 'status' | 'completed_at' | 'duration_minutes' | 'participant'>): string {
  return JSON.stringify([i.status, i.completed_at, i.duration_minutes, i.participant]);
}

/** One interview's row as the cache stores it: plain strings and numbers. */
export type FullRecordRow = {
  id: string;
  status: string;
  completed_at: string | null;
  duration_minutes: number | null;
  video_url: string | null;
  video_url_expires_at: string | null;
  thumbnail_url: string | null;
  participant_name: string | null;
  participant_email: string | null;
  participant_json: string;
  screener_json: string | null;
  screener_approved: number | null;
  fingerprint: string;
  turn_count: number;
};

/**
 * A page of full records packed for the cache: each interview as its row, and every turn of the page in
 * one JSON text of [interview_id, index, role, text, start_ms, end_ms] rows (what the turn INSERT reads).
 * The sync packs a page on its own thread, so what crosses to the cache thread is a hundred small rows
 * and one string instead of thousands of turn objects to clone, and the cache thread only writes.
 */
export type PackedFullRecords = { projectId: string; now: string; records: FullRecordRow[]; turns: string };

export type FullRecordsArgs = { projectId: string; items: InterviewRecord[]; now: string };

export function packFullRecords(args: FullRecordsArgs): PackedFullRecords {
  const rows: unknown[][] = [];
  const records = args.items.map((i): FullRecordRow => {
    const turns = i.transcript ?? [];
    for (const t of turns) rows.push([i.id, t.index, t.role, t.text, t.start_ms, t.end_ms]);
    return {
      id: i.id,
      status: i.status,
      completed_at: i.completed_at,
      duration_minutes: i.duration_minutes,
      video_url: i.video_url,
      video_url_expires_at: i.video_url_expires_at,
      thumbnail_url: i.thumbnail_url,
      participant_name: i.participant?.name ?? null,
      participant_email: i.participant?.email ?? null,
      participant_json: JSON.stringify(i.participant),
      screener_json: i.screener ? JSON.stringify(i.screener) : null,
      screener_approved: i.screener?.approved === undefined || i.screener?.approved === null ? null : i.screener.approved ? 1 : 0,
      fingerprint: fingerprint(i),
      turn_count: turns.length,
    };
  });
  return { projectId: args.projectId, now: args.now, records, turns: JSON.stringify(rows) };
}

export const isPacked = (a: FullRecordsArgs | PackedFullRecords): a is PackedFullRecords => typeof (a as PackedFullRecords).turns === 'string';
