// Migration 0002 (search index): FTS5 over transcript turns and report quotes, external-content tables
// kept in step by triggers. Checked through the index itself (MATCH) and FTS5's own integrity-check,
// which compares the index with the content table.
import type Database from 'better-sqlite3';
import { migratedTo } from './support';
import { describe, it, expect } from 'vitest';
import { LATEST_VERSION, MIGRATIONS } from '../../../../../src/main/cache/migrations';

const VERSION = 2;

async function migratedDb(version = VERSION): Promise<Database.Database> {
  const db = await migratedTo(version);
  db.exec(`
    INSERT INTO projects (id, title, status) VALUES ('p1', 'Churn', 'STARTED');
    INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES
      ('i1', 'p1', 'COMPLETE', 'f', 'complete', 'now'), ('i2', 'p1', 'COMPLETE', 'f', 'complete', 'now');
    INSERT INTO reports (project_id, status, synced_at) VALUES ('p1', 'COMPLETED', 'now');
    INSERT INTO report_themes (project_id, position, title, frequency, summary) VALUES ('p1', 0, 'Price', 0.5, 's'), ('p1', 1, 'Speed', 0.5, 's');
  `);
  return db;
}

let nextIdx = 0;
function addTurn(db: Database.Database, text: string, interviewId = 'i1'): number {
  return Number(
    db.prepare("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES (?, ?, 'User', ?, 0)").run(interviewId, nextIdx++, text)
      .lastInsertRowid,
  );
}
function addQuote(db: Database.Database, text: string, theme = 0): number {
  return Number(
    db.prepare("INSERT INTO report_quotes (project_id, theme_position, position, text) VALUES ('p1', ?, ?, ?)").run(theme, nextIdx++, text).lastInsertRowid,
  );
}
const turns = (db: Database.Database, match: string) =>
  (db.prepare('SELECT rowid FROM turns_fts WHERE turns_fts MATCH ? ORDER BY rowid').all(match) as { rowid: number }[]).map((r) => r.rowid);
const quotes = (db: Database.Database, match: string) =>
  (db.prepare('SELECT rowid FROM quotes_fts WHERE quotes_fts MATCH ? ORDER BY rowid').all(match) as { rowid: number }[]).map((r) => r.rowid);
/** FTS5 compares its index with the content table and throws when they disagree. */
const integrity = (db: Database.Database, table: 'turns_fts' | 'quotes_fts') => db.prepare(`INSERT INTO ${table}(${table}) VALUES ('integrity-check')`).run();

describe('migration 0002: search index', () => {
  it('is version 2 and sets user_version to 2', async () => {
    expect(MIGRATIONS[VERSION - 1]).toMatchObject({ version: 2, name: 'search-index' });
    const db = await migratedDb();
    expect(db.pragma('user_version', { simple: true })).toBe(2);
  });

  it('creates two external-content FTS5 tables with folded diacritics and prefix indexes, and their triggers', async () => {
    const db = await migratedDb();
    const vt = db.prepare("SELECT name, sql FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name").all() as { name: string; sql: string }[];
    expect(vt.map((t) => t.name)).toEqual(['quotes_fts', 'turns_fts']);
    for (const t of vt) {
      expect(t.sql).toMatch(/USING fts5/);
      expect(t.sql).toMatch(/remove_diacritics 2/);
      expect(t.sql).toMatch(/prefix='2 3'/);
    }
    expect(vt[0]!.sql).toMatch(/content='report_quotes', content_rowid='id'/);
    expect(vt[1]!.sql).toMatch(/content='transcript_turns', content_rowid='id'/);
    const triggers = db.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all();
    expect(triggers).toEqual([
      { name: 'quotes_ad', tbl_name: 'report_quotes' },
      { name: 'quotes_ai', tbl_name: 'report_quotes' },
      { name: 'turns_ad', tbl_name: 'transcript_turns' },
      { name: 'turns_ai', tbl_name: 'transcript_turns' },
      { name: 'turns_au', tbl_name: 'transcript_turns' },
    ]);
    // Nothing of the later steps yet.
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('highlights', 'sync_state')").all()).toEqual([]);
  });

  it('indexes a new turn, follows an edit of its text and forgets it once deleted', async () => {
    const db = await migratedDb();
    const id = addTurn(db, 'I would skip a week if the price went up');
    addTurn(db, 'Unrelated words here');
    expect(turns(db, 'price')).toEqual([id]);
    db.prepare('UPDATE transcript_turns SET text = ? WHERE id = ?').run('Delivery was always late', id);
    expect(turns(db, 'price')).toEqual([]);
    expect(turns(db, 'late')).toEqual([id]);
    integrity(db, 'turns_fts');
    db.prepare('DELETE FROM transcript_turns WHERE id = ?').run(id);
    expect(turns(db, 'late')).toEqual([]);
    integrity(db, 'turns_fts');
  });

  it('an update that leaves the text alone does not disturb the index', async () => {
    const db = await migratedDb();
    const id = addTurn(db, 'price matters');
    db.prepare('UPDATE transcript_turns SET start_ms = 500 WHERE id = ?').run(id);
    expect(turns(db, 'price')).toEqual([id]);
    integrity(db, 'turns_fts');
  });

  it('forgets turns removed by the cascade when their interview is deleted', async () => {
    const db = await migratedDb();
    addTurn(db, 'gone with the interview', 'i1');
    const kept = addTurn(db, 'the other interview stays', 'i2');
    db.exec("DELETE FROM interviews WHERE id = 'i1'");
    expect(turns(db, 'gone')).toEqual([]);
    expect(turns(db, 'interview')).toEqual([kept]);
    integrity(db, 'turns_fts');
  });

  it('indexes report quotes and forgets them when deleted, directly or through the theme cascade', async () => {
    const db = await migratedDb();
    const a = addQuote(db, 'Too expensive for what it is', 0);
    const b = addQuote(db, 'The app is slow to load', 1);
    expect(quotes(db, 'expensive')).toEqual([a]);
    db.prepare('DELETE FROM report_quotes WHERE id = ?').run(a);
    expect(quotes(db, 'expensive')).toEqual([]);
    db.exec('DELETE FROM report_themes WHERE position = 1');
    expect(quotes(db, 'slow')).toEqual([]);
    expect(b).toBeGreaterThan(0);
    integrity(db, 'quotes_fts');
  });

  // Migrated to the latest version on purpose: the fix for a missing trigger is a new migration, never an
  // edit to this applied one, and this test should pass once any step provides it.
  // KNOWN BUG (fails today): there is no AFTER UPDATE trigger on report_quotes (turns have turns_au).
  // After one UPDATE the index still holds the old words, and deleting the row later feeds FTS5 a
  // 'delete' with text it never indexed: SQLITE_CORRUPT_VTAB, so the next reports.save would fail.
  it('keeps quotes_fts in step when a quote text is updated, and the row can still be deleted', async () => {
    const db = await migratedDb(LATEST_VERSION);
    const id = addQuote(db, 'Too expensive for what it is');
    db.prepare('UPDATE report_quotes SET text = ? WHERE id = ?').run('Support never answered', id);
    expect(quotes(db, 'support')).toEqual([id]);
    expect(quotes(db, 'expensive')).toEqual([]);
    integrity(db, 'quotes_fts');
    expect(() => db.prepare('DELETE FROM report_quotes WHERE id = ?').run(id)).not.toThrow();
    integrity(db, 'quotes_fts');
  });

  it('folds diacritics and case both ways: café à Zürich is found by cafe zurich, and the reverse', async () => {
    const db = await migratedDb();
    const id = addTurn(db, 'Le café à Zürich était fermé');
    const plain = addTurn(db, 'Another cafe in Zurich');
    expect(turns(db, 'cafe zurich')).toEqual([id, plain]);
    expect(turns(db, 'CAFÉ ZÜRICH')).toEqual([id, plain]);
    expect(turns(db, 'ferme')).toEqual([id]);
  });

  it('matches prefixes for search-as-you-type', async () => {
    const db = await migratedDb();
    const id = addTurn(db, 'The price was fair');
    const q = addQuote(db, 'Pricing felt opaque');
    expect(turns(db, 'pr*')).toEqual([id]);
    expect(turns(db, 'pric*')).toEqual([id]);
    expect(turns(db, 'pric')).toEqual([]);
    expect(quotes(db, 'pric*')).toEqual([q]);
  });

  it('matches phrases in order only', async () => {
    const db = await migratedDb();
    const yes = addTurn(db, 'I would skip a week of deliveries');
    addTurn(db, 'a week later I would skip it');
    expect(turns(db, '"skip a week"')).toEqual([yes]);
    expect(turns(db, 'skip week')).toHaveLength(2);
  });

  it('search joins the index to its content by rowid, not by scanning transcript_turns', async () => {
    const db = await migratedDb();
    const plan = (
      db
        .prepare(
          'EXPLAIN QUERY PLAN SELECT t.interview_id, t.text FROM turns_fts JOIN transcript_turns t ON t.id = turns_fts.rowid WHERE turns_fts MATCH ? ORDER BY bm25(turns_fts)',
        )
        .all('price') as { detail: string }[]
    ).map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/SCAN turns_fts VIRTUAL TABLE INDEX \d+:M/);
    expect(plan.join('\n')).toMatch(/SEARCH t USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan.join('\n')).not.toMatch(/SCAN t\b/);
  });
});
