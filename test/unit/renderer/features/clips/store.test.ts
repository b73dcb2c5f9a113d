// The Export clips dialog's store: opening plans the clips (with the options), changing an option that
// changes the plan asks again and keeps only the latest answer, padding stays within 0–10 s, the export
// sends the chosen folder and the unticked clips, progress events move the job, and a cancel is said as
// cancelled (not as an error). "Leave the picture out" counts only with redaction on and a picture to leave out,
// and then no cut is frame-exact.
import { afterEach, describe, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { ClipExportView, ClipPlanView } from '../../../../../src/shared/ipc/channels/clips';
import { clipsToCut, cutsExactly, leavesPictureOut, openClipExport, useClips } from '../../../../../src/renderer/features/clips/store';
import { useNav } from '../../../../../src/renderer/app/nav-store';
import { useExport } from '../../../../../src/renderer/features/exports/store';
import { planItem, resetClipStore } from '../../../../support/clip-store';
import { deferred, flush, installFakeBridge, IpcFailure, type InstalledFakeBridge } from '../../../../support/fake-bridge';

let fake: InstalledFakeBridge;
afterEach(() => {
  fake.restore();
  resetClipStore();
});

const item = planItem;
const PLAN: ClipPlanView = { title: 'Price', clips: [item('a'), item('b'), item('c', 'Its interview has no saved video.')] };
const RESULT: ClipExportView = {
  location: '/out/Price',
  reveal: '/out/Price',
  files: 3,
  bytes: 10,
  clips: [{ highlight_id: 'b', file: 'Price/clips/01 Interview b.webm', participant: 'Interview b', start_ms: 0, end_ms: 5000, snapped: true }],
  reel: null,
  left_out: [],
  snapped: true,
  redacted: false,
  notes: [],
};

function openPrice() {
  useNav.setState({ route: { name: 'project', projectId: 'p1', tab: 'analysis' } });
  useClips.setState({ workspaceId: 'w1' });
  openClipExport({ selection: { kind: 'code', code_id: 'k1' }, title: 'Price' });
}

describe('clip export store', () => {
  it('plans on opening, in the open study of the shown workspace, and plans again when an option changes it', async () => {
    fake = installFakeBridge({ 'exports.lastFolder': () => ({ folder: null }), 'clips.plan': () => PLAN });
    openPrice();
    await flush();
    expect(fake.inputs('clips.plan')).toEqual([
      {
        workspace_id: 'w1',
        project_id: 'p1',
        selection: { kind: 'code', code_id: 'k1' },
        pad_ms: 0,
        include_participant: false,
        redact: false,
        audio_only: false,
      },
    ]);
    expect(useClips.getState().plan).toEqual(PLAN);
    expect(clipsToCut(useClips.getState())).toBe(2);
    useClips.getState().setPrefs({ reel: false });
    expect(fake.inputs('clips.plan')).toHaveLength(1);
    useClips.getState().setPrefs({ padSeconds: 25 });
    expect(useClips.getState().prefs.padSeconds).toBe(10);
    useClips.getState().setPrefs({ padSeconds: Number.NaN });
    expect(useClips.getState().prefs.padSeconds).toBe(0);
    useClips.getState().setPrefs({ padSeconds: 1.5, redact: true });
    await flush();
    expect(fake.inputs('clips.plan').at(-1)).toMatchObject({ pad_ms: 1500, redact: true });
  });

  it('keeps only the latest plan when answers arrive out of order', async () => {
    const slow = deferred<ClipPlanView>();
    let n = 0;
    fake = installFakeBridge({ 'exports.lastFolder': () => ({ folder: null }), 'clips.plan': () => (++n === 1 ? slow.promise : { ...PLAN, title: 'new' }) });
    openPrice();
    useClips.getState().setPrefs({ includeParticipant: true });
    await flush();
    slow.resolve({ ...PLAN, title: 'old' });
    await flush();
    expect(useClips.getState().plan?.title).toBe('new');
  });

  it('exports to the chosen folder leaving out the unticked, follows progress, and says a cancel is a cancel', async () => {
    const running = deferred<ClipExportView>();
    fake = installFakeBridge({ 'exports.lastFolder': () => ({ folder: '/out' }), 'clips.plan': () => PLAN, 'clips.export': () => running.promise });
    openPrice();
    await flush();
    expect(useExport.getState().folder).toBe('/out');
    useClips.getState().tick('a', false);
    expect(clipsToCut(useClips.getState())).toBe(1);
    const done = useClips.getState().start();
    await flush();
    const sent = fake.inputs('clips.export')[0]!;
    expect(sent).toMatchObject({ folder: '/out', reel: true, leave_out: ['a'], selection: { kind: 'code', code_id: 'k1' } });
    expect(useClips.getState().job).toMatchObject({ state: 'running', done: 0, total: 2 });
    fake.emit('clips.progress', { workspace_id: 'w1', export_id: sent.export_id, done: 1, total: 2, current: 'reel' });
    expect(useClips.getState().job).toMatchObject({ done: 1, total: 2, current: 'reel' });
    // Another export's progress is not this one's.
    fake.emit('clips.progress', { workspace_id: 'w1', export_id: 'someone-else', done: 2, total: 9, current: null });
    expect(useClips.getState().job).toMatchObject({ done: 1, total: 2 });
    running.resolve(RESULT);
    await done;
    expect(useClips.getState().job).toMatchObject({ state: 'done', result: RESULT });

    fake.answer('clips.export', () => {
      throw new IpcFailure('export_cancelled', 'The export was cancelled.');
    });
    await useClips.getState().start();
    expect(useClips.getState().job).toMatchObject({ state: 'cancelled', error: null });
    fake.answer('clips.export', () => {
      throw new IpcFailure('not_allowed', 'Choose the export folder with "Choose folder…" first.');
    });
    await useClips.getState().start();
    expect(useClips.getState().job).toMatchObject({ state: 'failed', error: { code: 'not_allowed' } });
  });

  it('leaves the picture out only with redaction on and a picture in the plan, and then cuts nothing frame-exactly', async () => {
    fake = installFakeBridge({ 'exports.lastFolder': () => ({ folder: '/out' }), 'clips.plan': () => PLAN, 'clips.export': () => RESULT });
    openPrice();
    await flush();
    useClips.setState({ exactAbility: { ok: true, codec: 'vp9/opus' } });
    useClips.getState().setPrefs({ audioOnly: true, exact: true });
    // Without redaction the choice is not offered, so it does not count.
    expect(leavesPictureOut(useClips.getState())).toBe(false);
    expect(cutsExactly(useClips.getState())).toBe(true);
    useClips.getState().setPrefs({ redact: true });
    await flush();
    expect(leavesPictureOut(useClips.getState())).toBe(true);
    expect(cutsExactly(useClips.getState())).toBe(false);
    await useClips.getState().start();
    // Main cuts it (no frame-exact channel asked), without the picture.
    expect(fake.inputs('clips.export').at(-1)).toMatchObject({ redact: true, audio_only: true });
    expect(fake.inputs('clips.exactSource')).toEqual([]);
    // Recordings with no picture (audio or chat interviews): nothing to leave out.
    useClips.setState({ plan: { ...PLAN, clips: PLAN.clips.map((c) => ({ ...c, picture: false })) } });
    expect(leavesPictureOut(useClips.getState())).toBe(false);
  });
});
