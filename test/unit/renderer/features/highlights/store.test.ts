// The highlights store: lists read through highlights.list, and a quote copied with its citation through main.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { HighlightView } from '../../../../../src/shared/ipc/channels/highlights';
import { UiError } from '../../../../../src/renderer/lib/api';
import { copyQuote, interviewKey, useHighlights } from '../../../../../src/renderer/features/highlights/store';
import { fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

const highlight: HighlightView = {
  id: 'h1',
  project_id: 'p1',
  interview_id: 'iv-1',
  start_turn: 0,
  start_offset: 0,
  end_turn: 0,
  end_offset: 12,
  start_ms: 83_000,
  quote: ' Too pricey. ',
  note: '',
  tags: ['price'],
  codes: [{ id: 'c1', name: 'price', color: '#3b6fd4' }],
  coder: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  participant_name: 'Ana Silva',
};

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useHighlights.setState({ lists: {}, version: 0 });
});
afterEach(() => vi.unstubAllGlobals());

describe('highlights store', () => {
  it('copies the quote with who said it and when, through app.copyText', async () => {
    bridge.answer('app.copyText', () => undefined);
    await copyQuote(highlight, 'Ana Silva');
    expect(bridge.inputs('app.copyText')).toEqual([{ text: '"Too pricey." — Ana Silva, [01:23]' }]);
  });

  it('a copy main refuses is a UiError', async () => {
    bridge.answer('app.copyText', () => {
      throw new IpcFailure('clipboard_unavailable', 'The clipboard is not available.');
    });
    const err = await copyQuote(highlight, 'Ana Silva').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UiError);
    expect(err).toMatchObject({ code: 'clipboard_unavailable', message: 'The clipboard is not available.' });
  });

  it('reads a list through highlights.list; a refusal is a UiError beside what it showed', async () => {
    const key = interviewKey('w1', 'iv-1');
    bridge.answer('highlights.list', () => [highlight]);
    await useHighlights.getState().load(key, { workspace_id: 'w1', interview_id: 'iv-1' });
    expect(bridge.inputs('highlights.list')).toEqual([{ workspace_id: 'w1', interview_id: 'iv-1' }]);
    bridge.breakBridge('highlights.list');
    await useHighlights.getState().load(key, { workspace_id: 'w1', interview_id: 'iv-1' });
    const list = useHighlights.getState().lists[key]!;
    expect(list.items).toEqual([highlight]);
    expect(list.error).toBeInstanceOf(UiError);
    expect(list.error?.code).toBe('bridge_failed');
  });
});
