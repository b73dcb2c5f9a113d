import { describe, expect, it } from 'vitest';
import { timelineGroups, timelineLabel } from '../../../src/renderer/features/viewer/HighlightTimeline';
import { turnMarks } from '../../../src/renderer/features/viewer/transcript-marks';

const turns = [
  { index: 0, text: 'Why did you cancel?' },
  { index: 1, text: 'The price went up twice.' },
  { index: 2, text: 'And the boxes were late.' },
];
const h = (id: string, start_turn: number, start_offset: number, end_turn: number, end_offset: number, tags: string[] = []) => ({
  id,
  start_turn,
  start_offset,
  end_turn,
  end_offset,
  tags,
});
const marked = (m: ReturnType<typeof turnMarks>, i: number) =>
  m
    .get(i)
    ?.segments.map((s) => (s.ids.length ? `[${s.text}|${s.ids.join('+')}]` : s.text))
    .join('');

describe('transcript marks', () => {
  it('marks exactly the selected words, not the whole turn', () => {
    const m = turnMarks(turns, [h('a', 1, 4, 1, 9, ['pricing'])]);
    expect(marked(m, 1)).toBe('The [price|a] went up twice.');
    expect(m.get(1)?.tags).toEqual(['pricing']);
    expect(m.has(0)).toBe(false);
  });

  it('spans turns: the end of the first, every turn between, the start of the last; tags beside the first', () => {
    const m = turnMarks(turns, [h('a', 0, 12, 2, 3, ['churn'])]);
    expect(marked(m, 0)).toBe('Why did you [cancel?|a]');
    expect(marked(m, 1)).toBe('[The price went up twice.|a]');
    expect(marked(m, 2)).toBe('[And|a] the boxes were late.');
    expect(m.get(0)?.tags).toEqual(['churn']);
    expect(m.get(2)?.tags).toEqual([]);
  });

  it('cuts overlapping highlights into runs that know every highlight on them, and merges their tags', () => {
    const m = turnMarks(turns, [h('a', 1, 0, 1, 9, ['pricing']), h('b', 1, 4, 1, 17, ['pricing', 'trust'])]);
    expect(marked(m, 1)).toBe('[The |a][price|a+b][ went up|b] twice.');
    expect(m.get(1)?.tags).toEqual(['pricing', 'trust']);
    expect(m.get(1)?.count).toBe(2);
  });

  it('clamps offsets past a turn that changed since, instead of dropping the highlight', () => {
    const m = turnMarks(turns, [h('a', 2, 19, 2, 400)]);
    expect(marked(m, 2)).toBe('And the boxes were [late.|a]');
  });
});

describe('highlight timeline', () => {
  const hl = (id: string, start_ms: number | null, tags: string[], quote = 'words') => ({ id, start_ms, tags, quote });
  it('groups highlights that start in the same hundredth of the video, names them by time and tags, and leaves untimed ones out', () => {
    const groups = timelineGroups([hl('b', 61_000, ['trust']), hl('a', 60_000, ['pricing']), hl('c', 300_000, []), hl('d', null, ['x'])], 600_000);
    expect(groups.map((g) => g.map((h) => h.id))).toEqual([['a', 'b'], ['c']]);
    expect(groups.map((g) => timelineLabel(g))).toEqual(['2 highlights at 01:00: pricing, trust', 'Highlight at 05:00: "words"']);
  });
});
