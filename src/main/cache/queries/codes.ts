import { randomUUID } from 'node:crypto';
import { nextCodeColor } from '../../../shared/analysis/codebook';
import type { CodeView } from '../../../shared/ipc/channels/codes';
import { AppError } from '../../errors';
import { withFullSync, type CacheDb } from '../open';
import { stmt } from './stmt';

/**
 * A study's codebook (migration 0015). Codes are the researcher's: every write goes through withFullSync,
 * and no sync reads or writes these tables. Names are unique per study without regard to case.
 */
type CodeRow = Omit<CodeView, 'is_category'> & { is_category: 0 | 1 };
const view = (r: CodeRow): CodeView => ({ ...r, is_category: r.is_category === 1 });

const SELECT = `SELECT c.*,
    (SELECT count(*) FROM highlight_codes hc WHERE hc.code_id = c.id) AS codings,
    (SELECT count(DISTINCT h.interview_id) FROM highlight_codes hc JOIN highlights h ON h.id = hc.highlight_id WHERE hc.code_id = c.id) AS interviews
  FROM codes c`;

export function listCodes(db: CacheDb, args: { projectId: string }): CodeView[] {
  return (stmt(db, `${SELECT} WHERE c.project_id = ? ORDER BY c.is_category DESC, c.name COLLATE NOCASE`).all(args.projectId) as CodeRow[]).map(view);
}

export function getCode(db: CacheDb, args: { id: string }): CodeView | null {
  const r = stmt(db, `${SELECT} WHERE c.id = ?`).get(args.id) as CodeRow | undefined;
  return r ? view(r) : null;
}

const mustGet = (db: CacheDb, id: string): CodeView => {
  const c = getCode(db, { id });
  if (!c) throw new AppError('not_found', 'That code is no longer in the codebook. Reload the codes and try again.');
  return c;
};

const findByName = (db: CacheDb, projectId: string, name: string) =>
  stmt(db, 'SELECT id FROM codes WHERE project_id = ? AND name = ? COLLATE NOCASE').get(projectId, name.trim()) as { id: string } | undefined;

function checkParent(db: CacheDb, projectId: string, parentId: string | null, selfId?: string) {
  if (parentId === null) return;
  const p = stmt(db, 'SELECT project_id, is_category FROM codes WHERE id = ?').get(parentId) as { project_id: string; is_category: 0 | 1 } | undefined;
  if (!p || p.project_id !== projectId) throw new AppError('invalid_input', 'That category is not in this study’s codebook.');
  if (p.is_category !== 1) throw new AppError('invalid_input', 'A code can only go under a category, not under another code.');
  if (parentId === selfId) throw new AppError('invalid_input', 'A code cannot be its own category.');
}

export type NewCode = { projectId: string; name: string; color?: string; description?: string; parentId?: string | null; isCategory?: boolean; now: string };

export function createCode(db: CacheDb, args: NewCode): CodeView {
  const name = args.name.trim();
  if (findByName(db, args.projectId, name)) throw new AppError('conflict', `A code named "${name}" is already in this study’s codebook.`);
  checkParent(db, args.projectId, args.parentId ?? null);
  if (args.isCategory && args.parentId) throw new AppError('invalid_input', 'Categories sit at the top of the codebook; one level is all there is.');
  const id = randomUUID();
  const used = (stmt(db, 'SELECT color FROM codes WHERE project_id = ?').all(args.projectId) as { color: string }[]).map((r) => r.color);
  withFullSync(db, () =>
    stmt(
      db,
      'INSERT INTO codes (id, project_id, name, color, description, parent_id, is_category, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      id,
      args.projectId,
      name,
      args.color ?? nextCodeColor(used),
      args.description ?? '',
      args.parentId ?? null,
      args.isCategory ? 1 : 0,
      args.now,
      args.now,
    ),
  );
  return mustGet(db, id);
}

/** The codes with these names (any case), created where missing: how tags typed by hand and imported codes arrive. */
export function ensureCodes(db: CacheDb, args: { projectId: string; names: string[]; now: string }): CodeView[] {
  const out: CodeView[] = [];
  const seen = new Set<string>();
  for (const raw of args.names) {
    const name = raw.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const found = findByName(db, args.projectId, name);
    out.push(found ? mustGet(db, found.id) : createCode(db, { projectId: args.projectId, name, now: args.now }));
  }
  return out;
}

export function updateCode(
  db: CacheDb,
  args: { id: string; name?: string; color?: string; description?: string; parentId?: string | null; now: string },
): CodeView {
  const c = mustGet(db, args.id);
  if (args.name !== undefined) {
    const other = findByName(db, c.project_id, args.name);
    if (other && other.id !== c.id)
      throw new AppError('conflict', `A code named "${args.name.trim()}" is already in this study’s codebook. Merge the two instead.`);
  }
  if (args.parentId !== undefined) {
    if (c.is_category && args.parentId !== null) throw new AppError('invalid_input', 'Categories sit at the top of the codebook; one level is all there is.');
    checkParent(db, c.project_id, args.parentId, c.id);
  }
  withFullSync(db, () =>
    stmt(
      db,
      `UPDATE codes SET name = coalesce(@name, name), color = coalesce(@color, color), description = coalesce(@description, description),
         parent_id = CASE WHEN @setParent = 1 THEN @parentId ELSE parent_id END, updated_at = @now WHERE id = @id`,
    ).run({
      id: c.id,
      name: args.name?.trim() ?? null,
      color: args.color ?? null,
      description: args.description ?? null,
      setParent: args.parentId !== undefined ? 1 : 0,
      parentId: args.parentId ?? null,
      now: args.now,
    }),
  );
  return mustGet(db, c.id);
}

/** `from`'s codings join `into` and `from` goes. A segment coded with both keeps one coding. */
export function mergeCodes(db: CacheDb, args: { fromId: string; intoId: string; now: string }): CodeView {
  const from = mustGet(db, args.fromId);
  const into = mustGet(db, args.intoId);
  if (from.id === into.id) throw new AppError('invalid_input', 'Pick two different codes to merge.');
  if (from.project_id !== into.project_id) throw new AppError('invalid_input', 'Codes from two studies cannot be merged.');
  if (from.is_category !== into.is_category) throw new AppError('invalid_input', 'Merge a code into a code, or a category into a category.');
  withFullSync(db, () => {
    stmt(db, 'INSERT OR IGNORE INTO highlight_codes (highlight_id, code_id) SELECT highlight_id, ? FROM highlight_codes WHERE code_id = ?').run(
      into.id,
      from.id,
    );
    stmt(db, 'UPDATE codes SET parent_id = ? WHERE parent_id = ?').run(into.id, from.id);
    if (!into.description.trim() && from.description.trim()) stmt(db, 'UPDATE codes SET description = ? WHERE id = ?').run(from.description, into.id);
    stmt(db, 'DELETE FROM codes WHERE id = ?').run(from.id);
    stmt(db, 'UPDATE codes SET updated_at = ? WHERE id = ?').run(args.now, into.id);
  });
  return mustGet(db, into.id);
}

/**
 * The code goes, with its codings. Segments by another coder (imported, or the AI report's) exist only as
 * codings, so one left with no code goes too; the researcher's own highlights stay, with their notes.
 */
export function deleteCode(db: CacheDb, args: { id: string }): { deleted_codings: number } {
  const c = mustGet(db, args.id);
  return withFullSync(db, () => {
    const orphans = (
      stmt(
        db,
        `SELECT h.id FROM highlight_codes hc JOIN highlights h ON h.id = hc.highlight_id
         WHERE hc.code_id = ? AND h.coder IS NOT NULL AND (SELECT count(*) FROM highlight_codes o WHERE o.highlight_id = h.id) = 1`,
      ).all(c.id) as { id: string }[]
    ).map((r) => r.id);
    stmt(db, 'DELETE FROM codes WHERE id = ?').run(c.id);
    const drop = stmt(db, 'DELETE FROM highlights WHERE id = ?');
    for (const id of orphans) drop.run(id);
    return { deleted_codings: c.codings };
  });
}
