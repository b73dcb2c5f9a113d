// The viewer's store: the interview read per opening, its video source, and "Save for offline" following main's download.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { UiError } from '../../../../../src/renderer/lib/api';
import { interviewLoad, saveState, useViewer, videoSource } from '../../../../../src/renderer/features/viewer/store';
import { deferred, fakeBridge, flush, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';
import { interviewDetail } from '../../../../support/renderer-fixtures';

let bridge: FakeBridge;
const cleanup: (() => void)[] = [];
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
});
afterEach(() => {
  for (const off of cleanup.splice(0)) off();
  vi.unstubAllGlobals();
});
const load = () => interviewLoad(useViewer.getState(), 'w1', 'iv-1');
const save = (saved = false) => saveState(useViewer.getState(), 'w1', 'iv-1', saved);
const progress = (p: Partial<Parameters<FakeBridge['emit']>[1]> & { state: 'running' | 'done' | 'failed' | 'cancelled' }) =>
  bridge.emit('videos.progress', { workspace_id: 'w1', job_id: 'job-1', interview_id: 'iv-1', done: 0, total: null, message: null, ...p });

describe('viewer store: the interview', () => {
  it('reads it through interviews.get when the viewer opens, and forgets it when it closes', async () => {
    bridge.answer('interviews.get', ({ interview_id }) => interviewDetail(interview_id));
    const close = useViewer.getState().open('w1', 'iv-1');
    expect(load()).toEqual({ status: 'loading' });
    await flush();
    expect(bridge.inputs('interviews.get')).toEqual([{ workspace_id: 'w1', interview_id: 'iv-1' }]);
    expect(load()).toEqual({ status: 'ready', interview: interviewDetail('iv-1') });
    close();
    expect(load()).toEqual({ status: 'loading' });
  });

  it('says missing when the cache has no such interview', async () => {
    bridge.answer('interviews.get', () => null);
    await useViewer.getState().load('w1', 'iv-1');
    expect(load()).toEqual({ status: 'missing' });
  });

  it("maps main's refusal to a UiError; Retry starts from loading", async () => {
    bridge.answer('interviews.get', () => {
      throw new IpcFailure('cache_unavailable', 'No saved data.');
    });
    await useViewer.getState().load('w1', 'iv-1');
    const l = load();
    expect(l.status).toBe('error');
    if (l.status === 'error') {
      expect(l.error).toBeInstanceOf(UiError);
      expect(l.error).toMatchObject({ code: 'cache_unavailable', message: 'No saved data.' });
    }
    const held = deferred<ReturnType<typeof interviewDetail>>();
    bridge.answer('interviews.get', () => held.promise);
    const retry = useViewer.getState().load('w1', 'iv-1');
    expect(load()).toEqual({ status: 'loading' });
    held.resolve(interviewDetail('iv-1'));
    await retry;
    expect(load().status).toBe('ready');
  });

  it('drops a read that answers after the viewer closed', async () => {
    const held = deferred<ReturnType<typeof interviewDetail>>();
    bridge.answer('interviews.get', () => held.promise);
    const close = useViewer.getState().open('w1', 'iv-1');
    close();
    held.resolve(interviewDetail('iv-1'));
    await flush();
    expect(useViewer.getState().interviews).toEqual({});
  });

  it('asks videos.source for the video; a refusal is a UiError', async () => {
    bridge.answer('videos.source', () => ({ kind: 'local', media_url: 'fieldwork-media://video/w1/iv-1' }));
    expect(await videoSource('w1', 'iv-1')).toEqual({ kind: 'local', media_url: 'fieldwork-media://video/w1/iv-1' });
    expect(bridge.inputs('videos.source')).toEqual([{ workspace_id: 'w1', interview_id: 'iv-1' }]);
    bridge.breakBridge('videos.source');
    const err = await videoSource('w1', 'iv-1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UiError);
    expect(err).toMatchObject({ code: 'bridge_failed' });
  });
});

describe('viewer store: save for offline', () => {
  it('starts from what the cache says', () => {
    expect(save(true)).toEqual({ kind: 'saved' });
    expect(save(false)).toEqual({ kind: 'idle' });
  });

  it('starts a download with videos.download and follows its progress to saved', async () => {
    bridge.answer('videos.download', () => ({ job_id: 'job-1' }));
    cleanup.push(useViewer.getState().watchSave('w1', 'iv-1', false));
    const started = useViewer.getState().startSave('w1', 'iv-1');
    expect(save()).toEqual({ kind: 'running', jobId: null, done: 0, total: null });
    await started;
    expect(bridge.inputs('videos.download')).toEqual([{ workspace_id: 'w1', interview_id: 'iv-1' }]);
    expect(save()).toEqual({ kind: 'running', jobId: 'job-1', done: 0, total: null });
    progress({ state: 'running', done: 10, total: 100 });
    expect(save()).toEqual({ kind: 'running', jobId: 'job-1', done: 10, total: 100 });
    progress({ state: 'done' });
    expect(save()).toEqual({ kind: 'saved' });
  });

  it("ignores other interviews', other workspaces' and other jobs' progress", async () => {
    bridge.answer('videos.download', () => ({ job_id: 'job-1' }));
    cleanup.push(useViewer.getState().watchSave('w1', 'iv-1', false));
    await useViewer.getState().startSave('w1', 'iv-1');
    progress({ state: 'failed', interview_id: 'iv-2' });
    progress({ state: 'failed', workspace_id: 'w2' });
    progress({ state: 'failed', job_id: 'job-9' });
    expect(save()).toEqual({ kind: 'running', jobId: 'job-1', done: 0, total: null });
    progress({ state: 'failed', message: 'The service refused the video.' });
    expect(save()).toEqual({ kind: 'error', message: 'The service refused the video.' });
  });

  it('a refused download says why', async () => {
    bridge.answer('videos.download', () => {
      throw new IpcFailure('quota_exceeded', 'No space left for offline videos.');
    });
    cleanup.push(useViewer.getState().watchSave('w1', 'iv-1', false));
    await useViewer.getState().startSave('w1', 'iv-1');
    expect(save()).toEqual({ kind: 'error', message: 'No space left for offline videos.' });
  });

  it('cancels its own job with videos.cancel; the outcome comes as progress', async () => {
    bridge.answer('videos.download', () => ({ job_id: 'job-1' }));
    bridge.answer('videos.cancel', () => true);
    cleanup.push(useViewer.getState().watchSave('w1', 'iv-1', false));
    await useViewer.getState().cancelSave('w1', 'iv-1');
    expect(bridge.inputs('videos.cancel')).toEqual([]);
    await useViewer.getState().startSave('w1', 'iv-1');
    await useViewer.getState().cancelSave('w1', 'iv-1');
    expect(bridge.inputs('videos.cancel')).toEqual([{ job_id: 'job-1' }]);
    progress({ state: 'cancelled' });
    expect(save()).toEqual({ kind: 'idle' });
  });

  it('stops following, and forgets, when the button goes', () => {
    const off = useViewer.getState().watchSave('w1', 'iv-1', true);
    expect(bridge.listenerCount('videos.progress')).toBe(1);
    off();
    expect(bridge.listenerCount('videos.progress')).toBe(0);
    expect(useViewer.getState().saves).toEqual({});
  });
});
