// The Share tab's store: the sharing settings read afresh per opening, the allow-list saved, text copied through main.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { EmbedView } from '../../../../../src/shared/ipc/channels/embed';
import { UiError } from '../../../../../src/renderer/lib/api';
import { copyText, shareSlice, useShare } from '../../../../../src/renderer/features/share/store';
import { deferred, fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

const view = (allowed: string[] | null, offline = false): EmbedView => ({
  embed: null,
  allowed_urls: allowed,
  call_url: 'https://call.example/x',
  synced_at: null,
  offline,
  unavailable: {},
});

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useShare.setState({ byKey: {} });
});
afterEach(() => vi.unstubAllGlobals());
const slice = () => shareSlice(useShare.getState(), 'w1', 'p1');

describe('share store', () => {
  it('reads the sharing settings through embed.get', async () => {
    bridge.answer('embed.get', () => view(['https://a.example']));
    await useShare.getState().load('w1', 'p1');
    expect(bridge.inputs('embed.get')).toEqual([{ workspace_id: 'w1', project_id: 'p1' }]);
    expect(slice()).toEqual({ status: 'ready', view: view(['https://a.example']) });
  });

  it('starts from "loading" at each opening, never showing an earlier visit meanwhile', async () => {
    bridge.answer('embed.get', () => view([]));
    await useShare.getState().load('w1', 'p1');
    const held = deferred<EmbedView>();
    bridge.answer('embed.get', () => held.promise);
    const again = useShare.getState().load('w1', 'p1');
    expect(slice()).toEqual({ status: 'loading' });
    held.resolve(view([], true));
    await again;
    expect(slice()).toEqual({ status: 'ready', view: view([], true) });
  });

  it('drops an older read that answers after a newer one', async () => {
    const first = deferred<EmbedView>();
    bridge.answer('embed.get', () => first.promise);
    const a = useShare.getState().load('w1', 'p1');
    bridge.answer('embed.get', () => view(['https://new.example']));
    await useShare.getState().load('w1', 'p1');
    first.resolve(view(['https://old.example']));
    await a;
    expect(slice()).toEqual({ status: 'ready', view: view(['https://new.example']) });
  });

  it("maps main's refusal to a UiError", async () => {
    bridge.answer('embed.get', () => {
      throw new IpcFailure('not_launched', 'This study has not been launched.');
    });
    await useShare.getState().load('w1', 'p1');
    const s = slice();
    expect(s.status).toBe('error');
    if (s.status !== 'error') return;
    expect(s.error).toBeInstanceOf(UiError);
    expect(s.error).toMatchObject({ code: 'not_launched', message: 'This study has not been launched.' });
  });

  it('saves the allow-list through embed.setAllowList and shows what the service kept', async () => {
    bridge.answer('embed.setAllowList', ({ allowed_urls }) => view(allowed_urls.map((u) => u.toLowerCase())));
    const saved = await useShare.getState().saveAllowList('w1', 'p1', ['https://Shop.example']);
    expect(bridge.inputs('embed.setAllowList')).toEqual([{ workspace_id: 'w1', project_id: 'p1', allowed_urls: ['https://Shop.example'] }]);
    expect(saved.allowed_urls).toEqual(['https://shop.example']);
    expect(slice()).toEqual({ status: 'ready', view: saved });
  });

  it('a refused save throws a UiError and leaves the settings shown as they were', async () => {
    bridge.answer('embed.get', () => view(['https://a.example']));
    await useShare.getState().load('w1', 'p1');
    bridge.answer('embed.setAllowList', () => {
      throw new IpcFailure('offline', 'The service cannot be reached.');
    });
    const err = await useShare
      .getState()
      .saveAllowList('w1', 'p1', ['https://b.example'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UiError);
    expect(err).toMatchObject({ code: 'offline', message: 'The service cannot be reached.' });
    expect(slice()).toEqual({ status: 'ready', view: view(['https://a.example']) });
  });

  it('copies through app.copyText; a failure is a UiError', async () => {
    bridge.answer('app.copyText', () => undefined);
    await copyText('https://call.example/x');
    expect(bridge.inputs('app.copyText')).toEqual([{ text: 'https://call.example/x' }]);
    bridge.breakBridge('app.copyText');
    await expect(copyText('x')).rejects.toMatchObject({ code: 'bridge_failed' });
  });
});
