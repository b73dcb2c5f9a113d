/**
 * The .docx pieces every Fieldwork document is made of (transcripts, reports, a code's segments, the
 * question grid): runs and paragraphs filtered to the characters XML 1.0 allows, which Word insists on, and
 * the one set of document options they are packed with.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun, type IRunOptions, type ISectionOptions } from 'docx';
import { oneLine } from './text';

// XML 1.0 cannot carry these at all; one in server text would make Word refuse the whole file.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, '');
}

/** One run; every run goes through here so no server string reaches the XML unfiltered. */
export function run(text: string, style: Omit<IRunOptions, 'text' | 'children'> = {}): TextRun {
  return new TextRun({ ...style, text: xmlSafe(text) });
}

/** Text runs for one piece of text; its line breaks become Word line breaks inside the same paragraph. */
export function textRuns(text: string, style: { bold?: boolean; italics?: boolean } = {}): TextRun[] {
  return xmlSafe(text)
    .split('\n')
    .map((line, i) => new TextRun({ ...style, text: line, break: i > 0 ? 1 : undefined }));
}

/**
 * The paragraph kinds a transcript uses. Each is some single-line pieces (`fixed`) followed by one text
 * whose lines become runs (`tail`), and that is the only shape the template knows how to fill.
 */
export type ParagraphKind = 'title' | 'heading1' | 'heading2' | 'note' | 'field' | 'turn';
export type ParagraphKindSpec = { fixed: number; italics: boolean; build: (fixed: readonly string[], tail: TextRun[]) => Paragraph };

export const PARAGRAPH_KINDS: Record<ParagraphKind, ParagraphKindSpec> = {
  title: { fixed: 0, italics: false, build: (_f, tail) => new Paragraph({ heading: HeadingLevel.TITLE, children: tail }) },
  heading1: { fixed: 0, italics: false, build: (_f, tail) => new Paragraph({ heading: HeadingLevel.HEADING_1, children: tail }) },
  heading2: { fixed: 0, italics: false, build: (_f, tail) => new Paragraph({ heading: HeadingLevel.HEADING_2, children: tail }) },
  note: { fixed: 0, italics: true, build: (_f, tail) => new Paragraph({ children: tail }) },
  // "Label: value"; the label is bold.
  field: { fixed: 1, italics: false, build: ([label = ''], tail) => new Paragraph({ children: [run(`${label}: `, { bold: true }), ...tail] }) },
  // "[hh:mm:ss] Speaker: text": the timestamp grey, the speaker bold.
  turn: {
    fixed: 2,
    italics: false,
    build: ([time = '', speaker = ''], tail) =>
      new Paragraph({ spacing: { after: 160 }, children: [run(`[${time}] `, { color: '666666' }), run(`${speaker}: `, { bold: true }), ...tail] }),
  },
};

/** One paragraph of a transcript document: its kind, its single-line pieces and its (multi-line) text. */
export type DocxBlock = { kind: ParagraphKind; fixed: string[]; tail: string };

/** The library's Paragraph for a block. */
export function blockParagraph(block: DocxBlock): Paragraph {
  const kind = PARAGRAPH_KINDS[block.kind];
  return kind.build(block.fixed, textRuns(block.tail, kind.italics ? { italics: true } : {}));
}

/** A "Label: value" block; the value on one line. */
export const fieldBlock = (label: string, value: string): DocxBlock => ({ kind: 'field', fixed: [label], tail: oneLine(value) });

/** A "Label: value" line of a title block. */
export function fieldParagraph(label: string, value: string): Paragraph {
  return blockParagraph(fieldBlock(label, value));
}

/** The document options every Fieldwork .docx shares; the title lands in the document properties Word shows. */
function documentOf(title: string, sections: ISectionOptions[]): Document {
  return new Document({
    creator: 'Fieldwork',
    title: xmlSafe(oneLine(title)),
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections,
  });
}

/** Packs sections into a .docx with the library. */
export async function packDocx(title: string, sections: ISectionOptions[]): Promise<Buffer> {
  return Packer.toBuffer(documentOf(title, sections));
}
