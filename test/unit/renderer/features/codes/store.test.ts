// The Codes view's store: the codebook read through codes.list, a code's segments a page at a time with its
// filters, a late answer for an older filter dropped, main's refusals handed to the form as UiErrors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { CodeSegmentsView, CodeSegmentView, CodeView } from '../../../../../src/shared/ipc/channels/codes';
import { UiError } from '../../../../../src/renderer/lib/api';
import { SEGMENT_PAGE, useCodes } from '../../../../../src/renderer/features/codes/store';
import { codebookOf, useCodebooks } from '../../../../../src/renderer/features/codes/codebook-store';
import { deferred, fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

const code = (o: Partial<CodeView>): CodeView => ({
  id: 'c1',
  project_id: 'p1',
  name: 'Price',
  color: '#3b6fd4',
  description: '',
  parent_id: null,
  is_category: false,
  codings: 250,
  interviews: 90,
  created_at: 't',
  updated_at: 't',
  ...o,
});
const seg = (n: number): CodeSegmentView => ({
  id: `h${n}`,
  interview_id: `iv${n}`,
  interview_n: n,
  participant_name: null,
  participant: `Interview ${n}`,
  question: null,
  question_index: null,
  coder: null,
  coder_label: 'You',
  start_ms: n * 1000,
  end_ms: null,
  text: `words ${n}`,
  note: '',
});
const page = (total: number, offset: number, limit: number): CodeSegmentsView => ({
  code: code({}),
  total,
  offset,
  segments: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => seg(offset + i)),
  questions_known: false,
  questions_inferred: false,
  facets: { fields: [], screener: [], coders: [] },
});

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useCodes.setState({ key: null, selectedId: null });
  useCodebooks.setState({ books: {} });
});
afterEach(() => vi.unstubAllGlobals());

/** The open study's codes: the Codes view reads them from the one codebook store. */
const openCodes = () => {
  const key = useCodes.getState().key!;
  return codebookOf(key.workspaceId, key.projectId).codes;
};

describe('codes store', () => {
  it('opens the codebook, a code a page at a time, and keeps the filter for the next page', async () => {
    bridge.answer('codes.list', () => [code({})]);
    bridge.answer('codes.segments', (i) => page(250, i.offset ?? 0, i.limit ?? 200));
    const s = useCodes.getState();
    await s.open({ workspaceId: 'w1', projectId: 'p1' });
    expect(openCodes().map((c) => c.name)).toEqual(['Price']);
    await s.select('c1');
    expect(useCodes.getState().segments.items).toHaveLength(SEGMENT_PAGE);
    await s.setFilter({ field: { name: 'plan', value: 'Weekly' }, coder: null });
    await s.loadMore();
    await s.loadMore();
    await s.loadMore(); // nothing left: no call
    expect(useCodes.getState().segments.items.map((x) => x.id)).toEqual(Array.from({ length: 250 }, (_, i) => `h${i}`));
    expect(bridge.inputs('codes.segments').map((i) => [i.offset, i.field?.value ?? null, i.coder])).toEqual([
      [0, null, undefined],
      [0, 'Weekly', null],
      [100, 'Weekly', null],
      [200, 'Weekly', null],
    ]);
  });

  it('drops an answer for an older filter that arrives after the newer one', async () => {
    bridge.answer('codes.list', () => [code({})]);
    const slow = deferred<CodeSegmentsView>();
    bridge.answer('codes.segments', (i) => (i.coder === 'AI report' ? slow.promise : page(3, 0, 100)));
    const s = useCodes.getState();
    await s.open({ workspaceId: 'w1', projectId: 'p1' });
    await s.select('c1');
    const older = s.setFilter({ coder: 'AI report' });
    await s.setFilter({});
    slow.resolve(page(1, 0, 100));
    await older;
    expect(useCodes.getState().segments).toMatchObject({ status: 'ready', filter: {} });
    expect(useCodes.getState().segments.items).toHaveLength(3);
  });

  it("hands main's refusal of a name to the form as a UiError, and the codebook stays as it was", async () => {
    bridge.answer('codes.list', () => [code({})]);
    bridge.answer('codes.create', () => {
      throw new IpcFailure('conflict', 'A code named "price" is already in this study’s codebook.');
    });
    await useCodes.getState().open({ workspaceId: 'w1', projectId: 'p1' });
    const err = await useCodes
      .getState()
      .create({ name: 'price', description: '', parent_id: null, is_category: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UiError);
    expect(err).toMatchObject({ code: 'conflict' });
    expect(openCodes().map((c) => c.name)).toEqual(['Price']);
  });

  it('deleting the open code closes it and reads the codebook again', async () => {
    let codes = [code({}), code({ id: 'c2', name: 'Trust' })];
    bridge.answer('codes.list', () => codes);
    bridge.answer('codes.segments', () => page(1, 0, 100));
    bridge.answer('codes.delete', () => {
      codes = codes.filter((c) => c.id !== 'c1');
      return { deleted_codings: 250 };
    });
    const s = useCodes.getState();
    await s.open({ workspaceId: 'w1', projectId: 'p1' });
    await s.select('c1');
    expect(await s.remove('c1')).toBe(250);
    expect(useCodes.getState()).toMatchObject({ selectedId: null, segments: { status: 'idle', items: [] } });
    expect(openCodes().map((c) => c.name)).toEqual(['Trust']);
  });
});
