// The researcher's reels: made, renamed and deleted per study; clips appended in order (repeats and
// highlights from elsewhere reported, not added), moved, taken out, and gone with their highlight.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { codeTurn, codingCache, NOW, P, saveInterview } from '../../../support/coding-cache';

let cache: Cache;
let ids: string[];
beforeEach(async () => {
  cache = await codingCache();
  await saveInterview(cache, 'iv-a', 'Amara', [
    ['AI', 'What did you think of the price?'],
    ['User', 'Too dear for what it is.'],
    ['AI', 'And the box?'],
    ['User', 'The box was lovely.'],
  ]);
  // No name: labelled by its number among the study's interviews.
  await saveInterview(cache, 'iv-b', '', [
    ['AI', 'Why did you cancel?'],
    ['User', 'We moved house.'],
  ]);
  ids = [];
  ids.push((await codeTurn(cache, { interview: 'iv-a', turn: 1, from: 0, to: 9, startMs: 10_000, quote: 'Too dear', codes: ['Price', 'Value'] })).id);
  ids.push((await codeTurn(cache, { interview: 'iv-a', turn: 3, from: 0, to: 7, startMs: 30_000, quote: 'The box', codes: ['Packaging'] })).id);
  ids.push((await codeTurn(cache, { interview: 'iv-b', turn: 1, from: 0, to: 8, startMs: 10_000, quote: 'We moved', codes: [] })).id);
  return () => cache.close();
});

const order = async (id: string) => (await cache.call('reels.get', { id }))!.items.map((i) => i.highlight_id);

describe('reels', () => {
  it('are named once per study in any case, listed by name with their clip counts, renamed and deleted', async () => {
    const a = await cache.call('reels.create', { projectId: P, name: ' Pricing ', now: NOW });
    expect(a).toMatchObject({ name: 'Pricing', project_id: P, clips: 0 });
    await expect(cache.call('reels.create', { projectId: P, name: 'PRICING', now: NOW })).rejects.toMatchObject({ code: 'conflict' });
    await expect(cache.call('reels.create', { projectId: 'other-study', name: 'Pricing', now: NOW })).resolves.toMatchObject({ name: 'Pricing' });
    const b = await cache.call('reels.create', { projectId: P, name: 'Boxes', now: NOW });
    await expect(cache.call('reels.rename', { id: b.id, name: 'pricing', now: NOW })).rejects.toMatchObject({ code: 'conflict' });
    // A new case of its own name is fine.
    await expect(cache.call('reels.rename', { id: a.id, name: 'PRICING', now: '2026-11-27T00:00:00.000Z' })).resolves.toMatchObject({
      name: 'PRICING',
      updated_at: '2026-11-27T00:00:00.000Z',
    });
    await cache.call('reels.addItems', { id: a.id, highlightIds: [ids[0]!], now: NOW });
    expect((await cache.call('reels.list', { projectId: P })).map((r) => [r.name, r.clips])).toEqual([
      ['Boxes', 0],
      ['PRICING', 1],
    ]);
    expect(await cache.call('reels.delete', { id: a.id })).toEqual({ deleted: true });
    expect(await cache.call('reels.delete', { id: a.id })).toEqual({ deleted: false });
    expect(await cache.call('reels.get', { id: a.id })).toBeNull();
    await expect(cache.call('reels.rename', { id: a.id, name: 'x', now: NOW })).rejects.toMatchObject({ code: 'not_found' });
    // The highlights stay.
    expect(await cache.call('highlights.list', { projectId: P })).toHaveLength(3);
  });

  it('appends clips in the order given, reports repeats and highlights not in the study, and reads each clip as the study labels it', async () => {
    const r = await cache.call('reels.create', { projectId: P, name: 'Best of', now: NOW });
    const other = await cache.call('highlights.add', {
      highlight: {
        project_id: 'other-study',
        interview_id: 'x',
        start_turn: 0,
        start_offset: 0,
        end_turn: 0,
        end_offset: 1,
        start_ms: 0,
        quote: 'x',
        note: '',
        new_codes: [],
      },
      now: NOW,
    });
    expect(await cache.call('reels.addItems', { id: r.id, highlightIds: [ids[2]!, ids[0]!, ids[2]!, other.id, 'gone'], now: NOW })).toEqual({
      added: [ids[2], ids[0]],
      duplicates: [ids[2]],
      missing: [other.id, 'gone'],
      clips: 2,
    });
    expect(await cache.call('reels.addItems', { id: r.id, highlightIds: [ids[0]!, ids[1]!], now: NOW })).toEqual({
      added: [ids[1]],
      duplicates: [ids[0]],
      missing: [],
      clips: 3,
    });
    const reel = (await cache.call('reels.get', { id: r.id }))!;
    expect(reel.items).toEqual([
      {
        highlight_id: ids[2],
        position: 0,
        interview_id: 'iv-b',
        interview_n: 2,
        participant: 'P02',
        text: 'We moved',
        codes: [],
        start_ms: 10_000,
        end_ms: 15_000,
      },
      expect.objectContaining({
        highlight_id: ids[0],
        position: 1,
        participant: 'Amara (P01)',
        interview_n: 1,
        codes: [expect.objectContaining({ name: 'Price' }), expect.objectContaining({ name: 'Value' })],
      }),
      expect.objectContaining({ highlight_id: ids[1], position: 2, participant: 'Amara (P01)', start_ms: 30_000, end_ms: 35_000 }),
    ]);
    // Three clips of five seconds each.
    expect(reel).toMatchObject({ total_ms: 15_000, untimed: 0, reel: { clips: 3 } });
  });

  it('moves a clip to any place, the others closing up, and takes one out without gaps', async () => {
    const r = await cache.call('reels.create', { projectId: P, name: 'Order', now: NOW });
    await cache.call('reels.addItems', { id: r.id, highlightIds: ids, now: NOW });
    const [a, b, c] = ids as [string, string, string];
    expect((await cache.call('reels.move', { id: r.id, highlightId: c, position: 0, now: NOW })).items.map((i) => i.highlight_id)).toEqual([c, a, b]);
    await cache.call('reels.move', { id: r.id, highlightId: c, position: 1, now: NOW });
    expect(await order(r.id)).toEqual([a, c, b]);
    // Past the end: last.
    await cache.call('reels.move', { id: r.id, highlightId: a, position: 99, now: NOW });
    expect(await order(r.id)).toEqual([c, b, a]);
    await expect(cache.call('reels.move', { id: r.id, highlightId: 'not-in-reel', position: 0, now: NOW })).rejects.toMatchObject({ code: 'not_found' });
    expect(await cache.call('reels.removeItem', { id: r.id, highlightId: b, now: NOW })).toEqual({ removed: true });
    expect(await cache.call('reels.removeItem', { id: r.id, highlightId: b, now: NOW })).toEqual({ removed: false });
    expect((await cache.call('reels.get', { id: r.id }))!.items.map((i) => [i.highlight_id, i.position])).toEqual([
      [c, 0],
      [a, 1],
    ]);
    // Appended after a removal: at the end, no gap, no clash.
    await cache.call('reels.addItems', { id: r.id, highlightIds: [b], now: NOW });
    expect((await cache.call('reels.get', { id: r.id }))!.items.map((i) => i.position)).toEqual([0, 1, 2]);
  });

  it('loses a clip when its highlight is deleted, in every reel, and the count says so; a clip with no known time is counted apart', async () => {
    const r1 = await cache.call('reels.create', { projectId: P, name: 'One', now: NOW });
    const r2 = await cache.call('reels.create', { projectId: P, name: 'Two', now: NOW });
    await cache.call('reels.addItems', { id: r1.id, highlightIds: ids, now: NOW });
    await cache.call('reels.addItems', { id: r2.id, highlightIds: [ids[1]!], now: NOW });
    expect(await cache.call('highlights.delete', { id: ids[1]! })).toBe(true);
    expect((await cache.call('reels.list', { projectId: P })).map((r) => r.clips)).toEqual([2, 0]);
    expect((await cache.call('reels.get', { id: r1.id }))!.items.map((i) => [i.highlight_id, i.position])).toEqual([
      [ids[0], 0],
      [ids[2], 1],
    ]);
    // A later append still lands last (the gap the deletion left is not reused).
    const untimed = await codeTurn(cache, { interview: 'iv-a', turn: 0, from: 0, to: 4, startMs: null, quote: 'What', codes: [] });
    await cache.call('reels.addItems', { id: r1.id, highlightIds: [untimed.id], now: NOW });
    const reel = (await cache.call('reels.get', { id: r1.id }))!;
    expect(reel.items.map((i) => i.highlight_id)).toEqual([ids[0], ids[2], untimed.id]);
    expect(reel).toMatchObject({ total_ms: 10_000, untimed: 1 });
    expect(reel.items[2]).toMatchObject({ start_ms: null, end_ms: null });
  });
});
