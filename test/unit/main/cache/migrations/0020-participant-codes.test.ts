// Migration 0020: one stored participant code number per interview, unique in its study, given to the interviews
// already saved in the order "Interview N" used (completion, then id; unfinished last), untouched by sync.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { columns, migratedTo } from './support';

describe('migration 0020: participant codes', () => {
  it('numbers each study’s saved interviews in order of completion and keeps numbers unique per study', async () => {
    expect(MIGRATIONS[19]).toMatchObject({ version: 20, name: 'participant-codes' });
    const d = await migratedTo(19);
    d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS'), ('q', 'Q', 'IN_PROGRESS');
            INSERT INTO interviews (id, project_id, status, completed_at, fingerprint, detail_state, listed_at) VALUES
              ('late', 'p', 'COMPLETE', '2026-03-02T10:00:00Z', 'f', 'complete', 'now'),
              ('open', 'p', 'IN_PROGRESS', NULL, 'f', 'pending', 'now'),
              ('early', 'p', 'COMPLETE', '2026-03-01T10:00:00Z', 'f', 'complete', 'now'),
              ('tie-b', 'p', 'COMPLETE', '2026-03-01T12:00:00Z', 'f', 'complete', 'now'),
              ('tie-a', 'p', 'COMPLETE', '2026-03-01T12:00:00Z', 'f', 'complete', 'now'),
              ('other', 'q', 'COMPLETE', '2026-01-01T00:00:00Z', 'f', 'complete', 'now');`);
    await migrate(d, { migrations: MIGRATIONS.slice(0, 20) });
    expect(columns(d, 'participant_codes').map((c) => c.name)).toEqual(['interview_id', 'project_id', 'n']);
    expect(d.prepare('SELECT interview_id, project_id, n FROM participant_codes ORDER BY project_id, n').all()).toEqual([
      { interview_id: 'early', project_id: 'p', n: 1 },
      { interview_id: 'tie-a', project_id: 'p', n: 2 },
      { interview_id: 'tie-b', project_id: 'p', n: 3 },
      { interview_id: 'late', project_id: 'p', n: 4 },
      { interview_id: 'open', project_id: 'p', n: 5 },
      { interview_id: 'other', project_id: 'q', n: 1 },
    ]);
    const add = d.prepare('INSERT INTO participant_codes (interview_id, project_id, n) VALUES (?, ?, ?)');
    expect(() => add.run('x', 'p', 4)).toThrow(/UNIQUE/);
    expect(() => add.run('early', 'q', 9)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => add.run('y', 'p', 0)).toThrow(/CHECK/);
    // Not tied to the service's tables: an interview deleted by a sync leaves its code, so its number is never reused.
    expect(d.pragma('foreign_key_list(participant_codes)')).toEqual([]);
    d.prepare("DELETE FROM interviews WHERE id = 'late'").run();
    expect(d.prepare("SELECT n FROM participant_codes WHERE interview_id = 'late'").pluck().get()).toBe(4);
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
