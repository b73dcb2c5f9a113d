import { describe, expect, it } from 'vitest';
import { snippetPieces, snippetText } from '../../../src/renderer/features/search/snippet';

describe('search snippets', () => {
  it('splits marked terms from plain text', () => {
    expect(snippetPieces('…the \u0002price\u0003 went up, \u0002prices\u0003 again…')).toEqual([
      { text: '…the ', marked: false },
      { text: 'price', marked: true },
      { text: ' went up, ', marked: false },
      { text: 'prices', marked: true },
      { text: ' again…', marked: false },
    ]);
  });

  it('keeps HTML-like text as text pieces, never markup', () => {
    const pieces = snippetPieces('<img src=x onerror=alert(1)> \u0002price\u0003 </mark><script>');
    expect(pieces[0]).toEqual({ text: '<img src=x onerror=alert(1)> ', marked: false });
    expect(pieces[2]).toEqual({ text: ' </mark><script>', marked: false });
  });

  it('tolerates unbalanced markers and empty input', () => {
    expect(snippetPieces('a \u0003b\u0002c')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b', marked: false },
      { text: 'c', marked: true },
    ]);
    expect(snippetPieces('')).toEqual([]);
  });

  it('plain text drops the markers and the ellipses at either end', () => {
    expect(snippetText('…the \u0002price\u0003 went up…')).toBe('the price went up');
    expect(snippetText('Honestly the \u0002price\u0003.')).toBe('Honestly the price.');
  });
});
