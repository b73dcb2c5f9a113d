import { participantCode, participantLabel } from '../../../shared/participant-code';
import { randomUUID } from 'node:crypto';
import type { ReelAddView, ReelDetailView, ReelItemView, ReelView } from '../../../shared/ipc/channels/reels';
import { AppError } from '../../errors';
import { withFullSync, type CacheDb } from '../open';
import { interviewNumbers } from './code-segments';
import { stmt } from './stmt';

/**
 * A study's reels (migration 0017): named, ordered lists of highlights the researcher picked. They are the
 * researcher's: every write goes through withFullSync, and no sync reads or writes these tables. Positions
 * order the clips; every move and removal renumbers the reel from 0 (a move is "take it out, put it in at n"), and a
 * highlight's deletion, which takes its item by cascade, leaves a gap that reads and appends step over.
 */
const SELECT = `SELECT r.id, r.project_id, r.name, r.created_at, r.updated_at,
    (SELECT count(*) FROM reel_items ri WHERE ri.reel_id = r.id) AS clips
  FROM reels r`;

export function listReels(db: CacheDb, args: { projectId: string }): ReelView[] {
  return stmt(db, `${SELECT} WHERE r.project_id = ? ORDER BY r.name COLLATE NOCASE, r.id`).all(args.projectId) as ReelView[];
}

const reelById = (db: CacheDb, id: string) => stmt(db, `${SELECT} WHERE r.id = ?`).get(id) as ReelView | undefined;

function mustGet(db: CacheDb, id: string): ReelView {
  const r = reelById(db, id);
  if (!r) throw new AppError('not_found', 'That reel is no longer in this study. Reload the reels and try again.');
  return r;
}

function checkName(db: CacheDb, projectId: string, name: string, selfId?: string) {
  const other = stmt(db, 'SELECT id FROM reels WHERE project_id = ? AND name = ? COLLATE NOCASE').get(projectId, name) as { id: string } | undefined;
  if (other && other.id !== selfId) throw new AppError('conflict', `A reel named "${name}" is already in this study. Pick another name.`);
}

export function createReel(db: CacheDb, args: { projectId: string; name: string; now: string }): ReelView {
  const name = args.name.trim();
  checkName(db, args.projectId, name);
  const id = randomUUID();
  withFullSync(db, () =>
    stmt(db, 'INSERT INTO reels (id, project_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, args.projectId, name, args.now, args.now),
  );
  return mustGet(db, id);
}

export function renameReel(db: CacheDb, args: { id: string; name: string; now: string }): ReelView {
  const r = mustGet(db, args.id);
  const name = args.name.trim();
  checkName(db, r.project_id, name, r.id);
  withFullSync(db, () => stmt(db, 'UPDATE reels SET name = ?, updated_at = ? WHERE id = ?').run(name, args.now, r.id));
  return mustGet(db, r.id);
}

/** The reel goes with its items; the highlights stay. */
export function deleteReel(db: CacheDb, args: { id: string }): { deleted: boolean } {
  return { deleted: withFullSync(db, () => stmt(db, 'DELETE FROM reels WHERE id = ?').run(args.id).changes > 0) };
}

const itemIds = (db: CacheDb, reelId: string) =>
  stmt(db, 'SELECT highlight_id FROM reel_items WHERE reel_id = ? ORDER BY position, highlight_id').pluck().all(reelId) as string[];

/** Writes the reel's order as given, from 0. Inside a write transaction. */
function renumber(db: CacheDb, reelId: string, ids: string[], now: string) {
  const set = stmt(db, 'UPDATE reel_items SET position = ? WHERE reel_id = ? AND highlight_id = ?');
  ids.forEach((h, i) => set.run(i, reelId, h));
  stmt(db, 'UPDATE reels SET updated_at = ? WHERE id = ?').run(now, reelId);
}

/**
 * Highlights appended in the order given. One already in the reel, or repeated in the list, is left where
 * it is and reported as a duplicate; one not in the reel's study (or deleted meanwhile) is reported missing.
 */
export function addReelItems(db: CacheDb, args: { id: string; highlightIds: string[]; now: string }): ReelAddView {
  const r = mustGet(db, args.id);
  const inStudy = stmt(db, 'SELECT 1 FROM highlights WHERE id = ? AND project_id = ?').pluck();
  return withFullSync(db, () => {
    const have = new Set(itemIds(db, r.id));
    // After the last: a deleted highlight's item leaves a gap that only the next renumbering closes.
    let next = stmt(db, 'SELECT coalesce(max(position) + 1, 0) FROM reel_items WHERE reel_id = ?').pluck().get(r.id) as number;
    const out: ReelAddView = { added: [], duplicates: [], missing: [], clips: 0 };
    const insert = stmt(db, 'INSERT INTO reel_items (reel_id, highlight_id, position) VALUES (?, ?, ?)');
    for (const h of args.highlightIds) {
      if (have.has(h)) out.duplicates.push(h);
      else if (!inStudy.get(h, r.project_id)) out.missing.push(h);
      else {
        insert.run(r.id, h, next++);
        have.add(h);
        out.added.push(h);
      }
    }
    if (out.added.length) stmt(db, 'UPDATE reels SET updated_at = ? WHERE id = ?').run(args.now, r.id);
    out.clips = have.size;
    return out;
  });
}

export function removeReelItem(db: CacheDb, args: { id: string; highlightId: string; now: string }): { removed: boolean } {
  const r = mustGet(db, args.id);
  return withFullSync(db, () => {
    const removed = stmt(db, 'DELETE FROM reel_items WHERE reel_id = ? AND highlight_id = ?').run(r.id, args.highlightId).changes > 0;
    if (removed) renumber(db, r.id, itemIds(db, r.id), args.now);
    return { removed };
  });
}

/** The clip to `position` (from 0; past the end: last), the others closing up around it. */
export function moveReelItem(db: CacheDb, args: { id: string; highlightId: string; position: number; now: string }): ReelDetailView {
  const r = mustGet(db, args.id);
  withFullSync(db, () => {
    const ids = itemIds(db, r.id);
    const from = ids.indexOf(args.highlightId);
    if (from < 0) throw new AppError('not_found', 'That clip is no longer in the reel (its highlight may have been deleted). Reload the reel.');
    ids.splice(from, 1);
    ids.splice(Math.min(Math.max(0, args.position), ids.length), 0, args.highlightId);
    renumber(db, r.id, ids, args.now);
  });
  return getReel(db, { id: r.id })!;
}

type ItemRow = {
  highlight_id: string;
  interview_id: string;
  participant_name: string | null;
  quote: string;
  start_ms: number | null;
  end_ms: number | null;
  codes_json: string;
};

/** The reel with its clips in order, each labelled as everywhere else: "Ana Souza (P07)", or the code "P07" without a name. */
export function getReel(db: CacheDb, args: { id: string }): ReelDetailView | null {
  const reel = reelById(db, args.id);
  if (!reel) return null;
  const numbers = interviewNumbers(db, { projectId: reel.project_id });
  const rows = stmt(
    db,
    `SELECT ri.highlight_id, h.interview_id, i.participant_name, h.quote, h.start_ms,
       (SELECT CASE WHEN t.time_known = 1 THEN t.end_ms END FROM transcript_turns t WHERE t.interview_id = h.interview_id AND t.idx = h.end_turn) AS end_ms,
       (SELECT json_group_array(json_object('id', id, 'name', name, 'color', color)) FROM
         (SELECT c.id, c.name, c.color FROM highlight_codes hc JOIN codes c ON c.id = hc.code_id WHERE hc.highlight_id = h.id ORDER BY c.name COLLATE NOCASE)) AS codes_json
     FROM reel_items ri JOIN highlights h ON h.id = ri.highlight_id LEFT JOIN interviews i ON i.id = h.interview_id
     WHERE ri.reel_id = ? ORDER BY ri.position, ri.highlight_id`,
  ).all(reel.id) as ItemRow[];
  let total = 0;
  let untimed = 0;
  // Positions as read, from 0: a deleted highlight's item leaves a gap in the stored ones until the next change.
  const items = rows.map((r, position): ReelItemView => {
    const n = numbers.get(r.interview_id) ?? 0;
    const span = r.start_ms !== null && r.end_ms !== null && r.end_ms > r.start_ms ? r.end_ms - r.start_ms : null;
    if (span === null) untimed += 1;
    else total += span;
    return {
      highlight_id: r.highlight_id,
      position,
      interview_id: r.interview_id,
      interview_n: n,
      participant: n > 0 ? participantLabel(participantCode(n), r.participant_name) : 'Interview no longer saved',
      text: r.quote,
      codes: JSON.parse(r.codes_json) as ReelItemView['codes'],
      start_ms: r.start_ms,
      end_ms: span === null ? null : r.end_ms,
    };
  });
  return { reel, items, total_ms: total, untimed };
}
