// Migration 0008: turns reach the search index in bulk after they are written, and never go missing.
import type Database from 'better-sqlite3';
import { migratedTo } from './support';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { indexBacklog, searchBacklog } from '../../../../../src/main/cache/queries/search-index';
import { search } from '../../../../../src/main/cache/queries/search';

async function db(upTo: number) {
  const d = await migratedTo(upTo);
  d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS');
          INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES ('i', 'p', 'COMPLETE', 'f', 'complete', 'now');`);
  return d;
}
const add = (d: Database.Database, idx: number, text: string) =>
  Number(
    d.prepare("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES ('i', ?, 'User', ?, ?)").run(idx, text, idx * 1000)
      .lastInsertRowid,
  );
const indexed = (d: Database.Database, q: string) =>
  (d.prepare('SELECT rowid FROM turns_fts WHERE turns_fts MATCH ? ORDER BY rowid').all(q) as { rowid: number }[]).map((r) => r.rowid);
/** FTS5's own check of the index against the turns table (an external-content check, hence the 1). */
const ftsConsistent = (d: Database.Database) => {
  d.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)").run();
  return true;
};

describe('migration 0008: deferred turn index', () => {
  it('is version 8, and turns cached before it stay indexed', async () => {
    expect(MIGRATIONS[7]).toMatchObject({ version: 8, name: 'deferred-turn-index' });
    const d = await db(7);
    const a = add(d, 0, 'the price was high');
    await migrate(d, { migrations: MIGRATIONS.slice(0, 8) });
    expect(d.pragma('user_version', { simple: true })).toBe(8);
    expect(searchBacklog(d)).toBe(0);
    expect(indexed(d, 'price')).toEqual([a]);
    expect(ftsConsistent(d)).toBe(true);
  });

  // Today's bulk step (queries/search-index.ts) also lists questions (migration 0018), so these run on today's
  // schema; 0018 made the triggers anew, and these show they still keep turns_fts in step.
  it('a new turn waits in the backlog until indexed in bulk, then is found', async () => {
    const d = await db(MIGRATIONS.length);
    const ids = [add(d, 0, 'delivery was late'), add(d, 1, 'delivery was early'), add(d, 2, 'the box was cold')];
    expect(searchBacklog(d)).toBe(3);
    expect(indexed(d, 'delivery')).toEqual([]);
    expect(indexBacklog(d, { maxRows: 2 })).toEqual({ indexed: 2, remaining: 1 });
    expect(indexed(d, 'delivery')).toEqual(ids.slice(0, 2));
    expect(indexBacklog(d, { maxRows: 2 })).toEqual({ indexed: 1, remaining: 0 });
    expect(indexBacklog(d, {})).toEqual({ indexed: 0, remaining: 0 });
    expect(indexed(d, 'box')).toEqual([ids[2]]);
    expect(ftsConsistent(d)).toBe(true);
  });

  it('deleting or editing a turn still in the backlog leaves the index consistent', async () => {
    const d = await db(MIGRATIONS.length);
    const kept = add(d, 0, 'kept words');
    indexBacklog(d, {});
    const gone = add(d, 1, 'soon deleted');
    const edited = add(d, 2, 'first draft');
    d.prepare('DELETE FROM transcript_turns WHERE id = ?').run(gone);
    d.prepare("UPDATE transcript_turns SET text = 'final wording' WHERE id = ?").run(edited);
    d.prepare("UPDATE transcript_turns SET text = 'kept but changed' WHERE id = ?").run(kept);
    expect(ftsConsistent.bind(null, d)).toThrow(); // the index is behind on purpose until the backlog is done
    indexBacklog(d, {});
    expect(ftsConsistent(d)).toBe(true);
    expect(indexed(d, 'deleted')).toEqual([]);
    expect(indexed(d, 'draft')).toEqual([]);
    expect(indexed(d, 'final')).toEqual([edited]);
    expect(indexed(d, 'changed')).toEqual([kept]);
    expect(indexed(d, 'words')).toEqual([]);
  });

  it('a turn that reuses an id at or below the mark is indexed at once (the bulk step only reads above it)', async () => {
    // By this migration's trigger, which lived until 0023; since then the write does it (0023's test).
    const d = await db(22);
    add(d, 0, 'first turn');
    const top = add(d, 1, 'second turn');
    indexBacklog(d, {});
    d.prepare('DELETE FROM transcript_turns WHERE id = ?').run(top);
    const reused = add(d, 1, 'replacement words');
    expect(reused).toBe(top); // SQLite hands the highest id out again
    expect(searchBacklog(d)).toBe(0);
    expect(indexed(d, 'replacement')).toEqual([reused]);
    expect(indexed(d, 'second')).toEqual([]);
    expect(ftsConsistent(d)).toBe(true);
  });

  it('a search indexes the backlog first, so it never misses a cached turn', async () => {
    // Today's search query, so on today's schema.
    const d = await db(MIGRATIONS.length);
    add(d, 0, 'the packaging was wasteful');
    expect(searchBacklog(d)).toBe(1);
    expect(search(d, { query: 'packaging' }).map((h) => h.start_ms)).toEqual([0]);
    expect(searchBacklog(d)).toBe(0);
  });
});
