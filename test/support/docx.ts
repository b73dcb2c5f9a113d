// Reads a .docx the way the export tests check one: unzipped, word/document.xml's paragraphs as plain text.
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';

/** word/document.xml of a .docx, after checking the zip has the parts Word needs to open it. */
export function documentXml(bytes: Uint8Array): string {
  const files = unzipSync(bytes);
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', '_rels/.rels']));
  const doc = files['word/document.xml'];
  if (!doc) throw new Error('no word/document.xml');
  return strFromU8(doc);
}

/** The paragraphs of document.xml as text: <w:t> runs joined, <w:br/> as a line break, entities decoded. */
export function paragraphs(xml: string): string[] {
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<w:p\b[^>]*?(?:\/>|>([\s\S]*?)<\/w:p>)/g)].map((p) =>
    [...(p[1] ?? '').matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>|<w:br\/>/g)].map((m) => (m[0] === '<w:br/>' ? '\n' : decode(m[1] ?? ''))).join(''),
  );
}

/** The paragraphs of a .docx as plain text (see paragraphs). */
export function docxParagraphs(bytes: Uint8Array): string[] {
  return paragraphs(documentXml(bytes));
}
