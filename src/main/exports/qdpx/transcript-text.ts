/**
 * The plain text of an interview transcript as it goes into `sources/<guid>.txt`, and where each turn and
 * each character of a turn lands in it.
 *
 * Positions count Unicode code points (what the REFI-QDA standard calls characters, and what QualCoder's
 * Python string indexes count), not UTF-16 units or bytes: an emoji is one character. Line endings are
 * part of the count, so a CRLF file has one more character per line break than the LF one; every
 * offset is computed from the text as written, never from an LF form.
 */
import type { TranscriptTurn } from '../../../shared/schemas/transcript';

export type QdpxLineEnding = 'lf' | 'crlf';

export type PlacedTurn = {
  turn: TranscriptTurn;
  /** Code point offset of the paragraph (`Speaker: text`) in the transcript text. */
  paragraphStart: number;
  /** Code point offset where the turn's own text starts (after `Speaker: `). */
  textStart: number;
  /** Code point offset just after the turn's text. */
  textEnd: number;
  /** For each UTF-16 index into `turn.text` (0..length), the code point offset into the transcript text. */
  offsetMap: Int32Array;
};

export type TranscriptText = { text: string; turns: PlacedTurn[]; length: number };

const BREAK = /\r\n|\r|\n|\u2028|\u2029/y;

/**
 * Turn text with every line break in the chosen ending, plus the map from the original UTF-16 offsets (the
 * unit highlights are stored in) to code point offsets in the converted text.
 */
export function convertTurnText(raw: string, eol: string): { text: string; map: Int32Array; length: number } {
  const map = new Int32Array(raw.length + 1);
  let out = '';
  let cp = 0;
  let i = 0;
  const eolLength = [...eol].length;
  while (i < raw.length) {
    BREAK.lastIndex = i;
    const br = BREAK.exec(raw);
    if (br) {
      for (let k = 0; k < br[0].length; k++) map[i + k] = cp;
      out += eol;
      cp += eolLength;
      i += br[0].length;
      continue;
    }
    const code = raw.codePointAt(i)!;
    const units = code > 0xffff ? 2 : 1;
    // An offset inside a surrogate pair belongs to the character it splits.
    for (let k = 0; k < units; k++) map[i + k] = cp;
    out += raw.slice(i, i + units);
    cp += 1;
    i += units;
  }
  map[raw.length] = cp;
  return { text: out, map, length: cp };
}

export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Paragraphs `Speaker: text`, separated by a blank line, ending with a line break. */
export function buildTranscriptText(turns: readonly TranscriptTurn[], label: (turn: TranscriptTurn) => string, lineEnding: QdpxLineEnding): TranscriptText {
  const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
  const eolLength = eol.length; // both ASCII: code points = units
  const parts: string[] = [];
  const placed: PlacedTurn[] = [];
  let pos = 0;
  turns.forEach((turn, i) => {
    if (i > 0) {
      parts.push(eol + eol);
      pos += 2 * eolLength;
    }
    const prefix = `${convertTurnText(label(turn), ' ').text}: `;
    const body = convertTurnText(turn.text, eol);
    const paragraphStart = pos;
    const textStart = pos + codePointLength(prefix);
    const offsetMap = body.map.map((v) => v + textStart);
    parts.push(prefix + body.text);
    pos = textStart + body.length;
    placed.push({ turn, paragraphStart, textStart, textEnd: pos, offsetMap });
  });
  if (turns.length > 0) {
    parts.push(eol);
    pos += eolLength;
  }
  return { text: parts.join(''), turns: placed, length: pos };
}

/** The substring between two code point offsets. */
export function sliceCodePoints(text: string, start: number, end: number): string {
  return [...text].slice(start, end).join('');
}
