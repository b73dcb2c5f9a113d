/**
 * DOCX with the `docx` library: a title block (project, interview, date; participant fields and screener
 * answers only when included), then one paragraph per turn with its timestamp and the speaker in bold.
 * Returns the file's bytes (a zip); text is filtered to characters XML 1.0 allows, which Word insists on.
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

/** A "Label: value" line of a title block. */
export function fieldParagraph(label: string, value: string): Paragraph {
  return new Paragraph({ children: [run(`${label}: `, { bold: true }), ...textRuns(oneLine(value))] });
}

/** Packs sections into a .docx; the title lands in the document properties Word shows. */
export async function packDocx(title: string, sections: ISectionOptions[]): Promise<Buffer> {
  const doc = new Document({
    creator: 'Fieldwork',
    title: xmlSafe(oneLine(title)),
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections,
  });
  return Packer.toBuffer(doc);
}

export async function renderDocx(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): Promise<Buffer> {
  const options = resolveOptions(partial);
  const iv = input.interview;
  const projectTitle = oneLine(input.project.title) || input.project.id;
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: textRuns(`${projectTitle}: interview ${iv.id}`) }),
    fieldParagraph('Project', `${oneLine(input.project.title)} (${input.project.id})`),
    fieldParagraph('Interview', iv.id),
    fieldParagraph('Date', iv.completed_at ?? 'not completed'),
  ];
  if (iv.duration_minutes !== null && Number.isFinite(iv.duration_minutes)) {
    children.push(fieldParagraph('Duration', clock(Math.round(iv.duration_minutes * 60) * 1000)));
  }
  if (options.includeParticipant) {
    const name = participantName(input);
    const email = iv.participant?.email ?? iv.participant_email;
    if (name) children.push(fieldParagraph('Participant', name));
    if (email) children.push(fieldParagraph('Email', email));
    for (const [k, v] of participantFields(input)) children.push(fieldParagraph(k, v));
    if (iv.screener && iv.screener.items.length) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: textRuns('Screener') }));
      if (iv.screener.approved !== null) children.push(fieldParagraph('Approved', iv.screener.approved ? 'yes' : 'no'));
      for (const item of iv.screener.items) children.push(fieldParagraph(item.text, item.answer ?? '(no answer)'));
    }
  }

  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: textRuns('Transcript') }));
  if (iv.transcript.length === 0) children.push(new Paragraph({ children: textRuns('No transcript.', { italics: true }) }));
  for (const turn of iv.transcript) {
    children.push(
      new Paragraph({
        spacing: { after: 160 },
        children: [
          run(`[${clock(turn.start_ms)}] `, { color: '666666' }),
          run(`${speakerLabel(turn.role, input, options)}: `, { bold: true }),
          ...textRuns(compactText(turn.text)),
        ],
      }),
    );
  }
  return packDocx(`${projectTitle}: interview ${iv.id}`, [{ children }]);
}
