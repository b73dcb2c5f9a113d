// Migration 0022: the researcher's "reviewed" marks on the Redaction review, one per study and interview, kept with
// a hash and count of what was found there then; their own data, tied to no service table, so no sync touches it.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { columns, migratedTo } from './support';

describe('migration 0022: redaction reviewed', () => {
  it('adds one mark per study and interview, with what was found then, tied to no service table', async () => {
    expect(MIGRATIONS[21]).toMatchObject({ version: 22, name: 'redaction-reviewed' });
    const d = await migratedTo(22);
    expect(columns(d, 'redaction_reviewed').map((c) => c.name)).toEqual(['project_id', 'interview_id', 'reviewed_at', 'findings_hash', 'findings']);
    const put = d.prepare('INSERT INTO redaction_reviewed (project_id, interview_id, reviewed_at, findings_hash, findings) VALUES (?, ?, ?, ?, ?)');
    put.run('p1', 'iv-a', 't1', 'abc', 3);
    put.run('p2', 'iv-a', 't1', 'abc', 0);
    expect(() => put.run('p1', 'iv-a', 't2', 'def', 4)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => put.run('p1', 'iv-b', 't2', '', 4)).toThrow(/CHECK/);
    expect(() => put.run('p1', 'iv-b', 't2', 'def', -1)).toThrow(/CHECK/);
    expect(() => put.run('p1', 'iv-b', null, 'def', 1)).toThrow(/NOT NULL/);
    // An interview the cache never saw can be marked (a mark outlives a study unlisted and synced back).
    expect(d.pragma('foreign_key_list(redaction_reviewed)')).toEqual([]);
    expect(d.prepare('SELECT project_id, interview_id, findings FROM redaction_reviewed ORDER BY project_id').all()).toEqual([
      { project_id: 'p1', interview_id: 'iv-a', findings: 3 },
      { project_id: 'p2', interview_id: 'iv-a', findings: 0 },
    ]);
  });
});
