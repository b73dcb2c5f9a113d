// Migration 0023: turns inserted at ids the search index has passed are indexed by the write itself
// (queries/interviews.ts), not by a per-row trigger; deletes and edits keep their triggers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { openCacheDb, type CacheDb } from '../../../../../src/main/cache/open';
import { saveFullRecords } from '../../../../../src/main/cache/queries/interviews';
import { indexBacklog, searchBacklog } from '../../../../../src/main/cache/queries/search-index';
import { interviewRecord } from '../../../../../src/shared/schemas/interview';
import { migratedTo } from './support';

const dir = mkdtempSync(join(tmpdir(), 'fw-0023-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = async () => (await openCacheDb(join(dir, `c${n++}`, 'workspace.db'))).db;
const triggers = (db: CacheDb) =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'transcript_turns' ORDER BY 1").pluck().all();
const save = (db: CacheDb, id: string, words: string[]) => {
  db.exec("INSERT OR IGNORE INTO projects (id, title, status) VALUES ('p', 'P', 'STARTED')");
  const record = interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: '2026-01-01T10:00:00Z',
    duration_minutes: 5,
    participant: null,
    transcript: words.map((text, i) => ({ role: i % 2 ? 'user' : 'assistant', text, start_ms: i * 1000, end_ms: i * 1000 + 900 })),
  });
  saveFullRecords(db, { projectId: 'p', items: [record], now: '2026-01-02T00:00:00Z' });
};
const found = (db: CacheDb, word: string) => db.prepare('SELECT rowid FROM turns_fts WHERE turns_fts MATCH ? ORDER BY rowid').pluck().all(word);
const stale = (db: CacheDb) => db.prepare('SELECT interview_id FROM questions_stale ORDER BY 1').pluck().all();
// An external-content FTS5 table checked against its content: throws if a turn is indexed twice, missing or stale.
const checkIndex = (db: CacheDb) => db.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)").run();

describe('migration 0023: turn insert indexing', () => {
  it('drops only the insert trigger', async () => {
    expect(MIGRATIONS[22]).toMatchObject({ version: 23, name: 'turn-insert-indexing' });
    expect(triggers(await migratedTo(22))).toEqual(['turns_ad', 'turns_ai', 'turns_au']);
    expect(triggers(await migratedTo(23))).toEqual(['turns_ad', 'turns_au']);
  });

  it('new turns past the mark wait for the indexer; turns written at ids it has passed are indexed at once', async () => {
    const db = await fresh();
    save(db, 'a', ['alpha', 'beta']);
    save(db, 'b', ['gamma', 'delta']);
    expect(searchBacklog(db)).toBe(4);
    expect(found(db, 'alpha')).toEqual([]);
    indexBacklog(db, {});
    expect(found(db, 'delta')).toEqual([4]);
    expect(stale(db)).toEqual([]);
    // b saved again with three turns: its old turns (3, 4, the highest) go, the new ones reuse 3 and 4 and take 5.
    save(db, 'b', ['epsilon', 'zeta', 'eta']);
    expect(found(db, 'delta')).toEqual([]);
    expect(found(db, 'epsilon')).toEqual([3]);
    expect(found(db, 'zeta')).toEqual([4]);
    expect(found(db, 'eta')).toEqual([]);
    expect(stale(db)).toEqual(['b']);
    expect(searchBacklog(db)).toBe(1);
    indexBacklog(db, {});
    expect(found(db, 'eta')).toEqual([5]);
    expect(() => checkIndex(db)).not.toThrow();
  });

  it('a save that neither deletes the top turns nor reuses ids leaves the index as it was', async () => {
    const db = await fresh();
    save(db, 'a', ['one', 'two']);
    save(db, 'b', ['three']);
    indexBacklog(db, {});
    // a's turns are not the highest: its new turns append past the mark.
    save(db, 'a', ['four', 'five']);
    expect(found(db, 'four')).toEqual([]);
    expect(found(db, 'one')).toEqual([]);
    expect(searchBacklog(db)).toBe(2);
    indexBacklog(db, {});
    expect(found(db, 'four')).toEqual([4]);
    expect(() => checkIndex(db)).not.toThrow();
  });
});
