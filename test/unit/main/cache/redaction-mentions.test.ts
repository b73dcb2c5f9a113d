// "Find every mention" (issue 21 §2) in the cache: every place a term occurs in one study's turns, any case, as a
// whole word, possessive too, counted per interview with its first places in context; other studies, longer
// words and turns not yet in the search index handled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import { findMentions, mentionPattern } from '../../../../src/main/cache/queries/redaction-review';
import type { CacheDb } from '../../../../src/main/cache/open';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-26T10:00:00.000Z';
let cache: Cache & { db: CacheDb };
const turns = (...texts: string[]) => texts.map((text, i) => ({ role: i % 2 ? 'User' : 'AI', text, start_ms: i * 1000, end_ms: i * 1000 + 900 }));
const record = (id: string, ...texts: string[]) => interviewRecord.parse({ id, status: 'COMPLETE', completed_at: NOW, transcript: turns(...texts) });

beforeAll(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', {
    items: ['p1', 'p2'].map((id) => projectListItem.parse({ id, title: id, status: 'STARTED' })),
    syncedAt: NOW,
  });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    now: NOW,
    items: [
      record('iv-a', 'Hello.', 'Ayesha said yes, and ayesha’s idea won.', "Then AYESHA'S sister came.", 'Ayeshani is someone else; Ayesha Khan too.'),
      record('iv-b', 'Hi.', 'I asked Ayesha.', 'No names here.'),
    ],
  });
  await cache.call('interviews.saveFullRecords', { projectId: 'p2', now: NOW, items: [record('iv-z', 'Ayesha in another study.')] });
});
afterAll(() => cache.close());

describe('findMentions', () => {
  it('counts every whole-word mention in any case, possessive included, per interview of the study only', () => {
    const m = findMentions(cache.db, { projectId: 'p1', text: 'ayesha' });
    expect(m.total).toBe(5);
    const byId = Object.fromEntries(m.interviews.map((i) => [i.interview_id, i.count]));
    expect(byId).toEqual({ 'iv-a': 4, 'iv-b': 1 });
    const a = m.interviews.find((i) => i.interview_id === 'iv-a')!;
    // The first three places, in turn order, in context.
    expect(a.examples.map((e) => [e.idx, e.text])).toEqual([
      [1, 'Ayesha'],
      [1, 'ayesha’s'],
      [2, "AYESHA'S"],
    ]);
    expect(a.examples[0]).toMatchObject({ start_ms: 1000, before: '', after: ' said yes, and ayesha’s idea won.' });
  });

  it('finds a name of several words as a phrase, and nothing for a word that is not there', () => {
    expect(findMentions(cache.db, { projectId: 'p1', text: 'Ayesha  Khan' })).toMatchObject({ total: 1, interviews: [{ interview_id: 'iv-a', count: 1 }] });
    expect(findMentions(cache.db, { projectId: 'p1', text: 'Zubair' })).toEqual({ total: 0, interviews: [] });
    expect(findMentions(cache.db, { projectId: 'p1', text: '  ' })).toEqual({ total: 0, interviews: [] });
  });

  it('sees turns saved after the search index last caught up', async () => {
    await cache.call('interviews.saveFullRecords', { projectId: 'p1', now: NOW, items: [record('iv-c', 'Later, Ayesha called.')] });
    expect(findMentions(cache.db, { projectId: 'p1', text: 'Ayesha' }).interviews.find((i) => i.interview_id === 'iv-c')?.count).toBe(1);
  });

  it('matches the term whole, never inside a longer word, with regex characters taken literally', () => {
    const re = mentionPattern('J.P. (Jo)')!;
    expect('met J.P. (Jo) today'.match(re)).toEqual(['J.P. (Jo)']);
    expect('met JXP. (Jo) today'.match(re)).toBeNull();
    expect('Ayeshani, Ayesha_x, Ayesha2'.match(mentionPattern('Ayesha')!)).toBeNull();
  });
});
