// The study page's store: reads a study from the cache, and re-reads the studies on screen after a sync of their workspace.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { UiError } from '../../../../../src/renderer/lib/api';
import { projectKey, useProject } from '../../../../../src/renderer/features/project/store';
import { deferred, fakeBridge, flush, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';
import { projectDetail } from '../../../../support/renderer-fixtures';

let bridge: FakeBridge;
const cleanup: (() => void)[] = [];
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useProject.setState({ byKey: {} });
});
afterEach(() => {
  for (const off of cleanup.splice(0)) off();
  vi.unstubAllGlobals();
});
const slice = (w: string, p: string) => useProject.getState().byKey[projectKey(w, p)];

describe('project store', () => {
  it('reads the study through projects.get', async () => {
    bridge.answer('projects.get', ({ project_id }) => projectDetail(project_id, 'Churn'));
    const detail = await useProject.getState().load('w1', 'p1');
    expect(bridge.inputs('projects.get')).toEqual([{ workspace_id: 'w1', project_id: 'p1' }]);
    expect(detail?.title).toBe('Churn');
    expect(slice('w1', 'p1')).toMatchObject({ status: 'ready', error: null });
  });

  it('says missing when the cache has no such study', async () => {
    bridge.answer('projects.get', () => null);
    await useProject.getState().load('w1', 'gone');
    expect(slice('w1', 'gone')).toEqual({ status: 'missing', detail: null, error: null });
  });

  it("turns main's refusal into a UiError and keeps what it showed", async () => {
    bridge.answer('projects.get', ({ project_id }) => projectDetail(project_id));
    await useProject.getState().load('w1', 'p1');
    bridge.answer('projects.get', () => {
      throw new IpcFailure('cache_unavailable', 'The saved data could not be read.');
    });
    await useProject.getState().load('w1', 'p1');
    const s = slice('w1', 'p1')!;
    expect(s.status).toBe('error');
    expect(s.detail?.id).toBe('p1');
    expect(s.error).toBeInstanceOf(UiError);
    expect(s.error).toMatchObject({ code: 'cache_unavailable', message: 'The saved data could not be read.' });
  });

  it('a broken bridge is a UiError too', async () => {
    bridge.breakBridge('projects.get');
    await useProject.getState().load('w1', 'p1');
    expect(slice('w1', 'p1')?.error?.code).toBe('bridge_failed');
  });

  it("reloads the studies on screen after its workspace's sync, and only those", async () => {
    bridge.answer('projects.get', ({ project_id }) => projectDetail(project_id));
    cleanup.push(useProject.getState().attach('w1'));
    const close = useProject.getState().open('w1', 'p1');
    cleanup.push(useProject.getState().open('w2', 'p9'));
    await flush();
    expect(bridge.inputs('projects.get')).toEqual([
      { workspace_id: 'w1', project_id: 'p1' },
      { workspace_id: 'w2', project_id: 'p9' },
    ]);

    bridge.emit('sync.finished', { workspace_id: 'w2', ok: true, message: null, offline: false });
    await flush();
    expect(bridge.inputs('projects.get')).toHaveLength(2);

    bridge.emit('sync.finished', { workspace_id: 'w1', ok: true, message: null, offline: false });
    await flush();
    expect(bridge.inputs('projects.get').slice(2)).toEqual([{ workspace_id: 'w1', project_id: 'p1' }]);

    close();
    bridge.emit('sync.finished', { workspace_id: 'w1', ok: true, message: null, offline: false });
    await flush();
    expect(bridge.inputs('projects.get')).toHaveLength(3);
  });

  it('syncs finishing while a reload is in flight bring one more reload after it, not one each', async () => {
    const held = deferred<void>();
    let reads = 0;
    bridge.answer('projects.get', async ({ project_id }) => {
      reads++;
      if (reads === 2) await held.promise;
      return projectDetail(project_id);
    });
    cleanup.push(useProject.getState().attach('w1'), useProject.getState().open('w1', 'p1'));
    await flush();
    const sync = () => bridge.emit('sync.finished', { workspace_id: 'w1', ok: true, message: null, offline: false });
    sync();
    await flush();
    expect(reads).toBe(2);
    sync();
    sync();
    await flush();
    expect(reads).toBe(2);
    held.resolve();
    await flush();
    expect(reads).toBe(3);
  });

  it('stops listening when the shell lets go', async () => {
    const off = useProject.getState().attach('w1');
    expect(bridge.listenerCount('sync.finished')).toBe(1);
    off();
    expect(bridge.listenerCount('sync.finished')).toBe(0);
  });
});
