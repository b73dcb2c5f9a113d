// Migration 0015: free tags become codes in a codebook, every highlight keeps every tag as a coding, and
// highlight search reads the code names from then on.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { migrate } from '../../../../../src/main/cache/migrate';
import { columns, migratedTo } from './support';

function addHighlight(d: Database.Database, id: string, project: string, at: string, tags: string[]) {
  d.prepare(
    `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, created_at, updated_at)
     VALUES (?, ?, 'i', 0, 0, 0, 5, 1000, 'the box was crushed', '', ?, ?)`,
  ).run(id, project, at, at);
  for (const t of tags) d.prepare('INSERT INTO highlight_tags (highlight_id, tag) VALUES (?, ?)').run(id, t);
}
const codesOf = (d: Database.Database, highlight: string) =>
  (
    d.prepare('SELECT c.name FROM highlight_codes hc JOIN codes c ON c.id = hc.code_id WHERE hc.highlight_id = ? ORDER BY c.name').all(highlight) as {
      name: string;
    }[]
  ).map((r) => r.name);
const hits = (d: Database.Database, q: string) =>
  (d.prepare('SELECT highlight_id FROM highlights_fts WHERE highlights_fts MATCH ? ORDER BY highlight_id').all(q) as { highlight_id: string }[]).map(
    (r) => r.highlight_id,
  );

describe('migration 0015: codebook', () => {
  it('turns each project’s tags into codes, keeps every highlight’s tags as codings, and marks them the researcher’s', async () => {
    expect(MIGRATIONS[14]).toMatchObject({ version: 15, name: 'codebook' });
    const d = await migratedTo(14);
    addHighlight(d, 'h1', 'p1', '2026-01-01', ['Packaging', 'Delivery']);
    addHighlight(d, 'h2', 'p1', '2026-01-02', ['packaging', 'Price']);
    addHighlight(d, 'h3', 'p2', '2026-01-03', ['Packaging']);
    addHighlight(d, 'h4', 'p2', '2026-01-04', []);
    await migrate(d, { migrations: MIGRATIONS.slice(0, 15) });
    expect(d.pragma('user_version', { simple: true })).toBe(15);

    const codes = d.prepare('SELECT project_id, name, color, description, parent_id, is_category FROM codes ORDER BY project_id, created_at, name').all();
    // "Packaging" and "packaging" are one code per project (names are unique without regard to case);
    // projects keep separate codebooks; colours follow the palette in order of first use.
    expect(codes).toEqual([
      { project_id: 'p1', name: 'Delivery', color: '#3b6fd4', description: '', parent_id: null, is_category: 0 },
      { project_id: 'p1', name: 'Packaging', color: '#d4883b', description: '', parent_id: null, is_category: 0 },
      { project_id: 'p1', name: 'Price', color: '#2e9e6a', description: '', parent_id: null, is_category: 0 },
      { project_id: 'p2', name: 'Packaging', color: '#3b6fd4', description: '', parent_id: null, is_category: 0 },
    ]);
    expect(codesOf(d, 'h1')).toEqual(['Delivery', 'Packaging']);
    expect(codesOf(d, 'h2')).toEqual(['Packaging', 'Price']);
    expect(codesOf(d, 'h3')).toEqual(['Packaging']);
    expect(codesOf(d, 'h4')).toEqual([]);
    expect(d.prepare('SELECT count(*) AS n FROM highlights WHERE coder IS NULL').get()).toEqual({ n: 4 });
    expect(columns(d, 'highlights').find((c) => c.name === 'coder')).toMatchObject({ notnull: 0 });
    expect(d.prepare("SELECT name FROM sqlite_master WHERE name = 'highlight_tags'").get()).toBeUndefined();
    expect(hits(d, 'price')).toEqual(['h2']);
    expect(hits(d, 'packaging')).toEqual(['h1', 'h2', 'h3']);
    expect(mapAgrees(d)).toBe(true);
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('keeps search on code names current as codings come and go and a code is renamed, and refuses a second code of one name', async () => {
    const d = await migratedTo(15);
    addHighlightAt15(d, 'h1');
    d.prepare("INSERT INTO codes (id, project_id, name, color, created_at, updated_at) VALUES ('c1', 'p', 'Access', '#3b6fd4', 'now', 'now')").run();
    d.prepare("INSERT INTO highlight_codes (highlight_id, code_id) VALUES ('h1', 'c1')").run();
    expect(hits(d, 'access')).toEqual(['h1']);
    d.prepare("UPDATE codes SET name = 'Opening hours' WHERE id = 'c1'").run();
    expect(hits(d, 'access')).toEqual([]);
    expect(hits(d, 'hours')).toEqual(['h1']);
    d.prepare("UPDATE highlights SET note = 'ask Maya' WHERE id = 'h1'").run();
    expect(hits(d, 'hours')).toEqual(['h1']);
    expect(hits(d, 'maya')).toEqual(['h1']);
    d.prepare("DELETE FROM codes WHERE id = 'c1'").run();
    expect(d.prepare('SELECT count(*) AS n FROM highlight_codes').get()).toEqual({ n: 0 });
    expect(hits(d, 'hours')).toEqual([]);
    d.prepare("INSERT INTO codes (id, project_id, name, color, created_at, updated_at) VALUES ('c2', 'p', 'Price', '#3b6fd4', 'now', 'now')").run();
    expect(() =>
      d.prepare("INSERT INTO codes (id, project_id, name, color, created_at, updated_at) VALUES ('c3', 'p', 'PRICE', '#3b6fd4', 'now', 'now')").run(),
    ).toThrow(/UNIQUE/);
    addHighlightAt15(d, 'h2');
    expect(mapAgrees(d)).toBe(true);
    d.prepare("DELETE FROM highlights WHERE id = 'h1'").run();
    expect(hits(d, 'cafe')).toEqual(['h2']);
    d.prepare("DELETE FROM highlights WHERE id = 'h2'").run();
    expect(d.prepare('SELECT count(*) AS n FROM highlights_fts').get()).toEqual({ n: 0 });
    expect(d.prepare('SELECT count(*) AS n FROM highlight_search_rows').get()).toEqual({ n: 0 });
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});

function addHighlightAt15(d: Database.Database, id: string) {
  d.prepare(
    `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, coder, created_at, updated_at)
     VALUES (?, 'p', 'i', 0, 0, 0, 5, 1000, 'the café was closed', '', NULL, 'now', 'now')`,
  ).run(id);
}

/** Every highlight has one search row, found through the map by its FTS rowid (never by scanning the index). */
function mapAgrees(d: Database.Database): boolean {
  const rows = d
    .prepare(
      `SELECT h.id, m.fts_rowid, f.highlight_id AS indexed FROM highlights h
       LEFT JOIN highlight_search_rows m ON m.highlight_id = h.id LEFT JOIN highlights_fts f ON f.rowid = m.fts_rowid`,
    )
    .all() as { id: string; fts_rowid: number | null; indexed: string | null }[];
  const total = (d.prepare('SELECT count(*) AS n FROM highlights_fts').get() as { n: number }).n;
  return rows.length === total && rows.every((r) => r.indexed === r.id);
}
