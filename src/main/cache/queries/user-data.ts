import { randomUUID } from 'node:crypto';
import type { PlacedTurnRange } from '../../../shared/analysis/turn-range';
import type { CodeChoice, HighlightView } from '../../../shared/ipc/channels/highlights';
import { participantCode } from '../../../shared/participant-code';
import { AppError } from '../../errors';
import { withFullSync, type CacheDb } from '../open';
import { ensureCodes } from './codes';
import { stmt } from './stmt';

/** Researcher-authored data. Every write goes through withFullSync: this is the one thing sync cannot restore. */
export type Highlight = HighlightView;

export type NewHighlight = Omit<Highlight, 'id' | 'created_at' | 'updated_at' | 'participant_name' | 'code' | 'codes' | 'coder'> &
  Partial<CodeChoice> & { coder?: string | null };
export type HighlightRange = PlacedTurnRange;

/**
 * Link a segment to the chosen codes, replacing any it had: codebook codes by id (each must be a code, not a
 * category, of its study), and codes the researcher named that were not in the codebook they chose from
 * (created here, or the code of that name in any case if one came meanwhile).
 */
function setCodes(db: CacheDb, highlightId: string, projectId: string, choice: CodeChoice, now: string) {
  stmt(db, 'DELETE FROM highlight_codes WHERE highlight_id = ?').run(highlightId);
  const link = stmt(db, 'INSERT OR IGNORE INTO highlight_codes (highlight_id, code_id) VALUES (?, ?)');
  const byId = stmt(db, 'SELECT id, project_id, name, is_category FROM codes WHERE id = ?');
  for (const id of choice.code_ids) {
    const c = byId.get(id) as { id: string; project_id: string; name: string; is_category: 0 | 1 } | undefined;
    if (!c || c.project_id !== projectId)
      throw new AppError('not_found', 'A code you chose is no longer in this study’s codebook (it was deleted or merged). Choose the codes again.');
    if (c.is_category) throw new AppError('invalid_input', `"${c.name}" is a category: apply one of its codes instead.`);
    link.run(highlightId, c.id);
  }
  for (const c of ensureCodes(db, { projectId, names: choice.new_codes, now })) {
    if (c.is_category) throw new AppError('invalid_input', `"${c.name}" is a category: apply one of its codes instead.`);
    link.run(highlightId, c.id);
  }
}

export function addHighlight(db: CacheDb, args: { highlight: NewHighlight; now: string }): Highlight {
  const { code_ids = [], new_codes = [], coder, ...h } = args.highlight;
  const id = randomUUID();
  withFullSync(db, () => {
    stmt(
      db,
      `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, coder, created_at, updated_at)
       VALUES (@id, @project_id, @interview_id, @start_turn, @start_offset, @end_turn, @end_offset, @start_ms, @quote, @note, @coder, @now, @now)`,
    ).run({ ...h, id, coder: coder ?? null, now: args.now });
    setCodes(db, id, h.project_id, { code_ids, new_codes }, args.now);
  });
  // Read back, so the answer carries what a list would (the participant's name from the cache).
  return listHighlights(db, { id })[0]!;
}

export function updateHighlight(db: CacheDb, args: { id: string; note?: string; codes?: CodeChoice; range?: HighlightRange; now: string }): Highlight | null {
  const row = stmt(db, 'SELECT project_id FROM highlights WHERE id = ?').get(args.id) as { project_id: string } | undefined;
  if (!row) return null;
  withFullSync(db, () => {
    if (args.note !== undefined) stmt(db, 'UPDATE highlights SET note = ? WHERE id = ?').run(args.note, args.id);
    if (args.codes !== undefined) setCodes(db, args.id, row.project_id, args.codes, args.now);
    if (args.range)
      stmt(
        db,
        `UPDATE highlights SET start_turn = @start_turn, start_offset = @start_offset, end_turn = @end_turn, end_offset = @end_offset,
           start_ms = @start_ms, quote = @quote WHERE id = @id`,
      ).run({ ...args.range, id: args.id });
    stmt(db, 'UPDATE highlights SET updated_at = ? WHERE id = ?').run(args.now, args.id);
  });
  return listHighlights(db, { id: args.id })[0] ?? null;
}

export function deleteHighlight(db: CacheDb, args: { id: string }): boolean {
  return withFullSync(db, () => stmt(db, 'DELETE FROM highlights WHERE id = ?').run(args.id).changes > 0);
}

/** `coder`: a name for that coder's segments, null for the researcher's own; left out for everyone's. */
export function listHighlights(
  db: CacheDb,
  args: { id?: string; interviewId?: string; projectId?: string; codeId?: string; coder?: string | null },
): Highlight[] {
  const where: string[] = [];
  if (args.id) where.push('h.id = @id');
  if (args.interviewId) where.push('h.interview_id = @interviewId');
  if (args.projectId) where.push('h.project_id = @projectId');
  if (args.codeId) where.push('h.id IN (SELECT highlight_id FROM highlight_codes WHERE code_id = @codeId)');
  if (args.coder !== undefined) where.push(args.coder === null ? 'h.coder IS NULL' : 'h.coder = @coder');
  const rows = db
    .prepare(
      `SELECT h.*, i.participant_name AS participant_name, (SELECT n FROM participant_codes pc WHERE pc.interview_id = h.interview_id) AS code_n,
         (SELECT json_group_array(json_object('id', id, 'name', name, 'color', color)) FROM
           (SELECT c.id, c.name, c.color FROM highlight_codes hc JOIN codes c ON c.id = hc.code_id WHERE hc.highlight_id = h.id ORDER BY c.name COLLATE NOCASE)) AS codes_json
       FROM highlights h LEFT JOIN interviews i ON i.id = h.interview_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY h.interview_id, h.start_turn, h.start_offset`,
    )
    .all({
      id: args.id ?? null,
      interviewId: args.interviewId ?? null,
      projectId: args.projectId ?? null,
      codeId: args.codeId ?? null,
      coder: args.coder ?? null,
    }) as (Omit<Highlight, 'codes' | 'code'> & { codes_json: string; code_n: number | null })[];
  return rows.map(({ codes_json, code_n, ...h }) => ({
    ...h,
    code: code_n === null ? '' : participantCode(code_n),
    codes: JSON.parse(codes_json) as Highlight['codes'],
  }));
}

/** The study's codes in use, by how many segments carry each (the tag suggestions of old). */
export function listTags(db: CacheDb, args: { projectId?: string }): { tag: string; count: number }[] {
  return db
    .prepare(
      `SELECT c.name AS tag, COUNT(*) AS count FROM highlight_codes hc JOIN codes c ON c.id = hc.code_id
       ${args.projectId ? 'WHERE c.project_id = ?' : ''} GROUP BY c.name COLLATE NOCASE ORDER BY count DESC, c.name COLLATE NOCASE`,
    )
    .all(...(args.projectId ? [args.projectId] : [])) as { tag: string; count: number }[];
}

/** The coders with segments in the study: null (the researcher) first if present, then the others by name. */
export function listCoders(db: CacheDb, args: { projectId: string }): { coder: string | null; segments: number }[] {
  return stmt(db, 'SELECT coder, count(*) AS segments FROM highlights WHERE project_id = ? GROUP BY coder ORDER BY coder IS NOT NULL, coder').all(
    args.projectId,
  ) as {
    coder: string | null;
    segments: number;
  }[];
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
