// Interview lists on screen: pages read from the cache as the table scrolls, re-read after a sync of their workspace.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { UiError } from '../../../../../src/renderer/lib/api';
import { useDownloads } from '../../../../../src/renderer/features/interviews/downloads-store';
import { listKey, listQuery, NO_PAGES, useInterviews, type InterviewFilters } from '../../../../../src/renderer/features/interviews/store';
import { deferred, fakeBridge, flush, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';
import { interviewRow } from '../../../../support/renderer-fixtures';

const ALL: InterviewFilters = { status: '', screener: '', text: '' };
let bridge: FakeBridge;
const cleanup: (() => void)[] = [];
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  // 250 interviews: three pages.
  bridge.answer('interviews.list', ({ offset = 0, limit = 100 }) => ({
    items: Array.from({ length: Math.max(0, Math.min(limit, 250 - offset)) }, (_, i) => interviewRow(`iv-${offset + i}`)),
    total: 250,
  }));
});
afterEach(() => {
  for (const off of cleanup.splice(0)) off();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const store = () => useInterviews.getState();
const slice = (w = 'w1', p = 'p1') => store().byKey[listKey(w, p)] ?? NO_PAGES;
/** Puts a list on screen with these filters, as the interviews tab does. */
function show(w = 'w1', p = 'p1', f: InterviewFilters = ALL) {
  const close = store().open(w, p);
  store().setQuery(w, p, listQuery(w, p, f));
  return close;
}
const sync = (workspace_id: string) => bridge.emit('sync.finished', { workspace_id, ok: true, message: null, offline: false });

describe('interviews store', () => {
  it('reads the first page of the query through interviews.list, filters included', async () => {
    cleanup.push(show('w1', 'p1', { status: 'COMPLETE', screener: 'failed', text: '  Silva ' }));
    await flush();
    expect(bridge.inputs('interviews.list')).toEqual([
      { workspace_id: 'w1', project_id: 'p1', status: 'COMPLETE', screener: 'failed', text: 'Silva', limit: 100, offset: 0 },
    ]);
    expect(slice()).toMatchObject({ status: 'ready', total: 250, error: null });
    expect(slice().pages.get(0)).toHaveLength(100);
  });

  it('reads the pages the table scrolls to, each once', async () => {
    cleanup.push(show());
    await flush();
    store().ensure('w1', 'p1', 90, 210);
    store().ensure('w1', 'p1', 95, 205);
    await flush();
    expect(bridge.inputs('interviews.list').map((i) => i.offset)).toEqual([0, 100, 200]);
    expect([...slice().pages.keys()].sort()).toEqual([0, 1, 2]);
  });

  it('keeps showing the previous rows until the new query answers, and drops answers to an older query', async () => {
    cleanup.push(show());
    await flush();
    const held = deferred<void>();
    bridge.answer('interviews.list', async ({ text }) => {
      if (text === 'old') await held.promise;
      return { items: [interviewRow(text ?? 'x')], total: 1 };
    });
    const all = slice().query;
    store().setQuery('w1', 'p1', listQuery('w1', 'p1', { ...ALL, text: 'old' }));
    await flush();
    expect(slice().query).toBe(all);
    expect(slice().pages.get(0)).toHaveLength(100);
    store().setQuery('w1', 'p1', listQuery('w1', 'p1', { ...ALL, text: 'new' }));
    await flush();
    held.resolve();
    await flush();
    expect(slice().query).toBe(listQuery('w1', 'p1', { ...ALL, text: 'new' }));
    expect(
      slice()
        .pages.get(0)
        ?.map((r) => r.id),
    ).toEqual(['new']);
  });

  it("maps main's refusal to a UiError, keeping rows already shown", async () => {
    bridge.answer('interviews.list', () => {
      throw new IpcFailure('cache_unavailable', 'The saved data could not be read.');
    });
    cleanup.push(show());
    await flush();
    expect(slice().status).toBe('error');
    expect(slice().error).toBeInstanceOf(UiError);
    expect(slice().error).toMatchObject({ code: 'cache_unavailable', message: 'The saved data could not be read.' });

    bridge.answer('interviews.list', () => ({ items: [interviewRow('a')], total: 1 }));
    store().retry('w1', 'p1');
    await flush();
    expect(slice()).toMatchObject({ status: 'ready', error: null, total: 1 });
    bridge.breakBridge('interviews.list');
    store().retry('w1', 'p1');
    await flush();
    expect(slice()).toMatchObject({ status: 'ready', total: 1 });
    expect(slice().error?.code).toBe('bridge_failed');
  });

  it("re-reads the pages on screen after its workspace's sync, and ignores other workspaces", async () => {
    cleanup.push(store().attach('w1'));
    cleanup.push(show('w1', 'p1'));
    cleanup.push(show('w2', 'p2'));
    await flush();
    store().ensure('w1', 'p1', 150, 160);
    await flush();
    const before = bridge.calls.length;

    sync('w2');
    await flush();
    expect(bridge.calls.length).toBe(before);

    sync('w1');
    await flush();
    expect(bridge.inputs('interviews.list').slice(before)).toEqual([
      { workspace_id: 'w1', project_id: 'p1', limit: 100, offset: 0 },
      { workspace_id: 'w1', project_id: 'p1', limit: 100, offset: 100 },
    ]);
  });

  it('forgets a list when it leaves the screen, and a sync no longer reads it', async () => {
    cleanup.push(store().attach('w1'));
    const close = show();
    await flush();
    close();
    expect(store().byKey[listKey('w1', 'p1')]).toBeUndefined();
    const before = bridge.calls.length;
    sync('w1');
    await flush();
    expect(bridge.calls.length).toBe(before);
  });

  it('a sync during a re-read brings one more after it, however many finish', async () => {
    cleanup.push(store().attach('w1'), show());
    await flush();
    const held = deferred<void>();
    let reads = 0;
    bridge.answer('interviews.list', async () => {
      if (++reads === 1) await held.promise;
      return { items: [interviewRow('a')], total: 1 };
    });
    sync('w1');
    await flush();
    sync('w1');
    sync('w1');
    await flush();
    expect(reads).toBe(1);
    held.resolve();
    await flush();
    expect(reads).toBe(2);
  });

  it('re-reads once after a burst of landed videos settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    cleanup.push(store().attach('w1'), show());
    await flush();
    const before = bridge.calls.length;
    useDownloads.setState((s) => ({ landed: s.landed + 1 }));
    vi.advanceTimersByTime(200);
    useDownloads.setState((s) => ({ landed: s.landed + 1 }));
    vi.advanceTimersByTime(299);
    await flush();
    expect(bridge.calls.length).toBe(before);
    vi.advanceTimersByTime(1);
    await flush();
    expect(bridge.calls.slice(before).map((c) => c.channel)).toEqual(['interviews.list']);
  });

  it('stops listening when the shell lets go', () => {
    const off = store().attach('w1');
    expect(bridge.listenerCount('sync.finished')).toBe(1);
    off();
    expect(bridge.listenerCount('sync.finished')).toBe(0);
  });
});
