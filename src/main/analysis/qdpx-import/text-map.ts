/**
 * From a source's plain text to transcript turns. REFI-QDA positions count characters (Unicode code points)
 * of the plain text file as written, so a CRLF line break is two characters; some tools count it as one.
 * Fieldwork reads positions as written, and only when a text has CRLF breaks does it also try one
 * character per break, keeping whichever puts the selections' edges on word boundaries (and on the words
 * the selection names) more often. Turns are found in the text by their words, in order, so any layout
 * (Fieldwork's `Speaker: text` paragraphs, another tool's timestamps and speaker lines) works.
 */
import type { PlacedTurnRange } from '../../../shared/analysis/turn-range';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';

export type PositionMode = 'as_written' | 'crlf_as_one';

type Span = { turn: TranscriptTurn; start: number; end: number; toOriginal: ((o: number) => number) | null };

export class SourceText {
  /** The text with every line break as LF: what turns are searched in, and what positions map into. */
  readonly text: string;
  readonly hasCrlf: boolean;
  private readonly written: Int32Array;
  private readonly one: Int32Array;

  constructor(raw: string) {
    const cpWritten: number[] = [];
    const cpOne: number[] = [];
    let out = '';
    for (let i = 0; i < raw.length;) {
      const c = raw.codePointAt(i)!;
      const units = c > 0xffff ? 2 : 1;
      if (c === 0x0d) {
        const crlf = raw.charCodeAt(i + 1) === 0x0a;
        cpWritten.push(out.length);
        if (crlf) cpWritten.push(out.length + 1);
        cpOne.push(out.length);
        out += '\n';
        i += crlf ? 2 : 1;
        continue;
      }
      cpWritten.push(out.length);
      cpOne.push(out.length);
      out += raw.slice(i, i + units);
      i += units;
    }
    cpWritten.push(out.length);
    cpOne.push(out.length);
    this.text = out;
    this.hasCrlf = raw.includes('\r\n');
    this.written = Int32Array.from(cpWritten);
    this.one = Int32Array.from(cpOne);
  }

  /** A character position, read in the given mode, as an index into `text`; null when it is outside the text. */
  at(position: number, mode: PositionMode): number | null {
    const map = mode === 'as_written' ? this.written : this.one;
    if (!Number.isSafeInteger(position) || position < 0 || position >= map.length) return null;
    return map[position]!;
  }

  /** The mode that fits these selections best (see the file comment); as written when they fit both alike. */
  detectMode(selections: { start: number; end: number; name: string }[]): PositionMode {
    if (!this.hasCrlf || selections.length === 0) return 'as_written';
    const score = (mode: PositionMode) => {
      let s = 0;
      for (const sel of selections) {
        const a = this.at(sel.start, mode);
        const b = this.at(sel.end, mode);
        if (a === null || b === null || b < a) {
          s -= 4;
          continue;
        }
        if (a === 0 || !wordChar(this.text, a - 1) || !wordChar(this.text, a)) s++;
        if (b === this.text.length || !wordChar(this.text, b) || !wordChar(this.text, b - 1)) s++;
        const named = sel.name.trim();
        if (named && this.text.slice(a, b).trim() === named) s += 4;
      }
      return s;
    };
    return score('crlf_as_one') > score('as_written') ? 'crlf_as_one' : 'as_written';
  }
}

const WORD = /[\p{L}\p{N}\p{M}_'’]/u;
function wordChar(text: string, i: number): boolean {
  const c = text.codePointAt(i);
  if (c === undefined) return false;
  // A low surrogate: look at the whole character.
  if (c >= 0xdc00 && c <= 0xdfff && i > 0) return WORD.test(String.fromCodePoint(text.codePointAt(i - 1)!));
  return WORD.test(String.fromCodePoint(c));
}

const lf = (s: string) => s.replace(/\r\n?/g, '\n');

/** Where each turn's words are in a source text; turns not found there are left out. */
export function locateTurns(source: SourceText, turns: readonly TranscriptTurn[]): Span[] {
  const spans: Span[] = [];
  let cursor = 0;
  for (const turn of turns) {
    const norm = lf(turn.text);
    const needle = norm.trim();
    if (!needle) continue;
    let at = source.text.indexOf(needle, cursor);
    // Out of order (a tool that sorted paragraphs): anywhere, as long as it is the only place.
    if (at < 0) {
      const first = source.text.indexOf(needle);
      if (first >= 0 && source.text.indexOf(needle, first + 1) < 0) at = first;
    }
    if (at < 0) continue;
    const lead = norm.length - norm.trimStart().length;
    const start = at - lead;
    spans.push({ turn, start, end: start + norm.length, toOriginal: norm === turn.text ? null : originalOffsets(turn.text) });
    cursor = at + needle.length;
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** For a turn whose text has CR line breaks: an offset into its LF form, as an offset into the text as stored. */
function originalOffsets(raw: string): (o: number) => number {
  const map: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\r' && raw[i + 1] === '\n') continue;
    map.push(i);
  }
  map.push(raw.length);
  return (o) => map[Math.min(o, map.length - 1)]!;
}

/** The turns a stretch of the text covers, as a highlight's range; null when it covers none of their words. */
export function rangeForText(spans: readonly Span[], a: number, b: number): PlacedTurnRange | null {
  if (b <= a) return null;
  const hit = spans.filter((s) => s.end > a && s.start < b);
  if (hit.length === 0) return null;
  const first = hit[0]!;
  const last = hit[hit.length - 1]!;
  const so = Math.max(a, first.start) - first.start;
  const eo = Math.min(b, last.end) - last.start;
  const start_offset = first.toOriginal ? first.toOriginal(so) : so;
  const end_offset = last.toOriginal ? last.toOriginal(eo) : eo;
  return build(
    hit.map((s) => s.turn),
    start_offset,
    end_offset,
  );
}

/** The turns a time span covers (each turn whose middle lies in it, else the one it overlaps most), whole. */
export function rangeForTime(turns: readonly TranscriptTurn[], beginMs: number, endMs: number): PlacedTurnRange | null {
  if (!(endMs > beginMs)) return null;
  const timed = turns
    .map((t, i) => {
      if (t.start_ms === null) return null;
      const next = turns.slice(i + 1).find((n) => n.start_ms !== null)?.start_ms ?? null;
      const end = t.end_ms !== null && t.end_ms > t.start_ms ? t.end_ms : next !== null && next > t.start_ms ? next : t.start_ms;
      return { t, start: t.start_ms, end };
    })
    .filter((x): x is { t: TranscriptTurn; start: number; end: number } => x !== null);
  const overlap = (x: { start: number; end: number }) => Math.min(endMs, Math.max(x.end, x.start + 1)) - Math.max(beginMs, x.start);
  let covered = timed.filter((x) => {
    const mid = (x.start + x.end) / 2;
    return mid >= beginMs && mid < endMs && x.t.text.trim() !== '';
  });
  if (covered.length === 0) {
    const best = timed.filter((x) => overlap(x) > 0 && x.t.text.trim() !== '').sort((p, q) => overlap(q) - overlap(p))[0];
    covered = best ? [best] : [];
  }
  if (covered.length === 0) return null;
  const list = covered.map((x) => x.t);
  return build(list, 0, list[list.length - 1]!.text.length);
}

function build(turns: TranscriptTurn[], start_offset: number, end_offset: number): PlacedTurnRange | null {
  const first = turns[0]!;
  const last = turns[turns.length - 1]!;
  const quote = turns
    .map((t, i) => t.text.slice(i === 0 ? start_offset : 0, i === turns.length - 1 ? end_offset : t.text.length).trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, 10_000);
  if (!quote) return null;
  return { start_turn: first.index, start_offset, end_turn: last.index, end_offset, start_ms: first.start_ms, quote };
}
