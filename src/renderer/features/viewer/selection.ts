import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import type { TranscriptRange } from '../highlights/store';

export type TextPoint = { turn: number; offset: number };

/**
 * A transcript selection as turn indexes and character offsets into each turn's text, in reading order
 * whichever way it was dragged, with the quote it covers. Null when nothing but whitespace is selected.
 */
export function rangeFromPoints(turns: readonly TranscriptTurn[], a: TextPoint, b: TextPoint): TranscriptRange | null {
  const [start, end] = a.turn < b.turn || (a.turn === b.turn && a.offset <= b.offset) ? [a, b] : [b, a];
  const first = turns[start.turn];
  const last = turns[end.turn];
  if (!first || !last) return null;
  const clamp = (p: TextPoint, text: string) => Math.max(0, Math.min(p.offset, text.length));
  const startOffset = clamp(start, first.text);
  const endOffset = clamp(end, last.text);
  const parts: string[] = [];
  for (let i = start.turn; i <= end.turn; i++) {
    const text = turns[i]!.text;
    parts.push(text.slice(i === start.turn ? startOffset : 0, i === end.turn ? endOffset : text.length));
  }
  const quote = parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n');
  if (!quote) return null;
  return { start_turn: start.turn, start_offset: startOffset, end_turn: end.turn, end_offset: endOffset, start_ms: first.start_ms, quote };
}

/** Where a DOM selection endpoint falls in the transcript: the turn row's index and the offset in its text. */
export function textPointFromDom(node: Node, offset: number): TextPoint | null {
  const el = node instanceof Element ? node : node.parentElement;
  const row = el?.closest<HTMLElement>('[data-turn]');
  if (!row) return null;
  const turn = Number(row.dataset.turn);
  const textEl = row.querySelector<HTMLElement>('[data-turn-text]');
  if (!textEl || !Number.isInteger(turn)) return null;
  if (!textEl.contains(node)) {
    // The endpoint is on the row's label or time: take the whole text from that side.
    const before = textEl.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING;
    const len = textEl.textContent?.length ?? 0;
    return { turn, offset: before ? 0 : len };
  }
  const r = document.createRange();
  r.selectNodeContents(textEl);
  r.setEnd(node, offset);
  return { turn, offset: r.toString().length };
}

/**
 * The document's current selection as a transcript range, when it lies inside `container`. Read at the
 * moment it is needed (a keypress, say) rather than from state a `selectionchange` event updates later,
 * so a key pressed straight after selecting acts on what is selected.
 */
export function readTranscriptSelection(turns: readonly TranscriptTurn[], container: Element | null): TranscriptRange | null {
  const sel = document.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0 || !container || !sel.anchorNode || !sel.focusNode) return null;
  if (!container.contains(sel.anchorNode) || !container.contains(sel.focusNode)) return null;
  const a = textPointFromDom(sel.anchorNode, sel.anchorOffset);
  const b = textPointFromDom(sel.focusNode, sel.focusOffset);
  return a && b ? rangeFromPoints(turns, a, b) : null;
}
