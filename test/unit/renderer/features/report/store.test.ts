// The Report tab's store: main's poll, the count of complete interviews, and where each quote of an open theme was said.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { UiError } from '../../../../../src/renderer/lib/api';
import { keptView, reportSlice, themeKey, useReports, viewFor } from '../../../../../src/renderer/features/report/store';
import { deferred, fakeBridge, flush, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';
import { interviewRow } from '../../../../support/renderer-fixtures';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useReports.setState({ byKey: {}, located: {}, locatedFor: {}, views: {} });
});
afterEach(() => vi.unstubAllGlobals());
const slice = () => reportSlice(useReports.getState(), 'w1', 'p1');
const located = (theme = 0) => useReports.getState().located[themeKey('w1', 'p1', theme)];

describe('report store', () => {
  it('reads the poll through reports.poll; a refusal is a UiError', async () => {
    bridge.answer('reports.poll', () => null);
    await useReports.getState().loadPoll('w1', 'p1');
    expect(bridge.inputs('reports.poll')).toEqual([{ workspace_id: 'w1', project_id: 'p1' }]);
    expect(slice()).toMatchObject({ loaded: true, poll: null, error: null });
    bridge.answer('reports.poll', () => {
      throw new IpcFailure('cache_unavailable', 'No saved data.');
    });
    await useReports.getState().loadPoll('w1', 'p1');
    expect(slice().error).toBeInstanceOf(UiError);
    expect(slice().error).toMatchObject({ code: 'cache_unavailable' });
  });

  it('counts complete interviews with interviews.list (one row asked for, the total read)', async () => {
    bridge.answer('interviews.list', () => ({ items: [interviewRow('a')], total: 7 }));
    await useReports.getState().countCompleted('w1', 'p1', 0, true);
    expect(bridge.inputs('interviews.list')).toEqual([{ workspace_id: 'w1', project_id: 'p1', status: 'COMPLETE', limit: 1 }]);
    expect(slice().completed).toBe(7);
  });

  it("falls back to the summary's count when the cache cannot say", async () => {
    bridge.breakBridge('interviews.list');
    await useReports.getState().countCompleted('w1', 'p1', 3, true);
    expect(slice().completed).toBe(3);
  });

  it('the tab opening forgets an earlier count; a re-count after a sync keeps it until the answer', async () => {
    bridge.answer('interviews.list', () => ({ items: [], total: 2 }));
    await useReports.getState().countCompleted('w1', 'p1', 0, true);
    const held = deferred<{ items: never[]; total: number }>();
    bridge.answer('interviews.list', () => held.promise);
    const recount = useReports.getState().countCompleted('w1', 'p1', 0, false);
    expect(slice().completed).toBe(2);
    held.resolve({ items: [], total: 4 });
    await recount;
    expect(slice().completed).toBe(4);
    bridge.answer('interviews.list', () => new Promise(() => undefined));
    void useReports.getState().countCompleted('w1', 'p1', 0, true);
    expect(slice().completed).toBeNull();
  });

  it('drops a count that answers after a newer one', async () => {
    const late = deferred<{ items: never[]; total: number }>();
    bridge.answer('interviews.list', () => late.promise);
    const first = useReports.getState().countCompleted('w1', 'p1', 0, true);
    bridge.answer('interviews.list', () => ({ items: [], total: 5 }));
    await useReports.getState().countCompleted('w1', 'p1', 0, false);
    late.resolve({ items: [], total: 1 });
    await first;
    expect(slice().completed).toBe(5);
  });

  it("locates a theme's quotes with search.locateQuote, each from 'locating'", async () => {
    const long = 'q'.repeat(2500);
    bridge.answer('search.locateQuote', ({ quote }) => {
      if (quote === 'gone') return null;
      if (quote === 'bad') throw new IpcFailure('search_failed', 'No index.');
      return { interview_id: 'iv-1', participant_name: 'Maya Cohen', code: 'P03', turn_index: 3, start_ms: 42_000 };
    });
    const done = useReports.getState().locateQuotes('w1', 'p1', 0, ['found', 'gone', 'bad', long]);
    expect(located()).toEqual([{ state: 'locating' }, { state: 'locating' }, { state: 'locating' }, { state: 'locating' }]);
    await done;
    expect(bridge.inputs('search.locateQuote').map((i) => [i.workspace_id, i.project_id, i.quote.length])).toEqual([
      ['w1', 'p1', 5],
      ['w1', 'p1', 4],
      ['w1', 'p1', 3],
      ['w1', 'p1', 2000],
    ]);
    expect(located()).toEqual([
      { state: 'found', interview_id: 'iv-1', participant_name: 'Maya Cohen', code: 'P03', start_ms: 42_000 },
      { state: 'missing' },
      { state: 'error', message: 'No index.' },
      { state: 'found', interview_id: 'iv-1', participant_name: 'Maya Cohen', code: 'P03', start_ms: 42_000 },
    ]);
  });

  it('looking the same quotes up again keeps the earlier answers on screen until the new ones come; other quotes start afresh', async () => {
    bridge.answer('search.locateQuote', () => ({ interview_id: 'iv-1', participant_name: null, code: 'P01', turn_index: 0, start_ms: null }));
    await useReports.getState().locateQuotes('w1', 'p1', 1, ['a']);
    const held = deferred<{ interview_id: string; participant_name: string | null; code: string; turn_index: number; start_ms: number | null }>();
    bridge.answer('search.locateQuote', () => held.promise);
    const again = useReports.getState().locateQuotes('w1', 'p1', 1, ['a']);
    expect(located(1)).toEqual([{ state: 'found', interview_id: 'iv-1', participant_name: null, code: 'P01', start_ms: null }]);
    held.resolve({ interview_id: 'iv-2', participant_name: 'Ann', code: 'P02', turn_index: 4, start_ms: 5000 });
    await again;
    expect(located(1)).toEqual([{ state: 'found', interview_id: 'iv-2', participant_name: 'Ann', code: 'P02', start_ms: 5000 }]);
    bridge.answer('search.locateQuote', () => new Promise(() => undefined));
    void useReports.getState().locateQuotes('w1', 'p1', 1, ['b']);
    expect(located(1)).toEqual([{ state: 'locating' }]);
  });

  it('keeps which themes are open and show all their quotes, and the scroll position, per report', () => {
    const s = useReports.getState();
    s.toggleTheme('w1', 'p1', 'r1', 2);
    s.toggleTheme('w1', 'p1', 'r1', 0);
    s.toggleShowAll('w1', 'p1', 'r1', 2);
    s.saveScroll('w1', 'p1', 'r1', 640);
    const kept = () => viewFor(keptView(useReports.getState(), 'w1', 'p1'), 'r1');
    expect(kept()).toEqual({ reportId: 'r1', open: [2, 0], showAll: [2] });
    expect(s.savedScroll('w1', 'p1', 'r1')).toBe(640);
    s.toggleTheme('w1', 'p1', 'r1', 2);
    expect(kept().open).toEqual([0]);
    // Another study keeps its own; a regenerated report starts closed and at the top.
    expect(viewFor(keptView(useReports.getState(), 'w1', 'p2'), 'r9')).toEqual({ reportId: 'r9', open: [], showAll: [] });
    expect(viewFor(keptView(useReports.getState(), 'w1', 'p1'), 'r2')).toEqual({ reportId: 'r2', open: [], showAll: [] });
    expect(s.savedScroll('w1', 'p1', 'r2')).toBe(0);
    s.toggleTheme('w1', 'p1', 'r2', 1);
    expect(viewFor(keptView(useReports.getState(), 'w1', 'p1'), 'r2').open).toEqual([1]);
  });

  it("reloads the poll and the study when a report of its workspace finishes, and ignores other workspaces'", async () => {
    bridge.answer('reports.poll', () => null);
    bridge.answer('projects.get', () => null);
    const off = useReports.getState().attach('w1');
    bridge.emit('reports.done', { workspace_id: 'w2', project_id: 'p9', state: 'completed' });
    await flush();
    expect(bridge.calls).toEqual([]);
    bridge.emit('reports.done', { workspace_id: 'w1', project_id: 'p1', state: 'completed' });
    await flush();
    expect(bridge.calls.map((c) => [c.channel, c.input])).toEqual([
      ['reports.poll', { workspace_id: 'w1', project_id: 'p1' }],
      ['projects.get', { workspace_id: 'w1', project_id: 'p1' }],
    ]);
    off();
    expect(bridge.listenerCount('reports.done')).toBe(0);
  });
});
