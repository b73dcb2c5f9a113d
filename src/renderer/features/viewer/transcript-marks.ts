import type { HighlightView } from '../../../shared/ipc/channels/highlights';

type Span = Pick<HighlightView, 'id' | 'start_turn' | 'start_offset' | 'end_turn' | 'end_offset' | 'tags'>;

/** A run of a turn's text and the highlights covering it (none: plain text; two or more: highlights overlap there). */
export type TextSegment = { text: string; ids: string[] };

/** What the transcript shows of the highlights in one turn: its text cut where highlights start and end, and the tags of those that start in it. */
export type TurnMarks = { segments: TextSegment[]; tags: string[]; count: number };

/**
 * Each turn's marks from the interview's highlights, by turn index. A highlight marks exactly the words
 * selected (its character offsets), across turns when it spans several; overlapping highlights cut the
 * text into runs, each knowing every highlight on it. Offsets past a turn's text (a transcript that changed
 * at a later sync) are clamped rather than dropped, so a highlight never silently disappears.
 */
export function turnMarks(turns: readonly { index: number; text: string }[], highlights: readonly Span[]): Map<number, TurnMarks> {
  const byTurn = new Map<number, { id: string; start: number; end: number }[]>();
  const tagsAt = new Map<number, string[]>();
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
      const list = tagsAt.get(first) ?? tagsAt.set(first, []).get(first)!;
      for (const t of h.tags) if (!list.includes(t)) list.push(t);
    }
  }
  const out = new Map<number, TurnMarks>();
  for (const turn of turns) {
    const ranges = byTurn.get(turn.index);
    const tags = tagsAt.get(turn.index) ?? [];
    if (!ranges && tags.length === 0) continue;
    out.set(turn.index, { segments: segment(turn.text, ranges ?? []), tags, count: new Set((ranges ?? []).map((r) => r.id)).size });
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
