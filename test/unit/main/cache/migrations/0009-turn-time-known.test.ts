// Migration 0009: a turn whose time could not be read is stored as "time unknown", never as 0.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { getInterview, saveFullRecords } from '../../../../../src/main/cache/queries/interviews';
import type { InterviewRecord } from '../../../../../src/shared/schemas/interview';
import { columns, migratedTo } from './support';

describe('migration 0009: turn time known', () => {
  it('is version 9, and turns cached before it keep their times', async () => {
    expect(MIGRATIONS[8]).toMatchObject({ version: 9, name: 'turn-time-known' });
    const d = await migratedTo(8);
    d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS');
            INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES ('i', 'p', 'COMPLETE', 'f', 'complete', 'now');
            INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms, end_ms) VALUES ('i', 0, 'User', 'hello', 1500, 2500);`);
    await migrate(d, { migrations: MIGRATIONS.slice(0, 9) });
    expect(d.pragma('user_version', { simple: true })).toBe(9);
    expect(columns(d, 'transcript_turns').find((c) => c.name === 'time_known')).toMatchObject({ notnull: 1, dflt_value: '1' });
    // Read with today's query, which needs today's schema (participant codes, 0020).
    await migrate(d);
    expect(getInterview(d, { id: 'i' })?.transcript).toEqual([{ index: 0, role: 'User', text: 'hello', start_ms: 1500, end_ms: 2500 }]);
  });

  it('a turn saved without a readable time reads back as null, beside timed turns', async () => {
    const d = await migratedTo(9);
    d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS');`);
    const record: InterviewRecord = {
      id: 'i',
      status: 'COMPLETE',
      completed_at: '2026-11-01T10:00:00Z',
      duration_minutes: 1,
      video_url: null,
      video_url_expires_at: null,
      thumbnail_url: null,
      participant: null,
      screener: null,
      transcript: [
        { index: 0, role: 'AI', text: 'Why?', start_ms: 0, end_ms: 1000 },
        { index: 1, role: 'User', text: 'Because.', start_ms: null, end_ms: null },
        { index: 2, role: 'AI', text: 'Thanks.', start_ms: 9000, end_ms: null },
      ],
    };
    saveFullRecords(d, { projectId: 'p', items: [record], now: '2026-11-02T00:00:00Z' });
    await migrate(d);
    expect(getInterview(d, { id: 'i' })?.transcript?.map((t) => t.start_ms)).toEqual([0, null, 9000]);
    expect(d.prepare('SELECT time_known FROM transcript_turns ORDER BY idx').all()).toEqual([{ time_known: 1 }, { time_known: 0 }, { time_known: 1 }]);
    expect(() => d.prepare('UPDATE transcript_turns SET time_known = 2').run()).toThrow(/CHECK/);
  });
});
