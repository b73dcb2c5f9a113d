// Migration 0011: the researcher's highlights (quote, note, tags) are searchable, and stay so as they change.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { migratedTo } from './support';

function addHighlight(d: Database.Database, id: string, quote: string, note = '', tags: string[] = []) {
  d.prepare(
    `INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, note, created_at, updated_at)
     VALUES (?, 'p', 'i', 0, 0, 0, 5, 1000, ?, ?, 'now', 'now')`,
  ).run(id, quote, note);
  for (const t of tags) d.prepare('INSERT INTO highlight_tags (highlight_id, tag) VALUES (?, ?)').run(id, t);
}
const hits = (d: Database.Database, q: string) =>
  (d.prepare('SELECT highlight_id FROM highlights_fts WHERE highlights_fts MATCH ? ORDER BY highlight_id').all(q) as { highlight_id: string }[]).map(
    (r) => r.highlight_id,
  );

describe('migration 0011: highlight search', () => {
  it('is version 11 and indexes the highlights already there, with their tags and notes', async () => {
    expect(MIGRATIONS[10]).toMatchObject({ version: 11, name: 'highlight-search' });
    const d = await migratedTo(10);
    addHighlight(d, 'h1', 'the box was crushed', 'Ask ops about courier', ['packaging', 'delivery']);
    addHighlight(d, 'h2', 'too expensive for two');
    const { migrate } = await import('../../../../../src/main/cache/migrate');
    await migrate(d, { migrations: MIGRATIONS.slice(0, 11) });
    expect(d.pragma('user_version', { simple: true })).toBe(11);
    expect(hits(d, 'crushed')).toEqual(['h1']);
    expect(hits(d, 'courier')).toEqual(['h1']);
    expect(hits(d, 'packaging')).toEqual(['h1']);
    expect(hits(d, 'expensive')).toEqual(['h2']);
  });

  it('follows a highlight as it is added, its note edited, tags added and removed, and deleted (its tags with it)', async () => {
    const d = await migratedTo(11);
    addHighlight(d, 'h1', 'The café was closed', '', ['Access']);
    // Diacritics folded, as in transcript search.
    expect(hits(d, 'cafe')).toEqual(['h1']);
    expect(hits(d, 'access')).toEqual(['h1']);
    d.prepare("UPDATE highlights SET note = 'follow up with Maya' WHERE id = 'h1'").run();
    expect(hits(d, 'maya')).toEqual(['h1']);
    d.prepare("INSERT INTO highlight_tags (highlight_id, tag) VALUES ('h1', 'Opening hours')").run();
    expect(hits(d, 'hours')).toEqual(['h1']);
    d.prepare("DELETE FROM highlight_tags WHERE highlight_id = 'h1' AND tag = 'Access'").run();
    expect(hits(d, 'access')).toEqual([]);
    expect(hits(d, 'hours')).toEqual(['h1']);
    d.prepare("DELETE FROM highlights WHERE id = 'h1'").run();
    expect(hits(d, 'cafe')).toEqual([]);
    expect(hits(d, 'hours')).toEqual([]);
    expect(d.prepare('SELECT count(*) AS n FROM highlights_fts').get()).toEqual({ n: 0 });
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
