// Migration 0016: the researcher's redaction decisions, own terms and encrypted pseudonym mapping, per study,
// with no tie to the service's rows (a sync never touches them).
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { columns, migratedTo } from './support';

describe('migration 0016: redaction', () => {
  it('adds the three tables, keyed per study, and refuses what would be nonsense', async () => {
    expect(MIGRATIONS[15]).toMatchObject({ version: 16, name: 'redaction' });
    const d = await migratedTo(16);
    expect(columns(d, 'redaction_decisions').map((c) => c.name)).toEqual(['project_id', 'kind', 'term', 'decision', 'decided_at']);
    expect(columns(d, 'redaction_terms').map((c) => c.name)).toEqual(['project_id', 'term', 'text', 'kind', 'added_at']);
    expect(columns(d, 'redaction_mappings').map((c) => c.name)).toEqual(['project_id', 'key_account', 'iv', 'tag', 'ciphertext', 'updated_at']);

    // No study row is needed: these belong to the researcher, not to a sync.
    const decide = d.prepare('INSERT INTO redaction_decisions (project_id, kind, term, decision, decided_at) VALUES (?, ?, ?, ?, ?)');
    decide.run('p-not-synced', 'person', 'peter jones', 'accept', 't');
    expect(() => decide.run('p-not-synced', 'person', 'peter jones', 'reject', 't')).toThrow(/UNIQUE/);
    decide.run('p-not-synced', 'participant', 'peter jones', 'reject', 't');
    decide.run('p2', 'person', 'peter jones', 'reject', 't');
    expect(() => decide.run('p2', 'person', 'x', 'maybe', 't')).toThrow(/CHECK/);
    expect(() => decide.run('p2', 'name', 'x', 'accept', 't')).toThrow(/CHECK/);

    const term = d.prepare('INSERT INTO redaction_terms (project_id, term, text, kind, added_at) VALUES (?, ?, ?, ?, ?)');
    term.run('p1', 'project falcon', 'Project Falcon', 'custom', 't');
    expect(() => term.run('p1', 'x', ' x ', 'custom', 't')).toThrow(/CHECK/);

    const map = d.prepare('INSERT INTO redaction_mappings (project_id, key_account, iv, tag, ciphertext, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    map.run('p1', 'redaction-key:p1', Buffer.alloc(12), Buffer.alloc(16), Buffer.from('sealed'), 't');
    expect(() => map.run('p2', 'k', Buffer.alloc(8), Buffer.alloc(16), Buffer.from('x'), 't')).toThrow(/CHECK/);
    expect(d.pragma('foreign_key_list(redaction_decisions)')).toEqual([]);
    expect(d.pragma('foreign_key_list(redaction_terms)')).toEqual([]);
    expect(d.pragma('foreign_key_list(redaction_mappings)')).toEqual([]);
    expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
