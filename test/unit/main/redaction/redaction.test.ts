// Scan, pseudonyms, the encrypted mapping and the Redactor over a real (in-memory) cache: what the review
// lists, what an export writes, and that the mapping at rest shows nobody's name.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { buildRedactor } from '../../../../src/main/redaction/build-redactor';
import { loadMapping, mappingKeyAccount, readMapping } from '../../../../src/main/redaction/mapping-store';
import { participantPseudonym, personLetter } from '../../../../src/main/redaction/pseudonyms';
import { findingJson, scanStudy } from '../../../../src/main/redaction/scan';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import type { SecretStore } from '../../../../src/main/secrets/secret-store';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';
import { report } from '../../../../src/shared/schemas/report';

const NOW = '2026-11-26T10:00:00.000Z';
let cache: Cache & { db: CacheDb };
let secrets: SecretStore;

const turns = (...texts: string[]) => texts.map((text, i) => ({ role: i % 2 ? 'User' : 'AI', text, start_ms: i * 10_000, end_ms: i * 10_000 + 9_000 }));

async function seed() {
  await cache.call('projects.saveList', {
    items: [projectListItem.parse({ id: 'p1', title: 'Meal kits', status: 'STARTED', created_at: NOW, type: 'CHURN' })],
    syncedAt: NOW,
  });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    now: NOW,
    items: [
      interviewRecord.parse({
        id: 'iv-b',
        status: 'COMPLETE',
        completed_at: '2026-11-02T10:00:00Z',
        participant: { name: 'Amara Okafor', email: 'amara@example.com', city: 'Leeds', plan: 'Weekly' },
        transcript: turns(
          'Hello, how was the box?',
          'My sister Joan Baptiste loved it, and Amara from Leeds is me. Mail amara@example.com or call 07700 900123.',
        ),
      }),
      interviewRecord.parse({
        id: 'iv-a',
        status: 'COMPLETE',
        completed_at: '2026-11-01T10:00:00Z',
        participant: { name: 'Tom Reyes', email: 'tom@example.org' },
        transcript: turns('Welcome.', 'I cooked with Peter Jones on Friday, then Joan Baptiste came round. See www.tomcooks.com.'),
      }),
      // Not complete, and with no transcript: its participant is still covered.
      interviewRecord.parse({
        id: 'iv-c',
        status: 'INCOMPLETE',
        completed_at: null,
        participant: { name: 'Lin Wu', email: 'lin@example.net' },
        transcript: [],
      }),
    ],
  });
  await cache.call('reports.save', {
    projectId: 'p1',
    report: report.parse({
      report_id: 'r',
      project_id: 'p1',
      status: 'COMPLETED',
      themes: [{ title: 'Price', frequency: 0.8, summary: 's', quotes: ['Tom Reyes said the price was fair, Peter Jones did not.'] }],
    }),
    now: NOW,
  });
}

beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  secrets = createMemoryStore(null);
  await seed();
});
afterEach(() => cache.close());

describe('pseudonyms', () => {
  it('letters people A to Z then AA, and names participants by their code, never re-padded', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(personLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(participantPseudonym(7)).toBe('P07');
    expect(participantPseudonym(42)).toBe('P42');
    expect(participantPseudonym(100)).toBe('P100');
  });
});

describe('scan', () => {
  it('finds every participant’s fields (whatever the status), names, emails, phones, links and the report’s quotes, with suggestions', async () => {
    const r = await scanStudy(cache, secrets, 'p1', NOW);
    const json = r.findings.map(findingJson);
    // Order of completion: Tom (iv-a) is P01, Amara 2, Lin (not complete) 3.
    expect(json).toContainEqual({
      interview_id: 'iv-a',
      kind: 'participant',
      text: 'Tom Reyes',
      start_ms: null,
      suggested: 'P01',
      confidence: 'sure',
      reason: null,
    });
    expect(json).toContainEqual({
      interview_id: 'iv-b',
      kind: 'participant',
      text: 'Amara Okafor',
      start_ms: null,
      suggested: 'P02',
      confidence: 'sure',
      reason: null,
    });
    expect(json).toContainEqual({
      interview_id: 'iv-c',
      kind: 'participant',
      text: 'lin@example.net',
      start_ms: null,
      suggested: 'P03',
      confidence: 'sure',
      reason: null,
    });
    // A personal detail other than the name or email is hidden, not given the participant's pseudonym: a
    // city several participants share must not read as one of them.
    expect(json).toContainEqual({
      interview_id: 'iv-b',
      kind: 'participant',
      text: 'Leeds',
      start_ms: null,
      suggested: '[redacted]',
      confidence: 'sure',
      reason: null,
    });
    // In order of first appearance over the study: Peter Jones (iv-a, first completed) then Joan Baptiste.
    expect(json).toContainEqual({
      interview_id: 'iv-a',
      kind: 'person',
      text: 'Peter Jones',
      start_ms: 10_000,
      suggested: '[Person A]',
      confidence: 'sure',
      reason: null,
    });
    expect(json).toContainEqual({
      interview_id: 'iv-a',
      kind: 'person',
      text: 'Joan Baptiste',
      start_ms: 10_000,
      suggested: '[Person B]',
      confidence: 'sure',
      reason: null,
    });
    expect(json).toContainEqual({
      interview_id: 'iv-b',
      kind: 'person',
      text: 'Joan Baptiste',
      start_ms: 10_000,
      suggested: '[Person B]',
      confidence: 'sure',
      reason: null,
    });
    expect(json).toContainEqual({
      interview_id: 'iv-b',
      kind: 'participant',
      text: 'amara@example.com',
      start_ms: 10_000,
      suggested: 'P02',
      confidence: 'sure',
      reason: null,
    });
    expect(json).toContainEqual({
      interview_id: 'iv-b',
      kind: 'phone',
      text: '07700 900123',
      start_ms: 10_000,
      suggested: '[phone]',
      confidence: 'sure',
      reason: null,
    });
    expect(json).toContainEqual({
      interview_id: 'iv-a',
      kind: 'url',
      text: 'www.tomcooks.com',
      start_ms: 10_000,
      suggested: '[link]',
      confidence: 'sure',
      reason: null,
    });
    // A quote belongs to no interview, but a participant named in it is theirs.
    expect(json).toContainEqual({
      interview_id: null,
      kind: 'participant',
      text: 'Tom Reyes',
      start_ms: null,
      suggested: 'P01',
      confidence: 'sure',
      reason: null,
    });
    expect(json.filter((f) => f.text === 'Friday' || f.text === 'Hello')).toEqual([]);
    // The name and email are listed once each, not again as the raw fields they came from.
    const fields = r.findings.filter((f) => f.interview_id === 'iv-b' && f.source === 'field');
    expect(fields.map((f) => [f.at, f.text])).toEqual([
      ['name', 'Amara Okafor'],
      ['email', 'amara@example.com'],
      ['city', 'Leeds'],
    ]);
    const joan = r.findings.find((f) => f.text === 'Joan Baptiste' && f.interview_id === 'iv-b')!;
    expect(joan).toMatchObject({ source: 'turn', at: '1', before: 'My sister ', term: 'joan baptiste', decision: null });
    expect(joan.after.startsWith(' loved it')).toBe(true);
  });

  it('keeps letters across scans, and keeps the mapping sealed: the cache shows no name, the keychain’s key opens it', async () => {
    await scanStudy(cache, secrets, 'p1', NOW);
    const again = await scanStudy(cache, secrets, 'p1', NOW);
    expect(again.findings.find((f) => f.text === 'Joan Baptiste')?.suggested).toBe('[Person B]');
    const row = cache.db.prepare('SELECT * FROM redaction_mappings').get() as { ciphertext: Buffer; key_account: string };
    expect(row.key_account).toBe(mappingKeyAccount('p1'));
    for (const secret of ['Joan', 'Amara', 'amara@example.com', 'Person']) expect(row.ciphertext.toString('latin1')).not.toContain(secret);
    const mapping = await readMapping(cache, secrets, 'p1');
    expect(mapping?.persons.map((p) => [p.text, p.label])).toEqual([
      ['Peter Jones', '[Person A]'],
      ['Joan Baptiste', '[Person B]'],
    ]);
    expect(mapping?.participants).toContainEqual({ interview_id: 'iv-b', pseudonym: 'P02', name: 'Amara Okafor', email: 'amara@example.com' });

    // Without the key (another machine's keychain) the mapping cannot be read: a new one, and a warning.
    const elsewhere = createMemoryStore(null);
    expect((await loadMapping(cache, elsewhere, 'p1')).warning).toMatch(/not in the system keychain/);
    await secrets.set(mappingKeyAccount('p1'), Buffer.alloc(32, 1).toString('base64'));
    expect(await readMapping(cache, secrets, 'p1')).toBeNull();
  });
});

describe('decisions and terms', () => {
  it('keeps accept and reject per kind and normalised text, and own terms with their kind', async () => {
    expect(await cache.call('redaction.decide', { projectId: 'p1', kind: 'person', text: ' Peter  JONES', decision: 'reject', now: NOW })).toEqual({
      kind: 'person',
      term: 'peter jones',
      decision: 'reject',
      decided_at: NOW,
    });
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'phone', text: '07700-900-123', decision: 'accept', now: NOW });
    expect(await cache.call('redaction.decisions', { projectId: 'p1' })).toEqual([
      { kind: 'person', term: 'peter jones', decision: 'reject', decided_at: NOW },
      { kind: 'phone', term: '07700900123', decision: 'accept', decided_at: NOW },
    ]);
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'phone', text: '07700900123', decision: null, now: NOW });
    expect(await cache.call('redaction.decisions', { projectId: 'p1' })).toHaveLength(1);

    await cache.call('redaction.addTerm', { projectId: 'p1', text: 'Tom  Cooks', kind: 'custom', now: NOW });
    expect(await cache.call('redaction.addTerm', { projectId: 'p1', text: 'tom cooks', kind: 'person', now: NOW })).toMatchObject({
      term: 'tom cooks',
      kind: 'person',
    });
    expect(await cache.call('redaction.terms', { projectId: 'p1' })).toEqual([{ term: 'tom cooks', text: 'tom cooks', kind: 'person', added_at: NOW }]);
    expect(await cache.call('redaction.removeTerm', { projectId: 'p1', text: 'TOM COOKS' })).toBe(true);
    expect(await cache.call('redaction.terms', { projectId: 'p1' })).toEqual([]);

    await cache.call('redaction.decide', { projectId: 'p1', kind: 'person', text: 'Joan Baptiste', decision: 'accept', now: NOW });
    const r = await scanStudy(cache, secrets, 'p1', NOW);
    expect(r.findings.find((f) => f.text === 'Peter Jones')?.decision).toBe('reject');
    expect(r.findings.find((f) => f.text === 'Joan Baptiste')?.decision).toBe('accept');
  });
});

describe('buildRedactor', () => {
  it('replaces every participant’s values, people and shapes consistently, the longest first, in any text', async () => {
    const r = await buildRedactor(cache, secrets, 'p1');
    expect(r.active).toBe(true);
    expect(r.text('AMARA OKAFOR met tom reyes; joan baptiste and Peter  Jones too.')).toBe('P02 met P01; [Person B] and [Person A] too.');
    expect(r.text('Write to lin@example.net, call +44 20 7946 0958, visit https://x.example.com/a, SW1A 1AA, order 12345678.')).toBe(
      'Write to P03, call [phone], visit [link], [postcode], order [number].',
    );
    // Parts of a name alone, and not inside other words.
    expect(r.text('Amara said Okafor is her name; Amaranth is a plant.')).toBe('P02 said P02 is her name; Amaranth is a plant.');
    expect(r.text('It cost £12.50 at 10:30 in May 2024.')).toBe('It cost £12.50 at 10:30 in May 2024.');
    expect(r.participant('iv-b', 'Amara Okafor', 'P02')).toBe('P02');
    expect(r.participant('iv-unknown', null, 'P12')).toBe('P12');
    expect(r.text('Tom moved to Leeds.')).toBe('P01 moved to [redacted].');
  });

  it('leaves what the researcher rejected and replaces their own terms', async () => {
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'person', text: 'Peter Jones', decision: 'reject', now: NOW });
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'participant', text: 'Leeds', decision: 'reject', now: NOW });
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'url', text: 'www.tomcooks.com', decision: 'reject', now: NOW });
    await cache.call('redaction.addTerm', { projectId: 'p1', text: 'Project Falcon', kind: 'custom', now: NOW });
    await cache.call('redaction.addTerm', { projectId: 'p1', text: 'Aunt Mavis', kind: 'person', now: NOW });
    const r = await buildRedactor(cache, secrets, 'p1');
    expect(r.text('Peter Jones in Leeds saw www.tomcooks.com and project falcon with Aunt Mavis and Joan Baptiste.')).toBe(
      'Peter Jones in Leeds saw www.tomcooks.com and [redacted] with [Person C] and [Person B].',
    );
    // A rejected phone number keeps all its digits: no long number inside it is replaced either.
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'phone', text: '07700 900123', decision: 'reject', now: NOW });
    const again = await buildRedactor(cache, secrets, 'p1');
    expect(again.text('Call 07700 900123 or 07700 900456.')).toBe('Call 07700 900123 or [phone].');
  });

  it('replaces an address whole, a date of birth, an ID number and a handle by their labels (issue 21 §1)', async () => {
    const r = await buildRedactor(cache, secrets, 'p1');
    expect(r.text('I live at 14 Cedar Road, Didsbury, Manchester M20 2RL now.')).toBe('I live at [address] now.');
    expect(r.text('I was born on 3 March 1988, NI number QQ 12 34 56 C, @maria_k on instagram.')).toBe(
      'I was born on [date of birth], NI number [id number], [handle] on instagram.',
    );
    // An address the researcher keeps keeps its postcode too: nothing inside it is replaced.
    await cache.call('redaction.decide', {
      projectId: 'p1',
      kind: 'address',
      text: '14 Cedar Road,  Didsbury, Manchester M20 2RL',
      decision: 'reject',
      now: NOW,
    });
    const again = await buildRedactor(cache, secrets, 'p1');
    expect(again.text('I live at 14 Cedar Road, Didsbury, Manchester M20 2RL now.')).toBe('I live at 14 Cedar Road, Didsbury, Manchester M20 2RL now.');
    expect(again.text('Or SW1A 1AA.')).toBe('Or [postcode].');
  });
});
