import { describe, expect, it } from 'vitest';
import { timelineFill, timelineGroups, timelineLabel } from '../../../src/renderer/features/viewer/HighlightTimeline';
import { marginLanes, turnMarks } from '../../../src/renderer/features/viewer/transcript-marks';

const turns = [
  { index: 0, text: 'Why did you cancel?' },
  { index: 1, text: 'The price went up twice.' },
  { index: 2, text: 'And the boxes were late.' },
];
/** A coding with codes of these names (ids and colours do not matter to the marks). */
const named = (names: string[]) => names.map((name) => ({ id: `c-${name}`, name, color: '' }));
const h = (id: string, start_turn: number, start_offset: number, end_turn: number, end_offset: number, names: string[] = []) => ({
  id,
  start_turn,
  start_offset,
  end_turn,
  end_offset,
  codes: named(names),
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
    expect(m.get(1)?.codeNames).toEqual(['pricing']);
    expect(m.has(0)).toBe(false);
  });

  it('spans turns: the end of the first, every turn between, the start of the last; tags beside the first', () => {
    const m = turnMarks(turns, [h('a', 0, 12, 2, 3, ['churn'])]);
    expect(marked(m, 0)).toBe('Why did you [cancel?|a]');
    expect(marked(m, 1)).toBe('[The price went up twice.|a]');
    expect(marked(m, 2)).toBe('[And|a] the boxes were late.');
    expect(m.get(0)?.codeNames).toEqual(['churn']);
    expect(m.get(2)?.codeNames).toEqual([]);
  });

  it('cuts overlapping highlights into runs that know every highlight on them, and merges their tags', () => {
    const m = turnMarks(turns, [h('a', 1, 0, 1, 9, ['pricing']), h('b', 1, 4, 1, 17, ['pricing', 'trust'])]);
    expect(marked(m, 1)).toBe('[The |a][price|a+b][ went up|b] twice.');
    expect(m.get(1)?.codeNames).toEqual(['pricing', 'trust']);
    expect(m.get(1)?.count).toBe(2);
  });

  it('clamps offsets past a turn that changed since, instead of dropping the highlight', () => {
    const m = turnMarks(turns, [h('a', 2, 19, 2, 400)]);
    expect(marked(m, 2)).toBe('And the boxes were [late.|a]');
  });
});

const code = (name: string, color: string) => ({ id: `c-${name}`, name, color });
const coded = (id: string, start_turn: number, end_turn: number, codes: ReturnType<typeof code>[], coder: string | null = null) => ({
  ...h(
    id,
    start_turn,
    0,
    end_turn,
    3,
    codes.map((c) => c.name),
  ),
  codes,
  coder,
});

describe('the margin', () => {
  const price = code('Price', '#3b6fd4');
  const trust = code('Trust', '#d4883b');
  it('gives each code of each coding a bar beside every turn it spans, first and last marked', () => {
    const m = turnMarks(turns, [coded('a', 0, 2, [price])]);
    expect([0, 1, 2].map((i) => m.get(i)?.bars.map((b) => [b.code.name, b.lane, b.first, b.last]))).toEqual([
      [['Price', 0, true, false]],
      [['Price', 0, false, false]],
      [['Price', 0, false, true]],
    ]);
  });

  it('keeps a bar in one lane down its turns, and never puts two overlapping bars in one lane', () => {
    // a: turns 0–1 with two codes (two lanes); b: turn 1 (a third lane, both of a's are taken); c: turn 2 (lane 0 is free again).
    const { lanes, bars } = marginLanes([coded('b', 1, 1, [trust]), coded('a', 0, 1, [price, trust]), coded('c', 2, 2, [trust])]);
    expect(bars.map((b) => `${b.highlightId}:${b.code.name}:${b.lane}`)).toEqual(['a:Price:0', 'a:Trust:1', 'b:Trust:2', 'c:Trust:0']);
    expect(lanes).toBe(3);
  });

  it("marks another coder's bars as theirs", () => {
    const m = turnMarks(turns, [coded('a', 1, 1, [price], 'AI report')]);
    expect(m.get(1)?.bars[0]).toMatchObject({ coder: 'AI report', first: true, last: true });
  });

  it('has no lanes without codings', () => {
    expect(marginLanes([]).lanes).toBe(0);
  });
});

describe('coding timeline', () => {
  const hl = (id: string, start_ms: number | null, names: string[], quote = 'words') => ({ id, start_ms, codes: named(names), quote });
  it('groups codings that start in the same hundredth of the video, names them by time and codes, and leaves untimed ones out', () => {
    const groups = timelineGroups([hl('b', 61_000, ['trust']), hl('a', 60_000, ['pricing']), hl('c', 300_000, []), hl('d', null, ['x'])], 600_000);
    expect(groups.map((g) => g.map((h) => h.id))).toEqual([['a', 'b'], ['c']]);
    expect(groups.map((g) => timelineLabel(g))).toEqual(['2 codings at 01:00: pricing, trust', 'Coding at 05:00: "words"']);
  });

  it("says who coded a mark when it is not the researcher, and fills it with its codes' colours", () => {
    const ai = { ...hl('a', 1000, ['Price']), codes: [code('Price', '#3b6fd4')], coder: 'AI report' };
    const mine = { ...hl('b', 1000, ['Trust']), codes: [code('Trust', '#d4883b')], coder: null };
    expect(timelineLabel([ai, mine])).toBe('2 codings at 00:01: Price, Trust (by AI report)');
    expect(timelineFill([mine])).toBe('#d4883b');
    expect(timelineFill([ai, mine])).toBe('linear-gradient(to right, #3b6fd4 0% 50%, #d4883b 50% 100%)');
    expect(timelineFill([hl('c', 0, [])])).toBe('var(--warning)');
  });
});
