// Migration 0010: a side read the service refused is stored with its reason, not as a failed sync.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { saveSideRead, sideReadGaps } from '../../../../../src/main/cache/queries/project-extras';
import { columns, migratedTo } from './support';

describe('migration 0010: side reads', () => {
  it('is version 10 and adds the side_reads table', async () => {
    expect(MIGRATIONS[9]).toMatchObject({ version: 10, name: 'side-reads' });
    const d = await migratedTo(9);
    await migrate(d, { migrations: MIGRATIONS.slice(0, 10) });
    expect(d.pragma('user_version', { simple: true })).toBe(10);
    expect(columns(d, 'side_reads').map((c) => c.name)).toEqual(['project_id', 'kind', 'reason', 'checked_at']);
  });

  it('keeps the latest reason per study and kind; a read that worked clears it', async () => {
    const d = await migratedTo(10);
    saveSideRead(d, { projectId: 'p', kind: 'embed', reason: 'Not launched yet.', now: 't1' });
    saveSideRead(d, { projectId: 'p', kind: 'report', reason: 'No report yet.', now: 't1' });
    saveSideRead(d, { projectId: null, kind: 'credits', reason: 'Refused.', now: 't1' });
    expect(sideReadGaps(d, { projectId: 'p' })).toEqual({ embed: 'Not launched yet.', report: 'No report yet.' });
    saveSideRead(d, { projectId: 'p', kind: 'embed', reason: null, now: 't2' });
    expect(sideReadGaps(d, { projectId: 'p' })).toEqual({ report: 'No report yet.' });
    expect(sideReadGaps(d, { projectId: null })).toEqual({ credits: 'Refused.' });
    expect(() => saveSideRead(d, { projectId: 'p', kind: 'video' as never, reason: null, now: 't' })).toThrow(/CHECK/);
  });
});
