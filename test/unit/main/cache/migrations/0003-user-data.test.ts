// Migration 0003 (user data): highlights, their tags and notes. The researcher's own work, so the
// tables deliberately have no foreign keys into the service tables that every sync replaces.
import type Database from 'better-sqlite3';
import { describe, it, expect } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { columns, migratedTo, plan } from './support';

const VERSION = 3;
const migratedDb = () => migratedTo(VERSION);

const insertHighlight = (db: Database.Database, h: { id: string; interview?: string; st: number; so: number; et: number; eo: number }) =>
  db
    .prepare(
      `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, quote, created_at, updated_at)
       VALUES (?, 'p1', ?, ?, ?, ?, ?, 'q', 'now', 'now')`,
    )
    .run(h.id, h.interview ?? 'i1', h.st, h.so, h.et, h.eo);

describe('migration 0003: user data', () => {
  it('is version 3 and sets user_version to 3', async () => {
    expect(MIGRATIONS[VERSION - 1]).toMatchObject({ version: 3, name: 'user-data' });
    const db = await migratedDb();
    expect(db.pragma('user_version', { simple: true })).toBe(3);
  });

  it('creates highlights, highlight_tags and notes with their indexes', async () => {
    const db = await migratedDb();
    const created = db
      .prepare(
        "SELECT type, name, tbl_name FROM sqlite_master WHERE tbl_name IN ('highlights', 'highlight_tags', 'notes') AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
      )
      .all();
    expect(created).toEqual([
      { type: 'index', name: 'highlight_tags_tag', tbl_name: 'highlight_tags' },
      { type: 'index', name: 'highlights_interview', tbl_name: 'highlights' },
      { type: 'index', name: 'highlights_project', tbl_name: 'highlights' },
      { type: 'index', name: 'notes_scope', tbl_name: 'notes' },
      { type: 'table', name: 'highlight_tags', tbl_name: 'highlight_tags' },
      { type: 'table', name: 'highlights', tbl_name: 'highlights' },
      { type: 'table', name: 'notes', tbl_name: 'notes' },
    ]);
    expect(columns(db, 'highlights').map((c) => c.name)).toEqual([
      'id',
      'project_id',
      'interview_id',
      'start_turn',
      'start_offset',
      'end_turn',
      'end_offset',
      'start_ms',
      'quote',
      'note',
      'created_at',
      'updated_at',
    ]);
    expect(columns(db, 'highlights').find((c) => c.name === 'note')!.dflt_value).toBe("''");
    expect(
      columns(db, 'highlight_tags')
        .filter((c) => c.pk > 0)
        .map((c) => c.name),
    ).toEqual(['highlight_id', 'tag']);
    expect(columns(db, 'notes').map((c) => c.name)).toEqual(['id', 'project_id', 'interview_id', 'body', 'created_at', 'updated_at']);
    expect((db.pragma('index_info(highlights_interview)') as { name: string }[]).map((c) => c.name)).toEqual(['interview_id', 'start_turn', 'start_offset']);
    // Nothing of the next step yet.
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('sync_state', 'videos', 'report_polls')").all()).toEqual([]);
  });

  it('has no foreign key from user data to the service tables, so a re-sync can never cascade into it', async () => {
    const db = await migratedDb();
    expect(db.pragma('foreign_key_list(highlights)')).toEqual([]);
    expect(db.pragma('foreign_key_list(notes)')).toEqual([]);
    db.exec(`
      INSERT INTO projects (id, title, status) VALUES ('p1', 't', 'STARTED');
      INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES ('i1', 'p1', 'COMPLETE', 'f', 'complete', 'now');
      INSERT INTO notes (id, project_id, interview_id, body, created_at, updated_at) VALUES ('n1', 'p1', 'i1', 'remember', 'now', 'now');
    `);
    insertHighlight(db, { id: 'h1', st: 0, so: 0, et: 0, eo: 4 });
    db.exec("DELETE FROM projects WHERE id = 'p1'");
    expect(db.prepare('SELECT COUNT(*) AS n FROM interviews').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT id FROM highlights').all()).toEqual([{ id: 'h1' }]);
    expect(db.prepare('SELECT id FROM notes').all()).toEqual([{ id: 'n1' }]);
  });

  it('rejects a highlight that ends before it starts', async () => {
    const db = await migratedDb();
    expect(() => insertHighlight(db, { id: 'back-turn', st: 3, so: 0, et: 2, eo: 10 })).toThrow(/CHECK constraint failed/);
    expect(() => insertHighlight(db, { id: 'back-offset', st: 2, so: 9, et: 2, eo: 3 })).toThrow(/CHECK constraint failed/);
    insertHighlight(db, { id: 'empty', st: 2, so: 5, et: 2, eo: 5 });
    insertHighlight(db, { id: 'span', st: 2, so: 9, et: 3, eo: 0 });
    expect(db.prepare('SELECT id FROM highlights ORDER BY id').all()).toEqual([{ id: 'empty' }, { id: 'span' }]);
  });

  it('deletes a highlight’s tags with it, keeps each tag once per highlight, and refuses tags of no highlight', async () => {
    const db = await migratedDb();
    insertHighlight(db, { id: 'h1', st: 0, so: 0, et: 0, eo: 1 });
    insertHighlight(db, { id: 'h2', st: 1, so: 0, et: 1, eo: 1 });
    db.exec("INSERT INTO highlight_tags (highlight_id, tag) VALUES ('h1', 'pricing'), ('h1', 'churn'), ('h2', 'pricing')");
    expect(() => db.exec("INSERT INTO highlight_tags (highlight_id, tag) VALUES ('h1', 'pricing')")).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => db.exec("INSERT INTO highlight_tags (highlight_id, tag) VALUES ('ghost', 'x')")).toThrow(/FOREIGN KEY/);
    db.exec("DELETE FROM highlights WHERE id = 'h1'");
    expect(db.prepare('SELECT highlight_id, tag FROM highlight_tags').all()).toEqual([{ highlight_id: 'h2', tag: 'pricing' }]);
  });

  it("lists an interview's highlights in reading order through highlights_interview, without a sort", async () => {
    const db = await migratedDb();
    const p = plan(db, 'SELECT * FROM highlights h WHERE h.interview_id = ? ORDER BY h.interview_id, h.start_turn, h.start_offset', 'i1');
    expect(p).toMatch(/SEARCH h USING INDEX highlights_interview \(interview_id=\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it("lists a project's highlights through highlights_project, a tag's through highlight_tags_tag, notes through notes_scope", async () => {
    const db = await migratedDb();
    const byProject = plan(db, 'SELECT * FROM highlights WHERE project_id = ? ORDER BY created_at', 'p1');
    expect(byProject).toMatch(/USING INDEX highlights_project \(project_id=\?\)/);
    expect(byProject).not.toMatch(/TEMP B-TREE/);
    expect(plan(db, 'SELECT * FROM highlights h WHERE h.id IN (SELECT highlight_id FROM highlight_tags WHERE tag = ?)', 'x')).toMatch(
      /USING COVERING INDEX highlight_tags_tag \(tag=\?\)/,
    );
    expect(plan(db, 'SELECT * FROM notes WHERE project_id = ? AND interview_id = ?', 'p1', 'i1')).toMatch(
      /USING INDEX notes_scope \(project_id=\? AND interview_id=\?\)/,
    );
  });
});
