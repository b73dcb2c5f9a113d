// The Export clips dialog's store on its frame-exact path: offered only when canCutExactly says this window can
// encode; then each planned clip not left out is cut here in order (exportExactClip), progress follows the
// cutter, main finishes the export (the reel, the summary), and Cancel stops both the cut under way and main's
// export, so main removes what it wrote. The cutter is a stand-in; the IPC is the fake bridge.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { ClipExportView, ClipPlanView } from '../../../../../src/shared/ipc/channels/clips';
import { openClipExport, useClips } from '../../../../../src/renderer/features/clips/store';
import { canCutExactly, ExactCutError } from '../../../../../src/renderer/features/clips/exact-cut';
import type * as ExactCut from '../../../../../src/renderer/features/clips/exact-cut';
import { exportExactClip, type ExactClipRequest } from '../../../../../src/renderer/features/clips/exact-export';
import { useNav } from '../../../../../src/renderer/app/nav-store';
import { planItem, resetClipStore } from '../../../../support/clip-store';
import { deferred, flush, installFakeBridge, type InstalledFakeBridge } from '../../../../support/fake-bridge';

vi.mock('../../../../../src/renderer/features/clips/exact-cut', async (original) => ({
  ...(await original<typeof ExactCut>()),
  canCutExactly: vi.fn(),
}));
vi.mock('../../../../../src/renderer/features/clips/exact-export', () => ({ exportExactClip: vi.fn() }));

const able = vi.mocked(canCutExactly);
const cut = vi.mocked(exportExactClip);

let fake: InstalledFakeBridge;
beforeEach(() => {
  able.mockReset().mockResolvedValue({ ok: true, codec: 'vp9/opus' });
  cut.mockReset();
});
afterEach(() => {
  fake.restore();
  resetClipStore();
});

const item = planItem;
const PLAN: ClipPlanView = { title: 'Price', clips: [item('a'), item('b'), item('c', 'Its interview has no saved video.'), item('d')] };
const RESULT: ClipExportView = {
  location: '/out/Price',
  reveal: '/out/Price',
  files: 7,
  bytes: 10,
  clips: [],
  reel: { file: 'Price/reel.webm', page: 'Price/index.html', duration_ms: 8000 },
  left_out: [],
  snapped: false,
  redacted: false,
  notes: ['Cuts are frame-exact (re-encoded as VP9/Opus).'],
};
const written = (r: ExactClipRequest) => ({
  location: '/out',
  file: `Price/clips/${String(r.n).padStart(2, '0')} Interview ${r.highlightId}.webm`,
  vtt: 'x.vtt',
  bytes: 5,
  durationMs: 4000.4,
  requested: { startMs: 1000, endMs: 5000 },
  codec: 'vp9/opus',
});

async function openPrice(handlers: Parameters<typeof installFakeBridge>[0] = {}) {
  fake = installFakeBridge({ 'exports.lastFolder': () => ({ folder: '/out' }), 'clips.plan': () => PLAN, 'clips.cancel': () => true, ...handlers });
  useNav.setState({ route: { name: 'project', projectId: 'p1', tab: 'analysis' } });
  useClips.setState({ workspaceId: 'w1' });
  openClipExport({ selection: { kind: 'code', code_id: 'k1' }, title: 'Price' });
  await flush();
}

describe('frame-exact clip export (store)', () => {
  it('cuts each planned clip not left out, in order, then has main finish with the reel; progress follows the cutter', async () => {
    await openPrice({ 'clips.exactFinish': () => RESULT });
    expect(useClips.getState().exactAbility).toEqual({ ok: true, codec: 'vp9/opus' });
    useClips.getState().tick('b', false);
    useClips.getState().setPrefs({ exact: true, padSeconds: 1 });
    await flush();
    const first = deferred<ReturnType<typeof written>>();
    cut.mockImplementationOnce((_b, r, o) => {
      o?.onProgress?.(0.5);
      return first.promise.then(() => written(r));
    });
    cut.mockImplementation(async (_b, r) => written(r));
    const done = useClips.getState().start();
    await flush();
    // Clip 1 of 2 half re-encoded.
    expect(useClips.getState().job).toMatchObject({ state: 'running', exact: true, done: 0, total: 3, current: 'Interview a', fraction: 0.5 });
    first.resolve(written({} as ExactClipRequest));
    await done;
    expect(cut.mock.calls.map(([, r]) => [r.highlightId, r.n, r.padMs, r.folder, r.title])).toEqual([
      ['a', 1, 1000, '/out', 'Price'],
      ['d', 2, 1000, '/out', 'Price'],
    ]);
    // One export id throughout: the writes and the finish are one export main can undo.
    const exportId = cut.mock.calls[0]![1].exportId;
    expect(cut.mock.calls[1]![1].exportId).toBe(exportId);
    expect(fake.inputs('clips.export')).toEqual([]);
    expect(fake.inputs('clips.exactFinish')).toEqual([
      expect.objectContaining({
        export_id: exportId,
        folder: '/out',
        title: 'Price',
        reel: true,
        pad_ms: 1000,
        codec: 'vp9/opus',
        clips: [
          { highlight_id: 'a', file: 'Price/clips/01 Interview a.webm', duration_ms: 4000 },
          { highlight_id: 'd', file: 'Price/clips/02 Interview d.webm', duration_ms: 4000 },
        ],
        left_out: [
          { highlight_id: 'b', participant: 'Interview b', reason: 'You left it out.', chosen: true },
          { highlight_id: 'c', participant: 'Interview c', reason: 'Its interview has no saved video.', chosen: false },
        ],
      }),
    ]);
    expect(useClips.getState().job).toMatchObject({ state: 'done', result: RESULT });
  });

  it('Cancel aborts the cut under way and cancels main’s export, which removes what was written; said as cancelled', async () => {
    await openPrice();
    useClips.getState().setPrefs({ exact: true });
    let signal: AbortSignal | undefined;
    cut.mockImplementationOnce(async (_b, r) => written(r));
    cut.mockImplementationOnce(
      (_b, _r, o) =>
        new Promise((_, reject) => {
          signal = o?.signal;
          o?.signal?.addEventListener('abort', () => reject(new ExactCutError('clip_exact_cancelled', 'The cut was cancelled.')));
        }),
    );
    const done = useClips.getState().start();
    await flush();
    expect(useClips.getState().job).toMatchObject({ state: 'running', done: 1, current: 'Interview b' });
    expect(signal?.aborted).toBe(false);
    await useClips.getState().cancel();
    await done;
    expect(signal?.aborted).toBe(true);
    const exportId = cut.mock.calls[0]![1].exportId;
    expect(fake.inputs('clips.cancel')[0]).toEqual({ export_id: exportId });
    expect(fake.inputs('clips.exactFinish')).toEqual([]);
    expect(cut).toHaveBeenCalledTimes(2);
    expect(useClips.getState().job).toMatchObject({ state: 'cancelled', error: null });
  });

  it('a cut that fails undoes main’s export too, and says what the cutter said', async () => {
    await openPrice();
    useClips.getState().setPrefs({ exact: true });
    cut.mockImplementationOnce(async (_b, r) => written(r));
    cut.mockRejectedValueOnce(new ExactCutError('clip_exact_failed', 'The frame-exact cut failed: bad frame. Use keyframe cuts for this clip.'));
    await useClips.getState().start();
    expect(fake.inputs('clips.cancel')).toEqual([{ export_id: cut.mock.calls[0]![1].exportId }]);
    expect(useClips.getState().job).toMatchObject({ state: 'failed', error: { code: 'clip_exact_failed', message: expect.stringContaining('bad frame') } });
  });

  it('when canCutExactly refuses, the option is off and the export takes the keyframe path', async () => {
    able.mockResolvedValue({ ok: false, reason: 'This window has no video encoder for WebM.' });
    await openPrice({ 'clips.export': () => RESULT });
    expect(useClips.getState().exactAbility).toEqual({ ok: false, reason: 'This window has no video encoder for WebM.' });
    useClips.getState().setPrefs({ exact: true });
    await useClips.getState().start();
    expect(cut).not.toHaveBeenCalled();
    expect(fake.inputs('clips.export')).toHaveLength(1);
    expect(useClips.getState().job).toMatchObject({ state: 'done', exact: false });
  });
});
