// Migration 0017: the researcher's hand-picked reels, per study, their clips in order; a clip goes with its highlight.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { columns, migratedTo, plan } from './support';

describe('migration 0017: reels', () => {
  it('adds reels (names unique per study in any case) and their items (a highlight once per reel), gone with their highlight', async () => {
    expect(MIGRATIONS[16]).toMatchObject({ version: 17, name: 'reels' });
    const d = await migratedTo(17);
    expect(columns(d, 'reels').map((c) => c.name)).toEqual(['id', 'project_id', 'name', 'created_at', 'updated_at']);
    expect(columns(d, 'reel_items').map((c) => c.name)).toEqual(['reel_id', 'highlight_id', 'position']);

    const reel = d.prepare('INSERT INTO reels (id, project_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
    reel.run('r1', 'p1', 'Pricing', 't', 't');
    expect(() => reel.run('r2', 'p1', 'PRICING', 't', 't')).toThrow(/UNIQUE/);
    reel.run('r2', 'p2', 'Pricing', 't', 't');
    expect(() => reel.run('r3', 'p1', '  ', 't', 't')).toThrow(/CHECK/);

    const hl = d.prepare(
      "INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, start_ms, quote, created_at, updated_at) VALUES (?, 'p1', 'i1', 0, 0, 0, 3, 0, 'abc', 't', 't')",
    );
    hl.run('h1');
    hl.run('h2');
    const item = d.prepare('INSERT INTO reel_items (reel_id, highlight_id, position) VALUES (?, ?, ?)');
    item.run('r1', 'h1', 0);
    item.run('r1', 'h2', 1);
    item.run('r2', 'h1', 0);
    expect(() => item.run('r1', 'h1', 2)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => item.run('r1', 'no-such-highlight', 2)).toThrow(/FOREIGN KEY/);
    expect(() => item.run('r2', 'h2', -1)).toThrow(/CHECK/);

    // A deleted highlight leaves every reel it was in; a deleted reel takes its items, never the highlights.
    d.prepare("DELETE FROM highlights WHERE id = 'h1'").run();
    expect(d.prepare('SELECT reel_id, highlight_id FROM reel_items ORDER BY reel_id').all()).toEqual([{ reel_id: 'r1', highlight_id: 'h2' }]);
    d.prepare("DELETE FROM reels WHERE id = 'r1'").run();
    expect(d.prepare('SELECT count(*) AS n FROM reel_items').get()).toEqual({ n: 0 });
    expect(d.prepare('SELECT count(*) AS n FROM highlights').get()).toEqual({ n: 1 });

    // No tie to the service's tables: a sync cannot touch them.
    const fks = (t: string) => (d.pragma(`foreign_key_list(${t})`) as { table: string }[]).map((f) => f.table).sort();
    expect(fks('reels')).toEqual([]);
    expect(fks('reel_items')).toEqual(['highlights', 'reels']);
    // A reel's clips are read in order from the index, and a highlight's reels are found without a scan.
    expect(plan(d, 'SELECT highlight_id FROM reel_items WHERE reel_id = ? ORDER BY position', 'r1')).toMatch(/reel_items_order/);
    expect(plan(d, 'SELECT reel_id FROM reel_items WHERE highlight_id = ?', 'h2')).toMatch(/reel_items_highlight/);
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
