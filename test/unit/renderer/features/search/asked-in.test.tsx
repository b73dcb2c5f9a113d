// A question asked in many interviews: its hit carries the count and the first page; expanding it lists
// every interview, fetched page by page through search.askedIn, with the wait and a failure said in words.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { AskedIn, SearchHitView } from '../../../../../src/shared/ipc/channels/search';
import { SearchHit } from '../../../../../src/renderer/features/search/SearchHit';
import { ASKED_FETCH, useSearch } from '../../../../../src/renderer/features/search/store';
import { hitRows } from '../../../../../src/renderer/features/search/use-hit-list';
import { deferred, installFakeBridge, IpcFailure, type InstalledFakeBridge } from '../../../../support/fake-bridge';

const N = 120;
const all: AskedIn[] = Array.from({ length: N }, (_, k) => ({
  interview_id: `i${k}`,
  participant_name: `Person ${k}`,
  code: `P${String(k + 1).padStart(2, '0')}`,
  start_ms: 1000 * k,
}));
const question: SearchHitView = {
  kind: 'question',
  project_id: 'p1',
  project_title: 'Study',
  interview_id: 'i0',
  participant_name: 'Person 0',
  code: 'P01',
  role: 'AI',
  start_ms: 0,
  snippet: 'How do you feel about the \u0002price\u0003?',
  asked_in: all.slice(0, 50),
  asked_count: N,
  question_key: 'how do you feel about the price',
};
const turn: SearchHitView = {
  ...question,
  kind: 'turn',
  role: 'User',
  snippet: 'It is high',
  asked_in: undefined,
  asked_count: undefined,
  question_key: undefined,
};
const hits = [turn, question];

/** Answers search.askedIn from the 120 interviews, as the cache would. */
const pages = (input: { offset: number; limit: number }) => ({ asked_count: N, asked_in: all.slice(input.offset, input.offset + input.limit) });

const render = (hit: SearchHitView, expanded: boolean) =>
  renderToStaticMarkup(
    <SearchHit
      hit={hit}
      asked={undefined}
      expanded={expanded}
      askedList={useSearch.getState().asked[1]}
      index={1}
      id="o1"
      active={false}
      opening={false}
      note={undefined}
      onActivate={() => {}}
      onOpen={() => {}}
      onClose={() => {}}
    />,
  );

let fake: InstalledFakeBridge;
beforeEach(() => {
  useSearch.getState().clear();
  useSearch.setState({ answers: 0 });
});
afterEach(() => fake.restore());

it('says the count, not the length of the first page, and expanded lists all 120 interviews once fetched', async () => {
  const gate = deferred<void>();
  fake = installFakeBridge({ 'search.askedIn': async (input) => (await gate.promise, pages(input)) });
  expect(render(question, false)).toContain('asked in 120 interviews');
  expect(render(question, false)).toContain('Enter lists the 120 interviews.');

  const expanded = new Set([1]);
  const listing = useSearch.getState().listAskedIn('w1', 1, question);
  // While it comes: the first page is listed, and the hit says the rest is on its way.
  expect(useSearch.getState().asked[1]).toEqual({ status: 'loading' });
  expect(hitRows(hits, expanded, useSearch.getState().asked).filter((r) => r.asked)).toHaveLength(50);
  expect(render(question, true)).toContain('Listing all 120 interviews (the first 50 are below)…');

  gate.resolve();
  await listing;
  const rows = hitRows(hits, expanded, useSearch.getState().asked);
  expect(rows.map((r) => [r.hitIndex, r.asked?.interview_id])).toEqual([[0, undefined], [1, undefined], ...all.map((a) => [1, a.interview_id])]);
  expect(rows.slice(2).map((r) => r.asked)).toEqual(all);
  expect(render(question, true)).not.toContain('Listing all');
  expect(fake.inputs('search.askedIn')).toEqual([
    { workspace_id: 'w1', project_id: 'p1', question_key: 'how do you feel about the price', offset: 0, limit: ASKED_FETCH },
  ]);

  // Collapsed and expanded again: already listed, not fetched again.
  await useSearch.getState().listAskedIn('w1', 1, question);
  expect(fake.inputs('search.askedIn')).toHaveLength(1);
});

it('reads as many pages as it takes, and a hit whose first page is all of it asks nothing', async () => {
  const many = Array.from({ length: ASKED_FETCH + 30 }, (_, k) => ({ interview_id: `m${k}`, participant_name: null, code: '', start_ms: null }));
  fake = installFakeBridge({
    'search.askedIn': (input) => ({ asked_count: many.length, asked_in: many.slice(input.offset, input.offset + input.limit) }),
  });
  await useSearch.getState().listAskedIn('w1', 0, { ...question, asked_in: many.slice(0, 50), asked_count: many.length });
  expect(fake.inputs('search.askedIn').map((i) => i.offset)).toEqual([0, ASKED_FETCH]);
  const list = useSearch.getState().asked[0];
  expect(list?.status === 'ready' && list.asked_in).toEqual(many);

  await useSearch.getState().listAskedIn('w1', 3, { ...question, asked_in: all.slice(0, 3), asked_count: 3 });
  expect(useSearch.getState().asked[3]).toBeUndefined();
  expect(hitRows([question, question, question, { ...question, asked_in: all.slice(0, 3), asked_count: 3 }], new Set([3])).filter((r) => r.asked)).toHaveLength(
    3,
  );
});

it('a failure keeps the first page listed, says so in words, and expanding again tries again', async () => {
  fake = installFakeBridge({
    'search.askedIn': () => {
      throw new IpcFailure('cache_unavailable', 'The saved data could not be read.');
    },
  });
  await useSearch.getState().listAskedIn('w1', 1, question);
  expect(useSearch.getState().asked[1]).toMatchObject({ status: 'error', error: { code: 'cache_unavailable' } });
  expect(hitRows(hits, new Set([1]), useSearch.getState().asked).filter((r) => r.asked)).toHaveLength(50);
  expect(render(question, true)).toContain('Only the first 50 of the 120 interviews are listed: The saved data could not be read. Enter twice tries again.');

  fake.answer('search.askedIn', pages);
  await useSearch.getState().listAskedIn('w1', 1, question);
  expect(hitRows(hits, new Set([1]), useSearch.getState().asked).filter((r) => r.asked)).toHaveLength(N);
});

it('a list that comes after a newer answer is dropped, and a new answer forgets the lists', async () => {
  const gate = deferred<void>();
  fake = installFakeBridge({
    'search.askedIn': async (input) => (await gate.promise, pages(input)),
    'search.query': () => [question],
  });
  await useSearch.getState().run('w1', 'price', { projectId: '', role: '' });
  const listing = useSearch.getState().listAskedIn('w1', 0, question);
  await useSearch.getState().run('w1', 'prices', { projectId: '', role: '' });
  expect(useSearch.getState().asked).toEqual({});
  gate.resolve();
  await listing;
  expect(useSearch.getState().asked).toEqual({});
});
