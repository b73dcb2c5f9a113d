// A question hit carries how many interviews asked it and only the first page of them; search.askedIn gives
// the rest by offset, in the same order, so the pages together are every interview, each once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { ASKED_IN_PAGE } from '../../../../src/shared/ipc/channels/search';
import { participantCode } from '../../../../src/shared/participant-code';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-27T10:00:00.000Z';
const N = 120;
const id = (k: number) => `i${String(k).padStart(3, '0')}`;

let cache: Cache & { db: CacheDb };
beforeAll(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', { items: [projectListItem.parse({ id: 'p', title: 'P', status: 'STARTED' })], syncedAt: NOW });
  // Completed in reverse order of their ids (i119 first), so "first asked first" is not the id order.
  const items = Array.from({ length: N }, (_, k) =>
    interviewRecord.parse({
      id: id(k),
      status: 'COMPLETE',
      completed_at: new Date(Date.parse('2026-01-01T00:00:00Z') + (N - k) * 60_000).toISOString(),
      participant: { name: `Person ${k}`, email: `${k}@example.com` },
      transcript: [
        { role: 'AI', text: 'How do you feel about the price?', start_ms: 1000 + k, end_ms: 2000 + k },
        { role: 'User', text: 'It is high.', start_ms: 3000, end_ms: 4000 },
      ],
    }),
  );
  await cache.call('interviews.saveFullRecords', { projectId: 'p', items, now: NOW });
  // Codes in order of completion, as a sync gives them: i119 is P01.
  await cache.call('participants.assign', { projectId: 'p' });
});
afterAll(() => cache.close());

const expected = Array.from({ length: N }, (_, j) => N - 1 - j).map((k) => ({
  interview_id: id(k),
  participant_name: `Person ${k}`,
  code: participantCode(N - k),
  start_ms: 1000 + k,
}));

it('a question hit says how many interviews asked it and lists the first page, first asked first', async () => {
  const [hit, ...rest] = await cache.call('search.query', { query: 'price', role: 'AI' });
  expect(rest).toEqual([]);
  expect(hit).toMatchObject({ kind: 'question', asked_count: N, question_key: 'how do you feel about the price', interview_id: 'i119', start_ms: 1119 });
  expect(hit!.asked_in).toEqual(expected.slice(0, ASKED_IN_PAGE));
});

it('search.askedIn gives the count and any page by offset; the pages together are every interview once, in order', async () => {
  const key = { projectId: 'p', questionKey: 'how do you feel about the price' };
  expect(await cache.call('search.askedIn', { ...key, offset: 0, limit: ASKED_IN_PAGE })).toEqual({
    asked_count: N,
    asked_in: expected.slice(0, ASKED_IN_PAGE),
  });
  expect(await cache.call('search.askedIn', { ...key, offset: ASKED_IN_PAGE, limit: 1000 })).toEqual({
    asked_count: N,
    asked_in: expected.slice(ASKED_IN_PAGE),
  });
  const pages = [];
  for (let offset = 0; offset < N; offset += 17) pages.push(...(await cache.call('search.askedIn', { ...key, offset, limit: 17 })).asked_in);
  expect(pages).toEqual(expected);
  expect(await cache.call('search.askedIn', { ...key, offset: N, limit: 10 })).toEqual({ asked_count: N, asked_in: [] });
  expect(await cache.call('search.askedIn', { projectId: 'p', questionKey: 'never asked', offset: 0, limit: 10 })).toEqual({ asked_count: 0, asked_in: [] });
  expect(await cache.call('search.askedIn', { projectId: 'other', questionKey: key.questionKey, offset: 0, limit: 10 })).toEqual({
    asked_count: 0,
    asked_in: [],
  });
});
