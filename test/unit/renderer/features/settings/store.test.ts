// The settings store's measurement of offline videos per workspace (Settings, the remove dialog and the interviews toolbar show it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { UiError } from '../../../../../src/renderer/lib/api';
import { useSettings, videoUsage } from '../../../../../src/renderer/features/settings/store';
import { deferred, fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useSettings.setState({ usage: {} });
});
afterEach(() => vi.unstubAllGlobals());
const usage = (w = 'w1') => videoUsage(useSettings.getState(), w);

describe('settings store: offline video usage', () => {
  it('is unmeasured until videos.usage answers for that workspace', async () => {
    expect(usage()).toEqual({ usage: null, error: null });
    bridge.answer('videos.usage', () => ({ bytes: 5, quota: 100 }));
    await useSettings.getState().loadUsage('w1');
    expect(bridge.inputs('videos.usage')).toEqual([{ workspace_id: 'w1' }]);
    expect(usage()).toEqual({ usage: { bytes: 5, quota: 100 }, error: null });
    expect(usage('w2')).toEqual({ usage: null, error: null });
  });

  it("maps main's refusal to a UiError, keeping what was measured before", async () => {
    bridge.answer('videos.usage', () => ({ bytes: 5, quota: 100 }));
    await useSettings.getState().loadUsage('w1');
    bridge.answer('videos.usage', () => {
      throw new IpcFailure('workspace_not_found', 'That workspace is gone.');
    });
    await useSettings.getState().loadUsage('w1');
    expect(usage().usage).toEqual({ bytes: 5, quota: 100 });
    expect(usage().error).toBeInstanceOf(UiError);
    expect(usage().error).toMatchObject({ code: 'workspace_not_found', message: 'That workspace is gone.' });
  });

  it('drops a measurement that answers after a newer one', async () => {
    const late = deferred<{ bytes: number; quota: number }>();
    bridge.answer('videos.usage', () => late.promise);
    const first = useSettings.getState().loadUsage('w1');
    bridge.answer('videos.usage', () => ({ bytes: 9, quota: 100 }));
    await useSettings.getState().loadUsage('w1');
    late.resolve({ bytes: 1, quota: 100 });
    await first;
    expect(usage().usage).toEqual({ bytes: 9, quota: 100 });
  });
});
