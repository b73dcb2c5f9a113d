// The highlights store: lists read through highlights.list, and a quote copied with its citation through main.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { HighlightView } from '../../../../../src/shared/ipc/channels/highlights';
import { UiError } from '../../../../../src/renderer/lib/api';
import { copyQuote, interviewKey, useHighlights } from '../../../../../src/renderer/features/highlights/store';
import { codebookKey, useCodebooks } from '../../../../../src/renderer/features/codes/codebook-store';
import type { CodeView } from '../../../../../src/shared/ipc/channels/codes';
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
  codes: [{ id: 'c1', name: 'price', color: '#3b6fd4' }],
  coder: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  participant_name: 'Ana Silva',
  code: 'P07',
};

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useHighlights.setState({ lists: {}, version: 0, pending: null });
  useCodebooks.setState({ books: {} });
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

  it("reads a study's codebook through codes.list; a failed reload keeps the codes it had, with the reason", async () => {
    const price: CodeView = {
      id: 'c1',
      project_id: 'p1',
      name: 'price',
      color: '#3b6fd4',
      description: '',
      parent_id: null,
      is_category: false,
      codings: 3,
      interviews: 2,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    bridge.answer('codes.list', () => [price]);
    await useCodebooks.getState().load('w1', 'p1');
    expect(bridge.inputs('codes.list')).toEqual([{ workspace_id: 'w1', project_id: 'p1' }]);
    expect(useCodebooks.getState().books[codebookKey('w1', 'p1')]).toEqual({ status: 'ready', codes: [price], error: null });
    bridge.breakBridge('codes.list');
    await useCodebooks.getState().load('w1', 'p1');
    const book = useCodebooks.getState().books[codebookKey('w1', 'p1')]!;
    expect(book.codes).toEqual([price]);
    expect(book.status).toBe('error');
    expect(book.error).toBeInstanceOf(UiError);
  });

  it('codes a selection with several codes, recodes and moves a coding through highlights.update, and every change reloads the lists', async () => {
    const ctx = { workspaceId: 'w1', projectId: 'p1', interviewId: 'iv-1' };
    const range = { start_turn: 2, start_offset: 4, end_turn: 3, end_offset: 9, start_ms: 1234.6, quote: 'too dear' };
    bridge.answer('highlights.add', () => highlight);
    bridge.answer('highlights.update', () => highlight);
    bridge.answer('highlights.delete', () => true);
    await useHighlights.getState().add(ctx, range, { code_ids: ['c-price'], new_codes: ['Trust'] }, '');
    expect(bridge.inputs('highlights.add')).toEqual([
      {
        workspace_id: 'w1',
        project_id: 'p1',
        interview_id: 'iv-1',
        start_turn: 2,
        start_offset: 4,
        end_turn: 3,
        end_offset: 9,
        start_ms: 1235,
        quote: 'too dear',
        note: '',
        code_ids: ['c-price'],
        new_codes: ['Trust'],
      },
    ]);
    await useHighlights.getState().update('w1', 'h1', { codes: { code_ids: ['c-delivery'], new_codes: [] } });
    await useHighlights.getState().update('w1', 'h1', { range: { ...range, start_ms: null } });
    expect(bridge.inputs('highlights.update')).toEqual([
      { workspace_id: 'w1', id: 'h1', code_ids: ['c-delivery'], new_codes: [] },
      { workspace_id: 'w1', id: 'h1', range: { start_turn: 2, start_offset: 4, end_turn: 3, end_offset: 9, start_ms: null, quote: 'too dear' } },
    ]);
    await useHighlights.getState().remove('w1', 'h1');
    expect(bridge.inputs('highlights.delete')).toEqual([{ workspace_id: 'w1', id: 'h1' }]);
    expect(useHighlights.getState().version).toBe(4);
  });
});
