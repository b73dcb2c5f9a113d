import type { HighlightView } from '../../../shared/ipc/channels/highlights';

type Span = Pick<HighlightView, 'id' | 'start_turn' | 'start_offset' | 'end_turn' | 'end_offset' | 'codes'> & Partial<Pick<HighlightView, 'coder'>>;
type Code = HighlightView['codes'][number];

/** A run of a turn's text and the highlights covering it (none: plain text; two or more: highlights overlap there). */
export type TextSegment = { text: string; ids: string[] };

/**
 * One code of one coding in the transcript's margin: a bar in the code's colour in its lane, beside every turn
 * the coding spans (`first`/`last`: the coding starts/ends in this turn).
 */
export type MarginBar = { highlightId: string; code: Code; coder: string | null; lane: number; first: boolean; last: boolean };

/**
 * What the transcript shows of the highlights in one turn: its text cut where highlights start and end, the
 * names of the codes of those that start in it, and the margin's bars (by lane) beside it.
 */
export type TurnMarks = { segments: TextSegment[]; codeNames: string[]; count: number; bars: MarginBar[] };

/**
 * The margin's lanes: each code of each coding gets a lane (a column of the margin) that is free over all the
 * turns it spans, lowest first, in reading order; so a bar stays in one column from its first turn to its
 * last and two bars never share a column where they overlap. `lanes` is how many columns that takes.
 */
export function marginLanes(highlights: readonly Span[]): { lanes: number; bars: Omit<MarginBar, 'first' | 'last'>[]; spans: Map<string, [number, number]> } {
  const pairs = highlights
    .flatMap((h) => h.codes.map((code) => ({ h, code })))
    .sort(
      (a, b) =>
        a.h.start_turn - b.h.start_turn ||
        a.h.start_offset - b.h.start_offset ||
        b.h.end_turn - a.h.end_turn ||
        a.h.id.localeCompare(b.h.id) ||
        a.code.name.localeCompare(b.code.name),
    );
  const laneEnds: number[] = [];
  const bars: Omit<MarginBar, 'first' | 'last'>[] = [];
  const spans = new Map<string, [number, number]>();
  for (const { h, code } of pairs) {
    let lane = laneEnds.findIndex((end) => end < h.start_turn);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = Math.max(h.start_turn, h.end_turn);
    bars.push({ highlightId: h.id, code, coder: h.coder ?? null, lane });
    spans.set(h.id, [h.start_turn, Math.max(h.start_turn, h.end_turn)]);
  }
  return { lanes: laneEnds.length, bars, spans };
}

/**
 * Each turn's marks from the interview's highlights, by turn index. A highlight marks exactly the words
 * selected (its character offsets), across turns when it spans several; overlapping highlights cut the
 * text into runs, each knowing every highlight on it. Offsets past a turn's text (a transcript that changed
 * at a later sync) are clamped rather than dropped, so a highlight never silently disappears.
 */
export function turnMarks(turns: readonly { index: number; text: string }[], highlights: readonly Span[]): Map<number, TurnMarks> {
  const byTurn = new Map<number, { id: string; start: number; end: number }[]>();
  const namesAt = new Map<number, string[]>();
  const textOf = new Map(turns.map((t) => [t.index, t.text]));
  for (const h of highlights) {
    for (let i = h.start_turn; i <= h.end_turn; i++) {
      const text = textOf.get(i);
      if (text === undefined) continue;
      const clamp = (n: number) => Math.max(0, Math.min(n, text.length));
      const start = i === h.start_turn ? clamp(h.start_offset) : 0;
      const end = i === h.end_turn ? clamp(h.end_offset) : text.length;
      if (end > start) (byTurn.get(i) ?? byTurn.set(i, []).get(i)!).push({ id: h.id, start, end });
    }
    const first = textOf.has(h.start_turn) ? h.start_turn : turns.find((t) => t.index > h.start_turn && t.index <= h.end_turn)?.index;
    if (first !== undefined) {
      const list = namesAt.get(first) ?? namesAt.set(first, []).get(first)!;
      for (const c of h.codes) if (!list.includes(c.name)) list.push(c.name);
    }
  }
  // A bar runs beside the turns the coding spans that the transcript has (a later sync may have dropped some).
  const { bars, spans } = marginLanes(highlights);
  const barsAt = new Map<number, MarginBar[]>();
  const indexes = turns.map((t) => t.index);
  for (const bar of bars) {
    const [from, to] = spans.get(bar.highlightId)!;
    const shown = indexes.filter((i) => i >= from && i <= to);
    shown.forEach((i, k) => (barsAt.get(i) ?? barsAt.set(i, []).get(i)!).push({ ...bar, first: k === 0, last: k === shown.length - 1 }));
  }
  const out = new Map<number, TurnMarks>();
  for (const turn of turns) {
    const ranges = byTurn.get(turn.index);
    const codeNames = namesAt.get(turn.index) ?? [];
    const turnBars = barsAt.get(turn.index) ?? [];
    if (!ranges && codeNames.length === 0 && turnBars.length === 0) continue;
    out.set(turn.index, { segments: segment(turn.text, ranges ?? []), codeNames, count: new Set((ranges ?? []).map((r) => r.id)).size, bars: turnBars });
  }
  return out;
}

function segment(text: string, ranges: { id: string; start: number; end: number }[]): TextSegment[] {
  const cuts = [...new Set([0, text.length, ...ranges.flatMap((r) => [r.start, r.end])])].sort((a, b) => a - b);
  const out: TextSegment[] = [];
  for (let k = 0; k < cuts.length - 1; k++) {
    const [a, b] = [cuts[k]!, cuts[k + 1]!];
    const ids = ranges.filter((r) => r.start <= a && r.end >= b).map((r) => r.id);
    const prev = out.at(-1);
    // Neighbouring runs under the same highlights are one run.
    if (prev && prev.ids.join() === ids.join()) prev.text += text.slice(a, b);
    else out.push({ text: text.slice(a, b), ids });
  }
  return out;
}
