// Migration 0019: a turn's key (interview_id, idx) is kept unique by a named index instead of the table's inline
// UNIQUE, so a first sync can write without it (queries/turn-key.ts). Turns, ids, triggers and search survive.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { indexBacklog } from '../../../../../src/main/cache/queries/search-index';
import { migratedTo, plan } from './support';

const triggers = (d: Database.Database) =>
  d.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'transcript_turns' ORDER BY name").all();
const ftsHits = (d: Database.Database, word: string) =>
  d.prepare('SELECT rowid FROM turns_fts WHERE turns_fts MATCH ? ORDER BY rowid').pluck().all(word) as number[];

describe('migration 0019: turn key index', () => {
  it('is version 19; keeps every turn with its id, the triggers as they were, and the search index valid', async () => {
    expect(MIGRATIONS[18]).toMatchObject({ version: 19, name: 'turn-key-index' });
    const d = await migratedTo(18);
    d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS');
            INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES
              ('i1', 'p', 'COMPLETE', 'f', 'complete', 'now'), ('i2', 'p', 'COMPLETE', 'f', 'complete', 'now');
            INSERT INTO transcript_turns (id, interview_id, idx, role, text, start_ms, end_ms, time_known) VALUES
              (7, 'i1', 0, 'AI', 'What about pricing?', 0, 900, 1), (9, 'i1', 1, 'User', 'Pricing felt steep', 1000, NULL, 0),
              (12, 'i2', 0, 'AI', 'Tell me about onboarding', 0, 500, 1);`);
    indexBacklog(d, {});
    const before = { turns: d.prepare('SELECT * FROM transcript_turns ORDER BY id').all(), triggers: triggers(d) };
    expect(before.triggers).toHaveLength(3);

    await migrate(d, { migrations: MIGRATIONS.slice(0, 19) });
    expect(d.pragma('user_version', { simple: true })).toBe(19);
    expect(d.prepare('SELECT * FROM transcript_turns ORDER BY id').all()).toEqual(before.turns);
    expect(triggers(d)).toEqual(before.triggers);
    expect(ftsHits(d, 'pricing')).toEqual([7, 9]);
    d.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)").run();
    expect(d.pragma('foreign_key_check')).toEqual([]);

    // The key is still unique, still read in order off an index, and an interview's turns still go with it.
    expect(() => d.prepare("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES ('i1', 1, 'AI', 'again', 0)").run()).toThrow(
      /UNIQUE constraint failed: transcript_turns.interview_id, transcript_turns.idx/,
    );
    const p = plan(d, 'SELECT * FROM transcript_turns WHERE interview_id = ? ORDER BY idx', 'i1');
    expect(p).toMatch(/SEARCH transcript_turns USING INDEX transcript_turns_key \(interview_id=\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
    d.prepare("DELETE FROM interviews WHERE id = 'i1'").run();
    expect(d.prepare('SELECT id FROM transcript_turns').pluck().all()).toEqual([12]);
    // The delete trigger took the indexed turns out of the search index with them.
    expect(ftsHits(d, 'pricing')).toEqual([]);
    d.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)").run();
  });
});
