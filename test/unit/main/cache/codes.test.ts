// The codebook's queries: codes created, renamed, recoloured, nested one level, merged and deleted, and
// segments coded, recoded, moved and resized, each with its coder.
import { beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';

const NOW = '2026-11-26T10:00:00.000Z';
let cache: Cache;
beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  return () => cache.close();
});

const segment = (interviewId: string, tags: string[], o: { coder?: string | null; turn?: number } = {}) =>
  cache.call('highlights.add', {
    highlight: {
      project_id: 'p1',
      interview_id: interviewId,
      start_turn: o.turn ?? 1,
      start_offset: 0,
      end_turn: o.turn ?? 1,
      end_offset: 8,
      start_ms: 1000,
      quote: 'too dear',
      note: '',
      new_codes: tags,
      ...(o.coder !== undefined ? { coder: o.coder } : {}),
    },
    now: NOW,
  });
const codes = async () => (await cache.call('codes.list', { projectId: 'p1' })).map((c) => ({ name: c.name, codings: c.codings, interviews: c.interviews }));
const byName = async (name: string) => (await cache.call('codes.list', { projectId: 'p1' })).find((c) => c.name === name)!;

describe('codes', () => {
  it('creates codes with the next unused palette colour, and refuses a name already there in any case', async () => {
    const a = await cache.call('codes.create', { projectId: 'p1', name: ' Price ', now: NOW });
    const b = await cache.call('codes.create', { projectId: 'p1', name: 'Trust', description: 'Believes the claims', now: NOW });
    expect(a).toMatchObject({ name: 'Price', color: '#3b6fd4', description: '', parent_id: null, is_category: false, codings: 0, interviews: 0 });
    expect(b).toMatchObject({ name: 'Trust', color: '#d4883b', description: 'Believes the claims' });
    await expect(cache.call('codes.create', { projectId: 'p1', name: 'PRICE', now: NOW })).rejects.toMatchObject({ code: 'conflict' });
    // Another study has its own codebook.
    await expect(cache.call('codes.create', { projectId: 'p2', name: 'Price', now: NOW })).resolves.toMatchObject({ project_id: 'p2' });
    await expect(cache.call('codes.update', { id: b.id, name: 'price', now: NOW })).rejects.toMatchObject({ code: 'conflict' });
    // Renaming to a new case of its own name is fine.
    await expect(cache.call('codes.update', { id: a.id, name: 'PRICE', color: '#000000', now: NOW })).resolves.toMatchObject({
      name: 'PRICE',
      color: '#000000',
    });
  });

  it('nests codes one level under categories, which cannot be applied', async () => {
    const cat = await cache.call('codes.create', { projectId: 'p1', name: 'Money', isCategory: true, now: NOW });
    const code = await cache.call('codes.create', { projectId: 'p1', name: 'Price', parentId: cat.id, now: NOW });
    expect(code.parent_id).toBe(cat.id);
    await expect(cache.call('codes.create', { projectId: 'p1', name: 'Deep', parentId: code.id, now: NOW })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(cache.call('codes.update', { id: cat.id, parentId: cat.id, now: NOW })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(segment('i1', ['Money'])).rejects.toMatchObject({ code: 'invalid_input' });
    // Categories list first.
    expect((await cache.call('codes.list', { projectId: 'p1' })).map((c) => c.name)).toEqual(['Money', 'Price']);
    // Deleting the category leaves its code, uncategorised.
    expect(await cache.call('codes.delete', { id: cat.id })).toEqual({ deleted_codings: 0 });
    expect((await byName('Price')).parent_id).toBeNull();
  });

  it('codes segments by name, creating new codes, and counts codings and interviews', async () => {
    await segment('i1', ['Price', 'Trust']);
    await segment('i1', ['price']);
    await segment('i2', ['Price']);
    expect(await codes()).toEqual([
      { name: 'Price', codings: 3, interviews: 2 },
      { name: 'Trust', codings: 1, interviews: 1 },
    ]);
  });

  it('merges one code into another: codings join, a segment with both keeps one, and the name goes', async () => {
    const both = await segment('i1', ['Price', 'Cost']);
    await segment('i2', ['Cost']);
    await segment('i3', ['Price']);
    const merged = await cache.call('codes.merge', { fromId: (await byName('Cost')).id, intoId: (await byName('Price')).id, now: NOW });
    expect(merged).toMatchObject({ name: 'Price', codings: 3, interviews: 3 });
    expect(await codes()).toEqual([{ name: 'Price', codings: 3, interviews: 3 }]);
    expect((await cache.call('highlights.list', { id: both.id }))[0]!.codes.map((c) => c.name)).toEqual(['Price']);
    await expect(cache.call('codes.merge', { fromId: merged.id, intoId: merged.id, now: NOW })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('deletes a code with its codings, says how many went, keeps the researcher’s highlights and drops other coders’ bare segments', async () => {
    const mine = await segment('i1', ['Price']);
    const theirs = await segment('i1', ['Price'], { coder: 'Imported: Sam' });
    const theirsKept = await segment('i2', ['Price', 'Trust'], { coder: 'Imported: Sam' });
    expect(await cache.call('codes.delete', { id: (await byName('Price')).id })).toEqual({ deleted_codings: 3 });
    const left = await cache.call('highlights.list', { projectId: 'p1' });
    expect(left.map((h) => [h.id, h.codes.map((c) => c.name)])).toEqual([
      [mine.id, []],
      [theirsKept.id, ['Trust']],
    ]);
    expect(left.some((h) => h.id === theirs.id)).toBe(false);
    await expect(cache.call('codes.delete', { id: 'gone' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('recodes, moves and resizes a segment, and lists by coder', async () => {
    const h = await segment('i1', ['Price']);
    await segment('i1', ['Price'], { coder: 'AI report' });
    const moved = await cache.call('highlights.update', {
      id: h.id,
      codes: { code_ids: [], new_codes: ['Trust'] },
      range: { start_turn: 2, start_offset: 4, end_turn: 3, end_offset: 2, start_ms: 5000, quote: 'moved words' },
      now: '2026-11-27T00:00:00.000Z',
    });
    expect(moved).toMatchObject({
      start_turn: 2,
      start_offset: 4,
      end_turn: 3,
      end_offset: 2,
      start_ms: 5000,
      quote: 'moved words',
      codes: [{ name: 'Trust' }],
    });
    expect(moved?.codes).toEqual([{ id: (await byName('Trust')).id, name: 'Trust', color: expect.stringMatching(/^#/) }]);
    expect(moved?.updated_at).toBe('2026-11-27T00:00:00.000Z');
    // A range that ends before it starts is refused by the table itself.
    await expect(
      cache.call('highlights.update', {
        id: h.id,
        range: { start_turn: 3, start_offset: 0, end_turn: 2, end_offset: 0, start_ms: null, quote: 'x' },
        now: NOW,
      }),
    ).rejects.toBeTruthy();
    expect((await cache.call('highlights.list', { projectId: 'p1', coder: null })).map((x) => x.id)).toEqual([h.id]);
    expect((await cache.call('highlights.list', { projectId: 'p1', coder: 'AI report' })).map((x) => x.coder)).toEqual(['AI report']);
    expect(await cache.call('highlights.coders', { projectId: 'p1' })).toEqual([
      { coder: null, segments: 1 },
      { coder: 'AI report', segments: 1 },
    ]);
  });

  it('applies codes by id: a code renamed between picking and applying is still the code applied', async () => {
    const picked = await cache.call('codes.create', { projectId: 'p1', name: 'Price', now: NOW });
    // While the picker is open, the code is renamed and another code takes its old name.
    await cache.call('codes.update', { id: picked.id, name: 'Cost', now: NOW });
    const other = await cache.call('codes.create', { projectId: 'p1', name: 'price', now: NOW });
    const h = await cache.call('highlights.add', {
      highlight: {
        project_id: 'p1',
        interview_id: 'i1',
        start_turn: 1,
        start_offset: 0,
        end_turn: 1,
        end_offset: 8,
        start_ms: null,
        quote: 'too dear',
        note: '',
        code_ids: [picked.id],
      },
      now: NOW,
    });
    expect(h.codes.map((c) => [c.id, c.name])).toEqual([[picked.id, 'Cost']]);
    const recoded = await cache.call('highlights.update', { id: h.id, codes: { code_ids: [other.id, picked.id], new_codes: [] }, now: NOW });
    expect(recoded?.codes.map((c) => c.id).sort()).toEqual([picked.id, other.id].sort());
  });

  it('refuses a code id that is gone, of another study, or a category, and keeps the coding as it was', async () => {
    const h = await segment('i1', ['Price']);
    const gone = await cache.call('codes.create', { projectId: 'p1', name: 'Gone', now: NOW });
    await cache.call('codes.delete', { id: gone.id });
    const elsewhere = await cache.call('codes.create', { projectId: 'p2', name: 'Elsewhere', now: NOW });
    const category = await cache.call('codes.create', { projectId: 'p1', name: 'Money', isCategory: true, now: NOW });
    const recode = (id: string) => cache.call('highlights.update', { id: h.id, codes: { code_ids: [id], new_codes: [] }, now: NOW });
    await expect(recode(gone.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(recode(elsewhere.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(recode(category.id)).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await cache.call('highlights.list', { id: h.id }))[0]!.codes.map((c) => c.name)).toEqual(['Price']);
    await expect(
      cache.call('highlights.add', {
        highlight: {
          project_id: 'p1',
          interview_id: 'i2',
          start_turn: 0,
          start_offset: 0,
          end_turn: 0,
          end_offset: 2,
          start_ms: null,
          quote: 'Hi',
          note: '',
          code_ids: [gone.id],
        },
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect((await cache.call('highlights.list', { projectId: 'p1' })).map((x) => x.id)).toEqual([h.id]);
  });
});
