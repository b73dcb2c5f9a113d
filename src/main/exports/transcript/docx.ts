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
import { blockParagraph, fieldBlock as field, packDocx, type DocxBlock } from '../../output/docx';
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
    // The label every file of the study gives this interview (issue 21 §3).
    field('Participant code', iv.code),
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

/** The transcript packed by the docx library alone: the reference the template is tested against. */
export async function renderDocxWithLibrary(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): Promise<Buffer> {
  const { title, blocks } = transcriptBlocks(input, partial);
  return packDocx(title, [{ children: blocks.map(blockParagraph) }]);
}
