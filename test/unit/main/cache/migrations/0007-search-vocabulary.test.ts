// Migration 0007: no prefix indexes; prefixes expand through the vocabulary; existing rows re-indexed.
import type Database from 'better-sqlite3';
import { migratedTo } from './support';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { search } from '../../../../../src/main/cache/queries/search';

async function db(upTo: number) {
  const d = await migratedTo(upTo);
  return d;
}

function seed(d: Database.Database) {
  d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS');
          INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES ('i', 'p', 'COMPLETE', 'f', 'complete', 'now');`);
  const ins = d.prepare("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES ('i', ?, 'User', ?, ?)");
  ['The price was too high', 'Prices keep rising', 'A pricey box', 'Delivery was late', 'Le café à Zürich'].forEach((t, k) => ins.run(k, t, k * 1000));
}

describe('migration 0007: search vocabulary', () => {
  it('is version 7: the FTS tables lose their prefix indexes and gain vocabulary tables', async () => {
    expect(MIGRATIONS[6]).toMatchObject({ version: 7, name: 'search-vocabulary' });
    const d = await db(7);
    const sql = (name: string) => (d.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(name) as { sql: string }).sql;
    expect(sql('turns_fts')).not.toMatch(/prefix=/);
    expect(sql('quotes_fts')).not.toMatch(/prefix=/);
    expect(sql('turns_vocab')).toMatch(/fts5vocab\('turns_fts', 'row'\)/);
  });

  it('re-indexes what was already cached when it runs', async () => {
    const d = await db(6);
    seed(d);
    await migrate(d, { migrations: MIGRATIONS.slice(0, 7) });
    expect(d.prepare("SELECT COUNT(*) AS n FROM turns_fts WHERE turns_fts MATCH 'delivery'").get()).toEqual({ n: 1 });
    expect((d.prepare("SELECT term, doc FROM turns_vocab WHERE term LIKE 'pric%' ORDER BY term").all() as { term: string }[]).map((r) => r.term)).toEqual([
      'price',
      'prices',
      'pricey',
    ]);
  });

  it('a prefix still finds every completion, and diacritics still fold (with every later migration too)', async () => {
    const d = await db(MIGRATIONS.length);
    seed(d);
    expect(
      search(d, { query: 'pric' })
        .map((h) => h.start_ms)
        .sort(),
    ).toEqual([0, 1000, 2000]);
    expect(search(d, { query: 'cafe zur' }).map((h) => h.start_ms)).toEqual([4000]);
    expect(search(d, { query: 'pric ' })).toEqual([]);
  });
});
