// A first sync writes turns without the turn key's index and builds it at the end (queries/turn-key.ts): the
// index only goes when no turn is cached, comes back when the last bulk load ends, and after a stop mid-load
// (a kill) it is built again when the cache is next opened. Reads stay right without it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCacheDb, type CacheDb } from '../../../../src/main/cache/open';
import { getInterview, saveFullRecords } from '../../../../src/main/cache/queries/interviews';
import { beginTurnBulkLoad, endTurnBulkLoad, ensureTurnKey } from '../../../../src/main/cache/queries/turn-key';
import { interviewRecord } from '../../../../src/shared/schemas/interview';

const dir = mkdtempSync(join(tmpdir(), 'fw-turn-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = async () => (await openCacheDb(join(dir, `c${n++}`, 'workspace.db'))).db;
const hasKey = (db: CacheDb) => db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'transcript_turns_key'").pluck().get() === 1;
const record = (id: string, words: string[]) =>
  interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: '2026-01-01T10:00:00Z',
    duration_minutes: 5,
    participant: null,
    transcript: words.map((text, i) => ({ role: i % 2 ? 'user' : 'assistant', text, start_ms: i * 1000, end_ms: i * 1000 + 900 })),
  });
const save = (db: CacheDb, ...items: ReturnType<typeof record>[]) => {
  db.exec("INSERT OR IGNORE INTO projects (id, title, status) VALUES ('p', 'P', 'STARTED')");
  saveFullRecords(db, { projectId: 'p', items, now: '2026-01-02T00:00:00Z' });
};
const texts = (db: CacheDb, id: string) => getInterview(db, { id })?.transcript?.map((t) => t.text);

describe('the turn key index around a bulk load', () => {
  it('goes for a load into an empty cache, and comes back when the last of two loads ends', async () => {
    const db = await fresh();
    expect(hasKey(db)).toBe(true);
    const cacheSize = db.pragma('cache_size', { simple: true });
    expect(beginTurnBulkLoad(db)).toEqual({ bulk: true });
    expect(hasKey(db)).toBe(false);
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    save(db, record('a', ['one', 'two']));
    // A second study's first sync, side by side: it joins the load although turns are cached by now.
    expect(beginTurnBulkLoad(db)).toEqual({ bulk: true });
    save(db, record('b', ['three']));
    // The same interview again (a listing that shifted between pages): replaced, not doubled, without the index.
    save(db, record('a', ['one again', 'two again', 'three again']));
    endTurnBulkLoad(db);
    expect(hasKey(db)).toBe(false);
    expect(texts(db, 'a')).toEqual(['one again', 'two again', 'three again']);
    endTurnBulkLoad(db);
    expect(hasKey(db)).toBe(true);
    // The page cache is set back as it was.
    expect(db.pragma('cache_size', { simple: true })).toBe(cacheSize);
    expect(texts(db, 'b')).toEqual(['three']);
    expect(() => db.prepare("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES ('a', 0, 'AI', 'x', 0)").run()).toThrow(/UNIQUE/);
    db.close();
  });

  it('stays when turns are already cached: the load goes through it as usual', async () => {
    const db = await fresh();
    save(db, record('a', ['one']));
    expect(beginTurnBulkLoad(db)).toEqual({ bulk: false });
    expect(hasKey(db)).toBe(true);
    db.close();
  });

  it('is built again when a cache left mid-load is opened', async () => {
    const file = join(dir, 'killed', 'workspace.db');
    const first = (await openCacheDb(file)).db;
    beginTurnBulkLoad(first);
    save(first, record('a', ['one', 'two']));
    // The process stops here: no end.
    first.close();
    const again = (await openCacheDb(file)).db;
    expect(hasKey(again)).toBe(true);
    expect(texts(again, 'a')).toEqual(['one', 'two']);
    again.close();
  });

  it('keeps the newest copy of a turn if duplicates ever got in while it was away, so it can always be built', async () => {
    const db = await fresh();
    beginTurnBulkLoad(db);
    save(db, record('a', ['old zero', 'old one']));
    db.prepare("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES ('a', 1, 'User', 'new one', 0)").run();
    expect(() => db.exec('CREATE UNIQUE INDEX probe ON transcript_turns(interview_id, idx)')).toThrow(/UNIQUE/);
    endTurnBulkLoad(db);
    expect(hasKey(db)).toBe(true);
    expect(texts(db, 'a')).toEqual(['old zero', 'new one']);
    ensureTurnKey(db);
    db.close();
  });
});
