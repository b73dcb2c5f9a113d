// Migration 0005: report quotes stay searchable correctly when their text changes.
import type Database from 'better-sqlite3';
import { migratedTo } from './support';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';

async function db(upTo: number) {
  const d = await migratedTo(upTo);
  d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS');
          INSERT INTO reports (project_id, status, synced_at) VALUES ('p', 'COMPLETED', 'now');
          INSERT INTO report_themes (project_id, position, title, frequency, summary) VALUES ('p', 0, 'T', 0.5, 's');
          INSERT INTO report_quotes (id, project_id, theme_position, position, text) VALUES (1, 'p', 0, 0, 'the delivery was late');`);
  return d;
}
const hits = (d: Database.Database, q: string) =>
  (d.prepare('SELECT rowid FROM quotes_fts WHERE quotes_fts MATCH ?').all(q) as { rowid: number }[]).map((r) => r.rowid);

describe('migration 0005: quotes update trigger', () => {
  it('is version 5 and adds the quotes_au trigger', async () => {
    expect(MIGRATIONS[4]).toMatchObject({ version: 5, name: 'quotes-update-trigger' });
    const d = await db(5);
    expect(d.pragma('user_version', { simple: true })).toBe(5);
    expect(d.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'quotes_au'").get()).toEqual({ name: 'quotes_au' });
  });

  it('an updated quote is found by its new words only, and can still be deleted', async () => {
    const d = await db(5);
    d.prepare("UPDATE report_quotes SET text = 'the packaging was wasteful' WHERE id = 1").run();
    expect(hits(d, 'packaging')).toEqual([1]);
    expect(hits(d, 'delivery')).toEqual([]);
    d.prepare('DELETE FROM report_quotes WHERE id = 1').run();
    expect(hits(d, 'packaging')).toEqual([]);
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('without it (version 4), the same update leaves the index stale: the bug it fixes', async () => {
    const d = await db(4);
    d.prepare("UPDATE report_quotes SET text = 'the packaging was wasteful' WHERE id = 1").run();
    expect(hits(d, 'delivery')).toEqual([1]);
  });
});
