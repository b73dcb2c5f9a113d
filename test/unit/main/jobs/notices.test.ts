// Notices are composed once, in main (jobs/notices.ts): completed interviews grouped per sync, a report's
// outcome. Each goes to the window as \`notices.show\` (the renderer only displays it) and to the OS through
// the Notifications gate, with the same words.
import { describe, expect, it, vi } from 'vitest';
import type { NoticeView } from '../../../../src/shared/ipc/contract';
import { createNotifier } from '../../../../src/main/desktop/notifier';
import { createMemoryDesktop } from '../../../../src/main/desktop/ports';
import { EventHub } from '../../../../src/main/events';
import { completedNotice, composeNotices, reportNotice, type ReportFacts } from '../../../../src/main/jobs/notices';
import { silentLogger } from '../../../../src/main/logging/logger';
import { manualTimers } from '../../../support/fake-timers';

const NO_FACTS = async (): Promise<ReportFacts> => ({ title: null, themes: null, analysed: null });

describe('completedNotice', () => {
  it('names the count and the study, and opens its Interviews tab', () => {
    expect(completedNotice('w', [{ project_id: 'p1', title: 'Meal-kit churn', count: 3 }])).toEqual({
      workspace_id: 'w',
      key: null,
      tone: 'success',
      title: '3 new interviews completed',
      body: 'Meal-kit churn',
      action: { label: 'Open', project_id: 'p1', tab: 'interviews' },
    });
    expect(completedNotice('w', [{ project_id: 'p1', title: 'Meal-kit churn', count: 1 }])?.title).toBe('1 new interview completed');
  });
  it('groups several studies into one notice with their counts, and no single study to open', () => {
    const n = completedNotice('w', [
      { project_id: 'a', title: 'A', count: 2 },
      { project_id: 'b', title: null, count: 1 },
    ]);
    expect(n).toMatchObject({ title: '3 new interviews completed', body: 'A (2), Untitled study (1)', action: null });
  });
  it('is null when nothing completed', () => {
    expect(completedNotice('w', [])).toBeNull();
    expect(completedNotice('w', [{ project_id: 'a', title: 'A', count: 0 }])).toBeNull();
  });
});

describe('reportNotice', () => {
  it('says what a ready report found, and replaces an earlier notice about the same study', () => {
    const n = reportNotice('w', 'p', 'completed', { title: 'Meal-kit churn', themes: 5, analysed: 24 });
    expect(n).toEqual({
      workspace_id: 'w',
      key: 'report:w/p',
      tone: 'success',
      title: 'Report ready — Meal-kit churn',
      body: '24 interviews analysed, 5 themes. The themes and quotes are in the Report tab.',
      action: { label: 'Open', project_id: 'p', tab: 'report' },
    });
    expect(reportNotice('w', 'p', 'completed', { title: null, themes: 1, analysed: 1 }).body).toBe(
      '1 interview analysed, 1 theme. The themes and quotes are in the Report tab.',
    );
    // What could not be read is left out, never shown as 0.
    expect(reportNotice('w', 'p', 'completed', { title: null, themes: null, analysed: null }).body).toBe('The themes and quotes are in the Report tab.');
  });
  it('a failed report and a poll that stopped each say what to do', () => {
    expect(reportNotice('w', 'p', 'failed', { title: 'Packaging', themes: null, analysed: null })).toMatchObject({
      tone: 'danger',
      title: 'Report failed — Packaging',
      body: expect.stringMatching(/try again/),
    });
    expect(reportNotice('w', 'p', 'timed_out', { title: null, themes: null, analysed: null })).toMatchObject({
      tone: 'warning',
      title: 'Report still processing — Untitled study',
      body: expect.stringMatching(/check again/),
    });
  });
});

describe('completed interviews: one notice per sync and workspace', () => {
  const setup = () => {
    const events = new EventHub();
    const desktop = createMemoryDesktop();
    const timers = manualTimers();
    const titles: Record<string, string> = { p1: 'Meal-kit churn', p2: 'Packaging concepts' };
    const stop = composeNotices({
      events,
      notifier: createNotifier({ desktop, enabled: () => true }),
      projectTitle: async (_w, p) => titles[p] ?? null,
      reportFacts: NO_FACTS,
      log: silentLogger,
      timers,
      flushAfterMs: 2_000,
    });
    return { events, desktop, timers, stop };
  };

  const MARKER_NOTICE = { title: '7 new interviews completed', body: 'Packaging concepts' };
  /** A sync in workspace `ws` that does notify; waits until `total` notices have been sent. */
  const marker = async (events: EventHub, desktop: ReturnType<typeof createMemoryDesktop>, ws: string, total: number) => {
    events.emit('interviews.completed', { workspace_id: ws, project_id: 'p2', count: 7 });
    events.emit('sync.finished', { workspace_id: ws, ok: true, message: null, offline: false });
    await vi.waitFor(() => expect(desktop.notifications.length).toBeGreaterThanOrEqual(total));
    expect(desktop.notifications).toHaveLength(total);
  };

  it('one notification per sync, grouping its studies', async () => {
    const { events, desktop } = setup();
    events.emit('interviews.completed', { workspace_id: 'w', project_id: 'p1', count: 2 });
    events.emit('interviews.completed', { workspace_id: 'w', project_id: 'p2', count: 1 });
    expect(desktop.notifications).toEqual([]);
    events.emit('sync.finished', { workspace_id: 'w', ok: true, message: null, offline: false });
    await vi.waitFor(() => expect(desktop.notifications).toHaveLength(1));
    expect(desktop.notifications[0]).toEqual({ title: '3 new interviews completed', body: 'Meal-kit churn (2), Packaging concepts (1)' });
    // A sync with nothing new sends nothing.
    events.emit('sync.finished', { workspace_id: 'w', ok: true, message: null, offline: false });
    // A later sync that does notify proves the empty one had its chance to.
    await marker(events, desktop, 'w', 2);
    expect(desktop.notifications[1]).toEqual(MARKER_NOTICE);
  });

  it('a webhook-driven completion (no sync.finished after it) is flushed by the timer', async () => {
    const { events, desktop, timers } = setup();
    events.emit('interviews.completed', { workspace_id: 'w', project_id: 'p1', count: 1 });
    timers.advance(1_999);
    // Another workspace's sync notifies; had the first flushed early, its notice would come before it.
    await marker(events, desktop, 'other', 1);
    expect(desktop.notifications).toEqual([MARKER_NOTICE]);
    desktop.notifications.length = 0;
    timers.advance(1);
    await vi.waitFor(() => expect(desktop.notifications).toEqual([{ title: '1 new interview completed', body: 'Meal-kit churn' }]));
  });

  it('keeps workspaces apart and stops when unsubscribed', async () => {
    const { events, desktop, stop } = setup();
    events.emit('interviews.completed', { workspace_id: 'a', project_id: 'p1', count: 1 });
    events.emit('interviews.completed', { workspace_id: 'b', project_id: 'p2', count: 4 });
    events.emit('sync.finished', { workspace_id: 'b', ok: true, message: null, offline: false });
    await vi.waitFor(() => expect(desktop.notifications).toEqual([{ title: '4 new interviews completed', body: 'Packaging concepts' }]));
    stop();
    events.emit('interviews.completed', { workspace_id: 'c', project_id: 'p1', count: 1 });
    events.emit('sync.finished', { workspace_id: 'c', ok: true, message: null, offline: false });
    // A watcher still subscribed notifies for the same sync; the stopped one must not have.
    const still = composeNotices({
      events,
      notifier: createNotifier({ desktop, enabled: () => true }),
      projectTitle: async () => 'Still listening',
      reportFacts: NO_FACTS,
      log: silentLogger,
    });
    events.emit('interviews.completed', { workspace_id: 'd', project_id: 'p1', count: 1 });
    events.emit('sync.finished', { workspace_id: 'd', ok: true, message: null, offline: false });
    await vi.waitFor(() => expect(desktop.notifications).toHaveLength(2));
    still();
    expect(desktop.notifications[1]).toEqual({ title: '1 new interview completed', body: 'Still listening' });
  });
});

describe('notices reach the window and the OS with the same words', () => {
  const setup = (o: { notifications: boolean; facts?: ReportFacts }) => {
    const events = new EventHub();
    const desktop = createMemoryDesktop();
    const shown: NoticeView[] = [];
    events.subscribe((e) => e.name === 'notices.show' && shown.push(e.payload));
    const facts = vi.fn(async () => o.facts ?? { title: 'Meal-kit churn', themes: 5, analysed: 24 });
    const stop = composeNotices({
      events,
      notifier: createNotifier({ desktop, enabled: () => o.notifications }),
      projectTitle: async () => 'Meal-kit churn',
      reportFacts: facts,
      log: silentLogger,
      timers: manualTimers(),
    });
    return { events, desktop, shown, facts, stop };
  };

  it('a completed sync: one notices.show and one OS notification, identical', async () => {
    const s = setup({ notifications: true });
    s.events.emit('interviews.completed', { workspace_id: 'w', project_id: 'p', count: 2 });
    s.events.emit('sync.finished', { workspace_id: 'w', ok: true, message: null, offline: false });
    await vi.waitFor(() => expect(s.shown).toHaveLength(1));
    expect(s.desktop.notifications).toEqual([{ title: s.shown[0]!.title, body: s.shown[0]!.body }]);
  });

  it('a finished report: shown in the window, and notified to the OS only while notifications are on', async () => {
    const on = setup({ notifications: true });
    on.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'completed' });
    await vi.waitFor(() => expect(on.shown).toHaveLength(1));
    expect(on.shown[0]!.title).toBe('Report ready — Meal-kit churn');
    expect(on.desktop.notifications).toEqual([{ title: on.shown[0]!.title, body: on.shown[0]!.body }]);

    const off = setup({ notifications: false });
    off.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'failed' });
    await vi.waitFor(() => expect(off.shown).toHaveLength(1));
    expect(off.shown[0]!.title).toBe('Report failed — Meal-kit churn');
    expect(off.desktop.notifications).toEqual([]);
  });

  it('a poll that stopped is shown in the window but never sent to the OS', async () => {
    const s = setup({ notifications: true });
    s.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'timed_out' });
    // A later report that does notify proves the stopped poll had its chance to.
    s.events.emit('reports.done', { workspace_id: 'w', project_id: 'q', state: 'completed' });
    await vi.waitFor(() => expect(s.shown).toHaveLength(2));
    expect(s.shown.map((n) => n.tone).sort()).toEqual(['success', 'warning']);
    expect(s.desktop.notifications.map((n) => n.title)).toEqual(['Report ready — Meal-kit churn']);
  });

  it('a study whose facts cannot be read still gets its notice, without made-up numbers', async () => {
    const s = setup({ notifications: true });
    s.facts.mockRejectedValueOnce(new Error('cache closed'));
    s.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'completed' });
    await vi.waitFor(() => expect(s.shown).toHaveLength(1));
    expect(s.shown[0]).toMatchObject({ title: 'Report ready — Untitled study', body: 'The themes and quotes are in the Report tab.' });
  });

  it('stops listening when unsubscribed', () => {
    const s = setup({ notifications: true });
    s.stop();
    s.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'completed' });
    // A listener still subscribed asks for the facts synchronously, inside emit: nothing did.
    expect(s.facts).not.toHaveBeenCalled();
  });
});
