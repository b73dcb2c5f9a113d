import { randomUUID } from 'node:crypto';
import type { PlacedTurnRange, TurnRange } from '../../../shared/analysis/turn-range';
import { participantCode } from '../../../shared/participant-code';
import { withFullSync, type CacheDb } from '../open';
import { stmt } from './stmt';
import { TURN_START } from './interviews';

/**
 * Reads and writes for analyses over coded segments: the turns agreement compares (and the AI report's
 * codings are placed on), and replacing one coder's codings of some codes at once.
 */

export type CodingTurn = { index: number; role: string; text: string; start_ms: number | null };
export type CodingTranscript = { interview_id: string; participant_name: string | null; turns: CodingTurn[] };

/** The cached transcripts of these interviews of the study, turns in order; interviews not cached are left out. */
export function transcripts(db: CacheDb, args: { projectId: string; interviewIds: string[] }): CodingTranscript[] {
  if (args.interviewIds.length === 0) return [];
  const interviews = db
    .prepare(
      `SELECT id, participant_name FROM interviews WHERE project_id = ? AND id IN (SELECT value FROM json_each(?))
       ORDER BY completed_at, id`,
    )
    .all(args.projectId, JSON.stringify(args.interviewIds)) as { id: string; participant_name: string | null }[];
  const turns = stmt(db, `SELECT idx AS "index", role, text, ${TURN_START} AS start_ms FROM transcript_turns WHERE interview_id = ? ORDER BY idx`);
  return interviews.map((i) => ({ interview_id: i.id, participant_name: i.participant_name, turns: turns.all(i.id) as CodingTurn[] }));
}

/** One segment to code with one code. Offsets as highlights keep them: within each turn's text, the end exclusive. */
export type NewCoding = PlacedTurnRange & { interview_id: string; code_id: string };

/**
 * Replaces `coder`'s codings of these codes in the study by `codings`, in one transaction: segments of that
 * coder carrying any of the codes lose them (and go once they carry none), then the new ones are written.
 * Running it twice with the same codings leaves the same segments, so a repeated action never duplicates.
 */
export function replaceCoderCodings(
  db: CacheDb,
  args: { projectId: string; coder: string; codeIds: string[]; codings: NewCoding[]; now: string },
): { removed: number; added: number } {
  return withFullSync(db, () => {
    const codes = JSON.stringify(args.codeIds);
    const touched = db
      .prepare(
        `SELECT DISTINCT h.id, h.interview_id, h.start_turn, h.start_offset, h.end_turn, h.end_offset
         FROM highlights h JOIN highlight_codes hc ON hc.highlight_id = h.id
         WHERE h.project_id = ? AND h.coder = ? AND hc.code_id IN (SELECT value FROM json_each(?))`,
      )
      .all(args.projectId, args.coder, codes) as (SegmentKey & { id: string })[];
    const unlink = db.prepare('DELETE FROM highlight_codes WHERE highlight_id = ? AND code_id IN (SELECT value FROM json_each(?))');
    let removed = 0;
    for (const h of touched) removed += unlink.run(h.id, codes).changes;
    // A segment coded again on the same words keeps its id, so what points at it (a reel's clip) stays. Each id
    // is taken once: codings are written as they were, one segment each, however many share the words.
    const reusable = new Map<string, string[]>();
    for (const h of touched) reusable.set(segmentKey(h), [...(reusable.get(segmentKey(h)) ?? []), h.id]);
    const insert = stmt(
      db,
      `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, coder, created_at, updated_at)
       VALUES (@id, @project_id, @interview_id, @start_turn, @start_offset, @end_turn, @end_offset, @start_ms, @quote, '', @coder, @now, @now)`,
    );
    const refresh = stmt(db, 'UPDATE highlights SET start_ms = @start_ms, quote = @quote, updated_at = @now WHERE id = @id');
    const link = stmt(db, 'INSERT OR IGNORE INTO highlight_codes (highlight_id, code_id) VALUES (?, ?)');
    for (const c of args.codings) {
      const { code_id, ...segment } = c;
      const kept = reusable.get(segmentKey(segment))?.shift();
      const id = kept ?? randomUUID();
      if (kept) refresh.run({ id, start_ms: segment.start_ms, quote: segment.quote, now: args.now });
      else insert.run({ ...segment, id, project_id: args.projectId, coder: args.coder, now: args.now });
      link.run(id, code_id);
    }
    // Segments left with no code go.
    const orphan = stmt(db, 'DELETE FROM highlights WHERE id = ? AND NOT EXISTS (SELECT 1 FROM highlight_codes WHERE highlight_id = ?)');
    for (const h of touched) orphan.run(h.id, h.id);
    return { removed, added: args.codings.length };
  });
}

type SegmentKey = TurnRange & { interview_id: string };
const segmentKey = (s: SegmentKey) => `${s.interview_id}\u0000${s.start_turn}:${s.start_offset}-${s.end_turn}:${s.end_offset}`;

/** One code applied by one coder to a passage, flat, for comparing coders. Offsets as highlights keep them. */
/** `code_id` is what a coding belongs to; `code` is its name, for messages. */
export type CodedSegment = TurnRange & { interview_id: string; coder: string | null; code_id: string; code: string };

/** Every coding of the study by these coders (null: the researcher), one row per segment and code. */
export function codedSegments(db: CacheDb, args: { projectId: string; coders: (string | null)[] }): CodedSegment[] {
  const named = args.coders.filter((c): c is string => c !== null);
  return db
    .prepare(
      `SELECT h.interview_id, h.coder, h.start_turn, h.start_offset, h.end_turn, h.end_offset, hc.code_id, c.name AS code
       FROM highlights h JOIN highlight_codes hc ON hc.highlight_id = h.id JOIN codes c ON c.id = hc.code_id
       WHERE h.project_id = ? AND ((h.coder IS NULL AND ?) OR h.coder IN (SELECT value FROM json_each(?)))`,
    )
    .all(args.projectId, args.coders.includes(null) ? 1 : 0, JSON.stringify(named)) as CodedSegment[];
}

/**
 * Per interview of the study (of these ids), its turns' service indexes and text lengths in UTF-16 code units
 * (as highlight offsets count), in order. Measured here, in the cache's thread, so the texts never cross to the
 * caller: comparing coders needs only where turns end.
 */
export function turnLengths(
  db: CacheDb,
  args: { projectId: string; interviewIds: string[] },
): { interview_id: string; participant_name: string | null; code: string; indexes: number[]; lengths: number[] }[] {
  if (args.interviewIds.length === 0) return [];
  const interviews = db
    .prepare(
      `SELECT id, participant_name, (SELECT n FROM participant_codes c WHERE c.interview_id = interviews.id) AS code_n
       FROM interviews WHERE project_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY completed_at, id`,
    )
    .all(args.projectId, JSON.stringify(args.interviewIds)) as { id: string; participant_name: string | null; code_n: number | null }[];
  const turns = stmt(db, 'SELECT idx, text FROM transcript_turns WHERE interview_id = ? ORDER BY idx');
  return interviews.map((i) => {
    const rows = turns.all(i.id) as { idx: number; text: string }[];
    return {
      interview_id: i.id,
      participant_name: i.participant_name,
      // Named as the Interviews list names it, "Name (P07)" (participantLabel); '' until given.
      code: i.code_n === null ? '' : participantCode(i.code_n),
      indexes: rows.map((r) => r.idx),
      lengths: rows.map((r) => r.text.length),
    };
  });
}

/** These turns (interview and service index), with their role, text and start; turns not cached are left out. */
export function turnsAt(db: CacheDb, args: { turns: { interview_id: string; index: number }[] }): (CodingTurn & { interview_id: string })[] {
  if (args.turns.length === 0) return [];
  return db
    .prepare(
      `SELECT t.interview_id, t.idx AS "index", t.role, t.text, ${TURN_START} AS start_ms
       FROM json_each(?) j JOIN transcript_turns t ON t.interview_id = j.value ->> 0 AND t.idx = j.value ->> 1`,
    )
    .all(JSON.stringify(args.turns.map((t) => [t.interview_id, t.index]))) as (CodingTurn & { interview_id: string })[];
}
