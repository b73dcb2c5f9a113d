/**
 * DOCX with the `docx` library: a title block (project, interview, date; participant fields and screener
 * answers only when included), then one paragraph per turn with its timestamp and the speaker in bold.
 * Returns the file's bytes (a zip); text is filtered to characters XML 1.0 allows, which Word insists on.
 *
 * A transcript is first described as blocks (what each paragraph says and which kind it is); the library
 * turns each kind into a Paragraph here. Packing a whole document with the library costs several
 * milliseconds, so `renderDocx` (docx-template.ts) fills a template the library packed once with the same
 * blocks; `renderDocxWithLibrary` is the library-only path it is tested against, byte for byte.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun, type IRunOptions, type ISectionOptions } from 'docx';
import {
  clock,
  compactText,
  oneLine,
  participantFields,
  participantName,
  resolveOptions,
  speakerLabel,
  type TranscriptExportInput,
  type TranscriptExportOptions,
} from './common';

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

const field = (label: string, value: string): DocxBlock => ({ kind: 'field', fixed: [label], tail: oneLine(value) });

/** A "Label: value" line of a title block. */
export function fieldParagraph(label: string, value: string): Paragraph {
  return blockParagraph(field(label, value));
}

/** What a transcript document says, paragraph by paragraph, and its title (the document property). */
export function transcriptBlocks(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): { title: string; blocks: DocxBlock[] } {
  const options = resolveOptions(partial);
  const iv = input.interview;
  const projectTitle = oneLine(input.project.title) || input.project.id;
  const title = `${projectTitle}: interview ${iv.id}`;
  const blocks: DocxBlock[] = [
    { kind: 'title', fixed: [], tail: title },
    field('Project', `${oneLine(input.project.title)} (${input.project.id})`),
    field('Interview', iv.id),
    field('Date', iv.completed_at ?? 'not completed'),
  ];
  if (iv.duration_minutes !== null && Number.isFinite(iv.duration_minutes)) {
    blocks.push(field('Duration', clock(Math.round(iv.duration_minutes * 60) * 1000)));
  }
  if (options.includeParticipant) {
    const name = participantName(input);
    const email = iv.participant?.email ?? iv.participant_email;
    if (name) blocks.push(field('Participant', name));
    if (email) blocks.push(field('Email', email));
    for (const [k, v] of participantFields(input)) blocks.push(field(k, v));
    if (iv.screener && iv.screener.items.length) {
      blocks.push({ kind: 'heading2', fixed: [], tail: 'Screener' });
      if (iv.screener.approved !== null) blocks.push(field('Approved', iv.screener.approved ? 'yes' : 'no'));
      for (const item of iv.screener.items) blocks.push(field(item.text, item.answer ?? '(no answer)'));
    }
  }

  blocks.push({ kind: 'heading1', fixed: [], tail: 'Transcript' });
  if (iv.transcript.length === 0) blocks.push({ kind: 'note', fixed: [], tail: 'No transcript.' });
  for (const turn of iv.transcript) {
    blocks.push({ kind: 'turn', fixed: [clock(turn.start_ms), speakerLabel(turn.role, input, options)], tail: compactText(turn.text) });
  }
  return { title, blocks };
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

/** The transcript packed by the docx library alone: the reference the template is tested against. */
export async function renderDocxWithLibrary(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): Promise<Buffer> {
  const { title, blocks } = transcriptBlocks(input, partial);
  return packDocx(title, [{ children: blocks.map(blockParagraph) }]);
}
