import { randomUUID } from 'node:crypto';
import type { PlacedTurnRange, TurnRange } from '../../../shared/analysis/turn-range';
import { nextCodeColor } from '../../../shared/analysis/codebook';
import { withFullSync, type CacheDb } from '../open';
import { stmt } from './stmt';

/**
 * Writing an imported REFI-QDA project's codebook and codings (planned by src/main/qdpx-import) in one
 * transaction: all of it lands, or none. Codes merge with the study's codes of the same name in any case;
 * a new code keeps the file's colour and description. Segments are the coder's highlights; importing the
 * same file again finds them and adds nothing.
 */
export type ApplyQdpxCode = { name: string; color: string | null; description: string; isCategory: boolean; parent: string | null };
export type ApplyQdpxSegment = PlacedTurnRange & { interview_id: string; note: string; codes: string[] };
export type ApplyQdpxResult = {
  created: string[];
  merged: string[];
  categories: string[];
  skipped: { name: string; reason: string }[];
  added: number;
  already_there: number;
  /** Codings that could not be applied (their code is a category in this study). */
  refused: number;
};

type CodeRow = { id: string; name: string; is_category: 0 | 1; description: string };

type ApplyQdpxArgs = { projectId: string; coder: string; codes: ApplyQdpxCode[]; segments: ApplyQdpxSegment[]; now: string };
type SortedSegments = { fresh: { id: string; s: ApplyQdpxSegment; codes: string[] }[]; onExisting: { id: string; codes: string[] }[] };

export function applyQdpx(db: CacheDb, args: ApplyQdpxArgs): ApplyQdpxResult {
  const out: ApplyQdpxResult = { created: [], merged: [], categories: [], skipped: [], added: 0, already_there: 0, refused: 0 };
  return withFullSync(db, () => {
    const applicable = applyCodes(db, args, out);
    writeSegments(db, args, sortSegments(db, args, applicable, out), out);
    return out;
  });
}

/**
 * The file's codebook merged into the study's: a code of a name the study has merges with it (filling an
 * empty description), any other is created. Returns the codes segments may carry: lower name → code id.
 */
function applyCodes(db: CacheDb, args: ApplyQdpxArgs, out: ApplyQdpxResult): Map<string, string> {
  const existing = stmt(db, 'SELECT id, name, is_category, description FROM codes WHERE project_id = ?').all(args.projectId) as CodeRow[];
  const byLower = new Map(existing.map((c) => [c.name.toLowerCase(), c]));
  const colors = (stmt(db, 'SELECT color FROM codes WHERE project_id = ?').all(args.projectId) as { color: string }[]).map((r) => r.color);
  const insertCode = stmt(
    db,
    'INSERT INTO codes (id, project_id, name, color, description, parent_id, is_category, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // Categories first, so a code's parent exists when the code is made.
  const ordered = [...args.codes].sort((a, b) => Number(b.isCategory) - Number(a.isCategory));
  const applicable = new Map<string, string>(); // lower name → code id a segment may carry
  for (const c of ordered) {
    const had = byLower.get(c.name.toLowerCase());
    if (had) {
      out.merged.push(had.name);
      if (had.is_category === 1 && !c.isCategory)
        out.skipped.push({ name: c.name, reason: `"${had.name}" is a category in this study, so its codings cannot be applied.` });
      if (had.is_category === 0) applicable.set(c.name.toLowerCase(), had.id);
      if (!had.description.trim() && c.description.trim())
        stmt(db, 'UPDATE codes SET description = ?, updated_at = ? WHERE id = ?').run(c.description, args.now, had.id);
      continue;
    }
    const parent = c.parent ? byLower.get(c.parent.toLowerCase()) : undefined;
    const id = randomUUID();
    const color = c.color ?? nextCodeColor(colors);
    colors.push(color);
    insertCode.run(
      id,
      args.projectId,
      c.name,
      color,
      c.description,
      parent && parent.is_category === 1 ? parent.id : null,
      c.isCategory ? 1 : 0,
      args.now,
      args.now,
    );
    const row: CodeRow = { id, name: c.name, is_category: c.isCategory ? 1 : 0, description: c.description };
    byLower.set(c.name.toLowerCase(), row);
    (c.isCategory ? out.categories : out.created).push(c.name);
    if (!c.isCategory) applicable.set(c.name.toLowerCase(), id);
  }
  return applicable;
}

const rangeKey = (s: TurnRange & { interview_id: string }) => `${s.interview_id}\u0000${s.start_turn}:${s.start_offset}:${s.end_turn}:${s.end_offset}`;

/**
 * Each planned segment with the codes it may carry: onto this coder's segment of the same range if there is
 * one, else a new segment (two planned on one range share it). Codings whose code cannot be applied are counted.
 */
function sortSegments(db: CacheDb, args: ApplyQdpxArgs, applicable: Map<string, string>, out: ApplyQdpxResult): SortedSegments {
  // This coder's segments, read once: a lookup per segment would scan them all (no index fits), and an
  // import writes thousands.
  const mine = new Map(
    (
      stmt(db, 'SELECT id, interview_id, start_turn, start_offset, end_turn, end_offset FROM highlights WHERE project_id = ? AND coder = ?').all(
        args.projectId,
        args.coder,
      ) as (TurnRange & { id: string; interview_id: string })[]
    ).map((r) => [rangeKey(r), r.id]),
  );
  const sorted: SortedSegments = { fresh: [], onExisting: [] };
  for (const s of args.segments) {
    const ids = s.codes.map((n) => applicable.get(n.toLowerCase()));
    const usable = [...new Set(ids.filter((id): id is string => !!id))];
    out.refused += ids.length - ids.filter(Boolean).length;
    if (usable.length === 0) continue;
    const had = mine.get(rangeKey(s));
    if (had) sorted.onExisting.push({ id: had, codes: usable });
    else {
      const id = randomUUID();
      mine.set(rangeKey(s), id);
      sorted.fresh.push({ id, s, codes: usable });
    }
  }
  return sorted;
}

function writeSegments(db: CacheDb, args: ApplyQdpxArgs, { fresh, onExisting }: SortedSegments, out: ApplyQdpxResult): void {
  const link = stmt(db, 'INSERT OR IGNORE INTO highlight_codes (highlight_id, code_id) VALUES (?, ?)');
  // Each new segment, then its codes (the search index finds the segment's row through an indexed map, so
  // linking a code costs the same however many segments the study has).
  const insertNew = stmt(
    db,
    `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, coder, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const { id, s, codes } of fresh) {
    insertNew.run(
      id,
      args.projectId,
      s.interview_id,
      s.start_turn,
      s.start_offset,
      s.end_turn,
      s.end_offset,
      s.start_ms,
      s.quote,
      s.note.slice(0, 5000),
      args.coder,
      args.now,
      args.now,
    );
    for (const c of codes) link.run(id, c);
    out.added += codes.length;
  }
  // Codes onto segments the coder already had: those it already carries are counted, not added twice.
  for (const { id, codes } of onExisting) {
    for (const c of codes) {
      if (link.run(id, c).changes > 0) out.added++;
      else out.already_there++;
    }
  }
}
