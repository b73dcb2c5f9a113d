// The Reels view's store: a study's reels read through reels.list with the first one opened, a move shown
// at once and put back when main refuses, what adding did said in words, the export hook's handover, and a
// highlight card's "Add to reel…" reloading the view when it shows that study.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { ReelDetailView, ReelItemView, ReelView } from '../../../../../src/shared/ipc/channels/reels';
import { addedText, addHighlightToReel, useReels } from '../../../../../src/renderer/features/reels/store';
import { deferred, fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

const reel = (o: Partial<ReelView> = {}): ReelView => ({ id: 'r1', project_id: 'p1', name: 'Why they left', clips: 3, created_at: 't', updated_at: 't', ...o });
const item = (id: string, position: number): ReelItemView => ({
  highlight_id: id,
  position,
  interview_id: `iv-${id}`,
  interview_n: 1,
  participant: 'Amara',
  text: `words of ${id}`,
  codes: [],
  start_ms: 1000,
  end_ms: 3000,
});
const detail = (ids: string[]): ReelDetailView => ({ reel: reel({ clips: ids.length }), items: ids.map(item), total_ms: ids.length * 2000, untimed: 0 });
const order = () => useReels.getState().detail!.items.map((i) => [i.highlight_id, i.position]);

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useReels.setState({ key: null, status: 'idle', reels: [], error: null, selectedId: null, detail: null, detailStatus: 'idle', announcement: '' });
  bridge.answer('reels.list', () => [reel()]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reels store', () => {
  it('opens the study’s reels with the first one shown, and moves a clip at once, announced, then as main answers', async () => {
    bridge.answer('reels.get', () => detail(['a', 'b', 'c']));
    await useReels.getState().open({ workspaceId: 'w1', projectId: 'p1' });
    expect(useReels.getState()).toMatchObject({ status: 'ready', selectedId: 'r1' });
    expect(order()).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    const answer = deferred<ReelDetailView>();
    bridge.answer('reels.move', () => answer.promise);
    const moving = useReels.getState().move('c', 0);
    // Shown before main answers.
    expect(order()).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(useReels.getState().announcement).toBe('Moved “words of c” to position 1 of 3.');
    expect(bridge.inputs('reels.move')).toEqual([{ workspace_id: 'w1', id: 'r1', highlight_id: 'c', position: 0 }]);
    answer.resolve(detail(['c', 'a', 'b']));
    await moving;
    expect(order().map(([id]) => id)).toEqual(['c', 'a', 'b']);
    // A move to where it is, or past the ends, asks nothing more.
    await useReels.getState().move('c', 0);
    await useReels.getState().move('c', -5);
    expect(bridge.inputs('reels.move')).toHaveLength(1);
  });

  it('puts a refused move back and says why', async () => {
    bridge.answer('reels.get', () => detail(['a', 'b']));
    await useReels.getState().open({ workspaceId: 'w1', projectId: 'p1' });
    bridge.answer('reels.move', () => {
      throw new IpcFailure('not_found', 'That clip is no longer in the reel. Reload the reel.');
    });
    await useReels.getState().move('a', 1);
    expect(order().map(([id]) => id)).toEqual(['a', 'b']);
    expect(useReels.getState().announcement).toBe('The clip was not moved: That clip is no longer in the reel. Reload the reel.');
  });

  it('says what adding did: how many went in, and which were left out and why', () => {
    expect(addedText({ added: ['a', 'b'], duplicates: ['c'], missing: [], clips: 5 }, 'Best')).toBe('Added 2 clips to “Best”. 1 clip was already in it.');
    expect(addedText({ added: [], duplicates: ['a', 'b'], missing: ['x'], clips: 2 }, 'Best')).toBe(
      'Nothing added to “Best”. 2 clips were already in it. 1 clip no longer in this study (deleted meanwhile).',
    );
  });

  it('adds from a highlight card to a new reel, and the open Reels view of that study reads it again', async () => {
    bridge.answer('reels.get', () => detail([]));
    await useReels.getState().open({ workspaceId: 'w1', projectId: 'p1' });
    const before = useReels.getState().version;
    bridge.answer('reels.create', (i) => reel({ id: 'r2', name: i.name, clips: 0 }));
    bridge.answer('reels.addItems', () => ({ added: ['h1'], duplicates: [], missing: [], clips: 1 }));
    const { reel: made, result } = await addHighlightToReel('w1', 'p1', 'h1', { newName: 'Fresh' });
    expect(made).toMatchObject({ id: 'r2', name: 'Fresh', clips: 1 });
    expect(result.added).toEqual(['h1']);
    expect(bridge.inputs('reels.addItems')).toEqual([{ workspace_id: 'w1', id: 'r2', highlight_ids: ['h1'] }]);
    expect(useReels.getState().version).toBe(before + 1);
    await vi.waitFor(() => expect(bridge.inputs('reels.list')).toHaveLength(2));
    // A reel deleted meanwhile is refused with what to do.
    await expect(addHighlightToReel('w1', 'p1', 'h1', { reelId: 'gone' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
