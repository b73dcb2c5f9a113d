// Migration 0021: the redaction tables take the four kinds issue 21 adds (address, dob, id, handle), and every
// decision and own term made before is kept as it was.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { REDACTION_KINDS } from '../../../../../src/shared/redaction/kinds';
import { columns, migratedTo } from './support';

describe('migration 0021: redaction contact kinds', () => {
  it('keeps every decision and term, and takes every kind the scan finds (and no other)', async () => {
    const step = MIGRATIONS.find((m) => m.name === 'redaction-contact-kinds');
    expect(step).toMatchObject({ version: 21 });
    const d = await migratedTo(19);
    d.exec(`INSERT INTO redaction_decisions (project_id, kind, term, decision, decided_at) VALUES
              ('p1', 'person', 'peter jones', 'accept', 't1'), ('p1', 'postcode', 'm20 2rl', 'reject', 't2');
            INSERT INTO redaction_terms (project_id, term, text, kind, added_at) VALUES ('p1', 'project falcon', 'Project Falcon', 'custom', 't3');`);
    // Before: an address cannot be decided on.
    const decide = (db: typeof d, kind: string, term: string) =>
      db.prepare('INSERT INTO redaction_decisions (project_id, kind, term, decision, decided_at) VALUES (?, ?, ?, ?, ?)').run('p1', kind, term, 'accept', 't');
    expect(() => decide(d, 'address', '14 cedar road')).toThrow(/CHECK/);

    await migrate(d, { migrations: MIGRATIONS.filter((m) => m.version <= 21) });
    expect(d.pragma('user_version', { simple: true })).toBe(21);
    expect(d.prepare('SELECT project_id, kind, term, decision, decided_at FROM redaction_decisions ORDER BY term').all()).toEqual([
      { project_id: 'p1', kind: 'postcode', term: 'm20 2rl', decision: 'reject', decided_at: 't2' },
      { project_id: 'p1', kind: 'person', term: 'peter jones', decision: 'accept', decided_at: 't1' },
    ]);
    expect(d.prepare('SELECT project_id, term, text, kind, added_at FROM redaction_terms').all()).toEqual([
      { project_id: 'p1', term: 'project falcon', text: 'Project Falcon', kind: 'custom', added_at: 't3' },
    ]);
    expect(columns(d, 'redaction_decisions').map((c) => c.name)).toEqual(['project_id', 'kind', 'term', 'decision', 'decided_at']);
    expect(columns(d, 'redaction_terms').map((c) => c.name)).toEqual(['project_id', 'term', 'text', 'kind', 'added_at']);

    // Every kind the detectors name can be decided on and added as a term; a kind no one knows is still refused.
    for (const kind of new Set([...REDACTION_KINDS, 'address', 'dob', 'id', 'handle'])) decide(d, kind, `value of ${kind}`);
    const term = d.prepare('INSERT INTO redaction_terms (project_id, term, text, kind, added_at) VALUES (?, ?, ?, ?, ?)');
    term.run('p1', 'qq123456c', 'QQ 12 34 56 C', 'id', 't');
    expect(() => decide(d, 'name', 'x')).toThrow(/CHECK/);
    expect(() => term.run('p1', 'x', 'xx', 'passport', 't')).toThrow(/CHECK/);
    expect(() => decide(d, 'person', 'peter jones')).toThrow(/UNIQUE|PRIMARY/);
    expect(d.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%_next'").all()).toEqual([]);
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
