import { describe, expect, it, vi } from 'vitest';
import { createNotifier } from '../../../../src/main/desktop/notifier';
import { createMemoryDesktop } from '../../../../src/main/desktop/ports';
import { EventHub } from '../../../../src/main/events';
import { notifyWhenReportsFinish } from '../../../../src/main/jobs/report-notifier';
import { silentLogger } from '../../../../src/main/logging/logger';

function setup(opts: { notifications: boolean; title?: string; themes?: number; analysed?: number | null }) {
  const events = new EventHub();
  const desktop = createMemoryDesktop();
  const call = vi.fn(async (op: string) => {
    if (op === 'projects.get') return { title: opts.title ?? 'Meal-kit churn' };
    if (op === 'reports.get') return { themes: Array.from({ length: opts.themes ?? 0 }, () => ({})), interviews_analysed: opts.analysed ?? null };
    throw new Error(`unexpected op ${op}`);
  });
  const runtimes = { get: vi.fn(async () => ({ cache: { call } })) };
  const notifier = createNotifier({ desktop, enabled: () => opts.notifications });
  const off = notifyWhenReportsFinish({ events, runtimes: runtimes as never, notifier, log: silentLogger });
  const settle = () => vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2));
  return { events, desktop, off, settle, call, runtimes };
}

describe('report notifications', () => {
  it('a completed report notifies "Report ready — <study>" with what it found', async () => {
    const s = setup({ notifications: true, themes: 5, analysed: 24 });
    s.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'completed' });
    await s.settle();
    await vi.waitFor(() => expect(s.desktop.notifications).toHaveLength(1));
    expect(s.desktop.notifications[0]).toEqual({
      title: 'Report ready — Meal-kit churn',
      body: "24 interviews analysed, 5 themes. Open the study's Report tab to read it.",
    });
  });

  it('a failed report notifies that it failed and what to do', async () => {
    const s = setup({ notifications: true, title: 'Packaging concepts' });
    s.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'failed' });
    await vi.waitFor(() => expect(s.desktop.notifications).toHaveLength(1));
    expect(s.desktop.notifications[0]!.title).toBe('Report failed — Packaging concepts');
    expect(s.desktop.notifications[0]!.body).toMatch(/try again/);
  });

  it('stays quiet when notifications are off in the settings, on a timeout, and for other events', async () => {
    const off = setup({ notifications: false });
    off.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'completed' });
    const on = setup({ notifications: true });
    on.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'timed_out' });
    on.events.emit('sync.finished', { workspace_id: 'w', ok: true, message: null, offline: false });
    // A later event that does notify proves the earlier ones had their chance to.
    on.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'completed' });
    await vi.waitFor(() => expect(on.desktop.notifications).toHaveLength(1));
    expect(off.desktop.notifications).toEqual([]);
    expect(off.call).not.toHaveBeenCalled();
  });

  it('stops listening when unsubscribed', async () => {
    const s = setup({ notifications: true });
    s.off();
    s.events.emit('reports.done', { workspace_id: 'w', project_id: 'p', state: 'completed' });
    // A listener still subscribed looks the workspace up synchronously, inside emit: nothing did.
    expect(s.runtimes.get).not.toHaveBeenCalled();
    expect(s.desktop.notifications).toEqual([]);
  });
});
