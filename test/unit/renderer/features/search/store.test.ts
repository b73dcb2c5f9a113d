// The search store: what it asks main for, how failures become UiErrors, and that an answer to an old
// query never replaces the answer to a newer one (the palette shows the old hits as stale meanwhile).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { SearchHitView } from '../../../../../src/shared/ipc/channels/search';
import { UiError } from '../../../../../src/renderer/lib/api';
import { useSearch } from '../../../../../src/renderer/features/search/store';
import { deferred, installFakeBridge, IpcFailure, type InstalledFakeBridge } from '../../../../support/fake-bridge';

const hit = (snippet: string): SearchHitView => ({
  kind: 'turn',
  project_id: 'p1',
  project_title: 'Study',
  interview_id: 'i1',
  participant_name: 'Ana',
  code: 'P01',
  role: 'User',
  start_ms: 1000,
  snippet,
});
const none = { projectId: '', role: '' as const };

let fake: InstalledFakeBridge;
beforeEach(() => {
  useSearch.getState().clear();
  useSearch.setState({ query: '', projectId: '', role: '', answers: 0 });
});
afterEach(() => fake.restore());

describe('run', () => {
  it('asks search.query with the query, the page size, and only the filters that are set', async () => {
    fake = installFakeBridge({ 'search.query': () => [hit('a')] });
    await useSearch.getState().run('w1', 'price', none);
    await useSearch.getState().run('w1', 'price', { projectId: 'p9', role: 'AI' });
    expect(fake.inputs('search.query')).toEqual([
      { workspace_id: 'w1', query: 'price', limit: 60 },
      { workspace_id: 'w1', query: 'price', limit: 60, project_id: 'p9', role: 'AI' },
    ]);
    expect(useSearch.getState().results).toEqual({ status: 'ready', hits: [hit('a')], query: 'price' });
    expect(useSearch.getState().answers).toBe(2);
  });

  it("maps main's error to a UiError with its code, and a broken bridge to bridge_failed", async () => {
    fake = installFakeBridge({
      'search.query': () => {
        throw new IpcFailure('cache_unavailable', 'The saved data could not be read.');
      },
    });
    await useSearch.getState().run('w1', 'price', none);
    const r = useSearch.getState().results;
    expect(r.status).toBe('error');
    if (r.status !== 'error') return;
    expect(r.error).toBeInstanceOf(UiError);
    expect([r.error.code, r.error.message, r.hits]).toEqual(['cache_unavailable', 'The saved data could not be read.', []]);

    fake.answer('search.query', () => Promise.reject(new Error('gone')));
    await useSearch.getState().run('w1', 'price', none);
    const b = useSearch.getState().results;
    expect(b.status === 'error' && b.error.code).toBe('bridge_failed');
  });

  it('a late answer to an old query never replaces the answer to a newer one', async () => {
    const old = deferred<SearchHitView[]>();
    const newer = deferred<SearchHitView[]>();
    fake = installFakeBridge({ 'search.query': (input: { query: string }) => (input.query === 'pri' ? old.promise : newer.promise) });
    const first = useSearch.getState().run('w1', 'pri', none);
    const second = useSearch.getState().run('w1', 'price', none);
    newer.resolve([hit('newer')]);
    await second;
    old.resolve([hit('old')]);
    await first;
    expect(useSearch.getState().results).toEqual({ status: 'ready', hits: [hit('newer')], query: 'price' });
    expect(useSearch.getState().answers).toBe(1);
  });

  it('nor does a late failure of an old query', async () => {
    const old = deferred<SearchHitView[]>();
    fake = installFakeBridge({ 'search.query': (input: { query: string }) => (input.query === 'pri' ? old.promise : [hit('newer')]) });
    const first = useSearch.getState().run('w1', 'pri', none);
    await useSearch.getState().run('w1', 'price', none);
    old.reject(new Error('late'));
    await first;
    expect(useSearch.getState().results).toMatchObject({ status: 'ready', query: 'price' });
  });
});

describe('expect and clear', () => {
  it('expect keeps the last hits, marked loading, and drops the answer in flight', async () => {
    const slow = deferred<SearchHitView[]>();
    fake = installFakeBridge({ 'search.query': () => [hit('shown')] });
    await useSearch.getState().run('w1', 'price', none);
    fake.answer('search.query', () => slow.promise);
    const inFlight = useSearch.getState().run('w1', 'prices', none);
    useSearch.getState().expect();
    expect(useSearch.getState().results).toEqual({ status: 'loading', hits: [hit('shown')] });
    slow.resolve([hit('stale')]);
    await inFlight;
    expect(useSearch.getState().results).toEqual({ status: 'loading', hits: [hit('shown')] });
  });

  it('expect after idle or an error starts from no hits', () => {
    fake = installFakeBridge();
    useSearch.getState().expect();
    expect(useSearch.getState().results).toEqual({ status: 'loading', hits: [] });
  });

  it('clear shows nothing and drops the answer in flight', async () => {
    const slow = deferred<SearchHitView[]>();
    fake = installFakeBridge({ 'search.query': () => slow.promise });
    const inFlight = useSearch.getState().run('w1', 'price', none);
    useSearch.getState().clear();
    slow.resolve([hit('late')]);
    await inFlight;
    expect(useSearch.getState().results).toEqual({ status: 'idle' });
  });
});

describe('query and filters', () => {
  it('are kept in the store, so closing the palette does not lose them', () => {
    fake = installFakeBridge();
    useSearch.getState().setQuery('price');
    useSearch.getState().setFilters({ role: 'User' });
    useSearch.getState().setFilters({ projectId: 'p1' });
    const { query, projectId, role } = useSearch.getState();
    expect({ query, projectId, role }).toEqual({ query: 'price', projectId: 'p1', role: 'User' });
  });
});

describe('locateQuote', () => {
  it('asks search.locateQuote with the quote cut to 2000 characters and answers the moment', async () => {
    fake = installFakeBridge({ 'search.locateQuote': () => ({ interview_id: 'i7', turn_index: 3, start_ms: 4200 }) });
    const quote = 'x'.repeat(2500);
    expect(await useSearch.getState().locateQuote('w1', 'p1', quote)).toEqual({ interview_id: 'i7', start_ms: 4200 });
    expect(fake.inputs('search.locateQuote')).toEqual([{ workspace_id: 'w1', project_id: 'p1', quote: 'x'.repeat(2000) }]);
  });

  it('answers null when no saved transcript holds it, and throws a UiError on failure', async () => {
    fake = installFakeBridge({ 'search.locateQuote': () => null });
    expect(await useSearch.getState().locateQuote('w1', 'p1', 'a quote')).toBeNull();
    fake.answer('search.locateQuote', () => {
      throw new IpcFailure('not_found', 'That study is not saved on this computer.');
    });
    await expect(useSearch.getState().locateQuote('w1', 'p1', 'a quote')).rejects.toMatchObject({
      code: 'not_found',
      message: 'That study is not saved on this computer.',
    });
  });
});
