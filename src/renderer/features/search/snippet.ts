/** Main wraps matched terms in these control characters (never in real text), so no HTML is ever parsed. */
const START = '\u0002';
const END = '\u0003';

export type SnippetPiece = { text: string; marked: boolean };

/** Splits a search snippet into plain and matched pieces; a stray or unbalanced marker is dropped. */
export function snippetPieces(snippet: string): SnippetPiece[] {
  const pieces: SnippetPiece[] = [];
  let marked = false;
  let text = '';
  const flush = () => {
    if (text) pieces.push({ text, marked });
    text = '';
  };
  for (const ch of snippet) {
    if (ch === START || ch === END) {
      flush();
      marked = ch === START;
    } else text += ch;
  }
  flush();
  return pieces;
}

/** The snippet as plain text: used to find a quote it came from (without the ellipses FTS adds). */
export function snippetText(snippet: string): string {
  return snippetPieces(snippet)
    .map((p) => p.text)
    .join('')
    .replace(/^\s*…\s*|\s*…\s*$/g, '')
    .trim();
}
