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

/** One turn as the cache stores it, flat: interview_id, idx, role, text, start_ms (0 when unknown), end_ms, time_known. */
export const TURN_CELLS = 7;
export type TurnCell = string | number | null;

/**
 * A page of full records packed for the cache: each interview as its row, and every turn of the page as
 * TURN_CELLS cells of one flat array, in the order the turn INSERT binds them. The sync packs a page on its
 * own thread, so what crosses to the cache thread is a hundred small rows and one array of strings and
 * numbers instead of thousands of turn objects to clone, and the cache thread only binds and writes. (A
 * JSON text read back with json_each cost SQLite more than the writes themselves: about two thirds of the
 * statement's instructions went to JSON functions.)
 */
export type PackedFullRecords = { projectId: string; now: string; records: FullRecordRow[]; turns: TurnCell[] };

export type FullRecordsArgs = { projectId: string; items: InterviewRecord[]; now: string };

export function packFullRecords(args: FullRecordsArgs): PackedFullRecords {
  const cells: TurnCell[] = [];
  const records = args.items.map((i): FullRecordRow => {
    const turns = i.transcript ?? [];
    // A turn without a readable time keeps start_ms 0 and time_known 0: reads answer NULL (migration 0009).
    for (const t of turns) cells.push(i.id, t.index, t.role, t.text, t.start_ms ?? 0, t.end_ms, t.start_ms === null ? 0 : 1);
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
  return { projectId: args.projectId, now: args.now, records, turns: cells };
}

export const isPacked = (a: FullRecordsArgs | PackedFullRecords): a is PackedFullRecords => Array.isArray((a as PackedFullRecords).turns);
