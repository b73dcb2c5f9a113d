// Study-level names (issue 21 §1): a name found surely once is found in every turn of every interview, with
// its parts, whole and under one letter; a possible name is listed but replaced only once accepted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { buildRedactor } from '../../../../src/main/redaction/build-redactor';
import { scanStudy } from '../../../../src/main/redaction/scan';
import { ScanMemo } from '../../../../src/main/redaction/scan-memo';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import type { SecretStore } from '../../../../src/main/secrets/secret-store';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-27T10:00:00.000Z';
let cache: Cache & { db: CacheDb };
let secrets: SecretStore;
const turns = (...texts: string[]) => texts.map((text, i) => ({ role: i % 2 ? 'User' : 'AI', text, start_ms: i * 10_000, end_ms: i * 10_000 + 9_000 }));

beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  secrets = createMemoryStore(null);
  await cache.call('projects.saveList', {
    items: [projectListItem.parse({ id: 'p1', title: 'Meal kits', status: 'STARTED', created_at: NOW, type: 'CHURN' })],
    syncedAt: NOW,
  });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    now: NOW,
    items: [
      interviewRecord.parse({
        id: 'iv-1',
        status: 'COMPLETE',
        completed_at: '2026-11-01T10:00:00Z',
        participant: { name: 'Ngozi Obi', email: 'ngozi@example.com' },
        transcript: turns('Who do you cook for?', 'I live with my partner Chiamaka Okafor, and a friend from church, Mrs. Nwosu, gave me a code.'),
      }),
      interviewRecord.parse({
        id: 'iv-2',
        status: 'COMPLETE',
        completed_at: '2026-11-02T10:00:00Z',
        participant: { name: 'Tom Reyes', email: 'tom@example.org' },
        transcript: turns(
          'Anything else?',
          "chiamaka came round. Okafor's sister too, and sorry, Adaeze Nwosu was there. We are moving to Florence next year.",
        ),
      }),
    ],
  });
});
afterEach(() => cache.close());

describe('names across a study', () => {
  it('finds every mention of a sure name and its parts in other interviews, whole, under the same letter', async () => {
    const scan = await scanStudy(cache, secrets, 'p1', NOW, new ScanMemo());
    const people = scan.findings.filter((f) => f.kind === 'person' && f.interview_id === 'iv-2');
    expect(people.map((f) => [f.text, f.confidence ?? 'sure'])).toEqual([
      ['chiamaka', 'sure'],
      ['Okafor', 'sure'],
      ['Adaeze Nwosu', 'sure'],
      ['Florence', 'possible'],
    ]);
    const letter = (text: string) => scan.findings.find((f) => f.text === text)!.suggested;
    expect(letter('chiamaka')).toBe(letter('Chiamaka Okafor'));
    expect(letter('Okafor')).toBe(letter('Chiamaka Okafor'));
    expect(letter('Adaeze Nwosu')).not.toBe(letter('Chiamaka Okafor'));
  });

  it('exports replace sure names whole and a possible one only once the researcher accepts it', async () => {
    const memo = new ScanMemo();
    const said = "chiamaka came round. Okafor's sister too, and sorry, Adaeze Nwosu was there. We are moving to Florence next year.";
    const before = (await buildRedactor(cache, secrets, 'p1', { memo })).text(said);
    expect(before).not.toMatch(/chiamaka|Okafor|Adaeze|Nwosu/i);
    expect(before).toContain('Florence');
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'person', text: 'Florence', decision: 'accept', now: NOW });
    const after = (await buildRedactor(cache, secrets, 'p1', { memo })).text(said);
    expect(after).not.toContain('Florence');
  });

  it('a name that is also a word is replaced where it names someone, and the word is left where it is a word', async () => {
    await cache.call('interviews.saveFullRecords', {
      projectId: 'p1',
      now: NOW,
      items: [
        interviewRecord.parse({
          id: 'iv-3',
          status: 'COMPLETE',
          completed_at: '2026-11-03T10:00:00Z',
          participant: { name: 'Ama Mensah', email: 'ama@example.com' },
          transcript: turns('Who helped?', 'My uncle Happy sorted it, but I was not happy at all. Storm, my son, says a storm is coming.'),
        }),
      ],
    });
    const redactor = await buildRedactor(cache, secrets, 'p1', { memo: new ScanMemo() });
    const out = redactor.text('My uncle Happy sorted it, but I was not happy at all. Storm, my son, says a storm is coming.');
    expect(out).not.toMatch(/Happy|Storm/);
    expect(out).toContain('not happy at all');
    expect(out).toContain('a storm is coming');
    // Elsewhere, where it reads as a name, it goes too; at a sentence's start or as a word, it stays.
    expect(redactor.text('Later Happy phoned. Happy days, honestly.')).toMatch(/^Later \[Person [A-Z]+\] phoned\. Happy days, honestly\.$/);
  });

  it('a name found in part of a hyphenated name replaces the whole name, under the found part’s letter', async () => {
    const redactor = await buildRedactor(cache, secrets, 'p1', { memo: new ScanMemo() });
    const out = redactor.text('Okafor-Eze is the shop, and chiamaka-Ross runs it; an Okafor-style stew.');
    expect(out).not.toMatch(/Okafor|Eze|chiamaka|Ross/);
    expect(out).toMatch(/^\[Person ([A-Z]+)\] is the shop, and \[Person [A-Z]+\] runs it; an \[Person \1\]-style stew\.$/);
  });
});
