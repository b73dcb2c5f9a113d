// The studies list: one read per workspace at a time, and one more after a sync that finished while it ran.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { UiError } from '../../../../../src/renderer/lib/api';
import { useProjects } from '../../../../../src/renderer/features/projects/store';
import { deferred, fakeBridge, flush, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';
import { projectSummary } from '../../../../support/renderer-fixtures';

let bridge: FakeBridge;
const cleanup: (() => void)[] = [];
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useProjects.setState({ byWorkspace: {} });
});
afterEach(() => {
  for (const off of cleanup.splice(0)) off();
  vi.unstubAllGlobals();
});
const sync = (workspace_id: string) => bridge.emit('sync.finished', { workspace_id, ok: true, message: null, offline: false });

describe('projects store', () => {
  it('reads the list through projects.list', async () => {
    bridge.answer('projects.list', () => ({ items: [projectSummary('p1')], synced_at: '2026-01-01T00:00:00Z' }));
    await useProjects.getState().load('w1');
    expect(bridge.inputs('projects.list')).toEqual([{ workspace_id: 'w1' }]);
    expect(useProjects.getState().byWorkspace.w1).toMatchObject({ status: 'ready', syncedAt: '2026-01-01T00:00:00Z', error: null });
  });

  it("maps main's refusal to a UiError", async () => {
    bridge.answer('projects.list', () => {
      throw new IpcFailure('cache_unavailable', 'No saved data.');
    });
    await useProjects.getState().load('w1');
    const s = useProjects.getState().byWorkspace.w1!;
    expect(s.status).toBe('error');
    expect(s.error).toBeInstanceOf(UiError);
    expect(s.error).toMatchObject({ code: 'cache_unavailable', message: 'No saved data.' });
  });

  it("loads on attach and after its workspace's syncs only", async () => {
    bridge.answer('projects.list', () => ({ items: [], synced_at: null }));
    cleanup.push(useProjects.getState().attach('w1'));
    await flush();
    sync('w2');
    await flush();
    expect(bridge.inputs('projects.list')).toEqual([{ workspace_id: 'w1' }]);
    sync('w1');
    await flush();
    expect(bridge.inputs('projects.list')).toEqual([{ workspace_id: 'w1' }, { workspace_id: 'w1' }]);
  });

  it('runs projects.list once per sync: a sync during a read queues one more, however many ask', async () => {
    const held = deferred<void>();
    let reads = 0;
    bridge.answer('projects.list', async () => {
      if (++reads === 1) await held.promise;
      return { items: [], synced_at: null };
    });
    cleanup.push(useProjects.getState().attach('w1'));
    sync('w1');
    void useProjects.getState().load('w1');
    await flush();
    expect(reads).toBe(1);
    held.resolve();
    await flush();
    expect(reads).toBe(2);
  });

  it('refresh syncs, then waits for the load its own sync.finished started instead of reading twice', async () => {
    bridge.answer('projects.list', () => ({ items: [projectSummary('p1')], synced_at: null }));
    bridge.answer('sync.run', async ({ workspace_id }) => {
      sync(workspace_id);
      return { projects: 1, interviews_written: 0, requests: 1, issues: [], duration_ms: 5 };
    });
    cleanup.push(useProjects.getState().attach('w1'));
    await flush();
    await useProjects.getState().refresh('w1');
    expect(bridge.inputs('sync.run')).toEqual([{ workspace_id: 'w1' }]);
    expect(bridge.inputs('projects.list')).toHaveLength(2);
    expect(useProjects.getState().byWorkspace.w1?.status).toBe('ready');
  });
});
