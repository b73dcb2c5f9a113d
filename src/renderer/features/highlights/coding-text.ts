import { coderLabel } from '../../../shared/analysis/codebook';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import { formatDateTime } from '../../lib/format';

/** The start of a quote on one line, cut at a word with "…" when longer than `max`. */
export function shortQuote(quote: string, max = 32): string {
  const q = quote.replace(/\s+/g, ' ').trim();
  if (q.length <= max) return q;
  const cut = q.slice(0, max);
  // The cut ends a word when a space follows it; else back to the last whole word.
  const word = q[max] === ' ' ? max : cut.lastIndexOf(' ');
  return `${(word > max / 2 ? cut.slice(0, word) : cut).replace(/[\s,.;:!?]+$/, '')}…`;
}

/** How a coding's code is named in the margin and on the timeline: "Price: 'too dear…' by You". */
export function codingName(code: string, h: Pick<HighlightView, 'quote' | 'coder'>, researcherName: string): string {
  return `${code}: '${shortQuote(h.quote)}' by ${coderLabel(h.coder, researcherName)}`;
}

/** Who coded it and when: "Coded by You · 26 Nov 2026, 09:01", and when it was changed since. */
export function codedBy(h: Pick<HighlightView, 'coder' | 'created_at' | 'updated_at'>, researcherName: string): string {
  const base = `Coded by ${coderLabel(h.coder, researcherName)} · ${formatDateTime(h.created_at)}`;
  return h.updated_at && h.updated_at !== h.created_at ? `${base} · changed ${formatDateTime(h.updated_at)}` : base;
}

/** The researcher's own codings (coder null) are theirs to change; another coder's are shown as they coded them. */
export const isOwnCoding = (h: Pick<HighlightView, 'coder'>): boolean => h.coder === null;
