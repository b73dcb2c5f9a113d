import { randomUUID } from 'node:crypto';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import { withFullSync, type CacheDb } from '../open';
import { stmt } from './stmt';

/** Researcher-authored data. Every write goes through withFullSync: this is the one thing sync cannot restore. */
export type Highlight = HighlightView;

export type NewHighlight = Omit<Highlight, 'id' | 'created_at' | 'updated_at' | 'participant_name'>;

const cleanTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

export function addHighlight(db: CacheDb, args: { highlight: NewHighlight; now: string }): Highlight {
  const h = { ...args.highlight, tags: cleanTags(args.highlight.tags), id: randomUUID(), created_at: args.now, updated_at: args.now };
  withFullSync(db, () => {
    stmt(
      db,
      `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, created_at, updated_at)
       VALUES (@id, @project_id, @interview_id, @start_turn, @start_offset, @end_turn, @end_offset, @start_ms, @quote, @note, @created_at, @updated_at)`,
    ).run({ ...h, tags: undefined });
    const tag = stmt(db, 'INSERT INTO highlight_tags (highlight_id, tag) VALUES (?, ?)');
    for (const t of h.tags) tag.run(h.id, t);
  });
  // Read back, so the answer carries what a list would (the participant's name from the cache).
  return listHighlights(db, { id: h.id })[0]!;
}

export function updateHighlight(db: CacheDb, args: { id: string; note?: string; tags?: string[]; now: string }): Highlight | null {
  if (!stmt(db, 'SELECT 1 FROM highlights WHERE id = ?').get(args.id)) return null;
  withFullSync(db, () => {
    if (args.note !== undefined) stmt(db, 'UPDATE highlights SET note = ?, updated_at = ? WHERE id = ?').run(args.note, args.now, args.id);
    if (args.tags !== undefined) {
      stmt(db, 'DELETE FROM highlight_tags WHERE highlight_id = ?').run(args.id);
      const tag = stmt(db, 'INSERT INTO highlight_tags (highlight_id, tag) VALUES (?, ?)');
      for (const t of cleanTags(args.tags)) tag.run(args.id, t);
      stmt(db, 'UPDATE highlights SET updated_at = ? WHERE id = ?').run(args.now, args.id);
    }
  });
  return listHighlights(db, { id: args.id })[0] ?? null;
}

export function deleteHighlight(db: CacheDb, args: { id: string }): boolean {
  return withFullSync(db, () => stmt(db, 'DELETE FROM highlights WHERE id = ?').run(args.id).changes > 0);
}

export function listHighlights(db: CacheDb, args: { id?: string; interviewId?: string; projectId?: string; tag?: string }): Highlight[] {
  const where: string[] = [];
  if (args.id) where.push('h.id = @id');
  if (args.interviewId) where.push('h.interview_id = @interviewId');
  if (args.projectId) where.push('h.project_id = @projectId');
  if (args.tag) where.push('h.id IN (SELECT highlight_id FROM highlight_tags WHERE tag = @tag)');
  const rows = db
    .prepare(
      `SELECT h.*, i.participant_name AS participant_name,
         (SELECT json_group_array(tag) FROM (SELECT tag FROM highlight_tags WHERE highlight_id = h.id ORDER BY tag)) AS tags_json
       FROM highlights h LEFT JOIN interviews i ON i.id = h.interview_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY h.interview_id, h.start_turn, h.start_offset`,
    )
    .all({ id: args.id ?? null, interviewId: args.interviewId ?? null, projectId: args.projectId ?? null, tag: args.tag ?? null }) as (Omit<
    Highlight,
    'tags'
  > & { tags_json: string })[];
  return rows.map(({ tags_json, ...h }) => ({ ...h, tags: JSON.parse(tags_json) as string[] }));
}

export function listTags(db: CacheDb, args: { projectId?: string }): { tag: string; count: number }[] {
  return db
    .prepare(
      `SELECT t.tag, COUNT(*) AS count FROM highlight_tags t JOIN highlights h ON h.id = t.highlight_id
       ${args.projectId ? 'WHERE h.project_id = ?' : ''} GROUP BY t.tag ORDER BY count DESC, t.tag`,
    )
    .all(...(args.projectId ? [args.projectId] : [])) as { tag: string; count: number }[];
}

export type Note = { id: string; project_id: string; interview_id: string | null; body: string; created_at: string; updated_at: string };

export function addNote(db: CacheDb, args: { projectId: string; interviewId?: string | null; body: string; now: string }): Note {
  const n: Note = {
    id: randomUUID(),
    project_id: args.projectId,
    interview_id: args.interviewId ?? null,
    body: args.body,
    created_at: args.now,
    updated_at: args.now,
  };
  withFullSync(db, () =>
    stmt(
      db,
      'INSERT INTO notes (id, project_id, interview_id, body, created_at, updated_at) VALUES (@id, @project_id, @interview_id, @body, @created_at, @updated_at)',
    ).run(n),
  );
  return n;
}

export function listNotes(db: CacheDb, args: { projectId: string; interviewId?: string }): Note[] {
  return (
    args.interviewId
      ? stmt(db, 'SELECT * FROM notes WHERE project_id = ? AND interview_id = ? ORDER BY created_at').all(args.projectId, args.interviewId)
      : stmt(db, 'SELECT * FROM notes WHERE project_id = ? ORDER BY created_at').all(args.projectId)
  ) as Note[];
}
