/**
 * A code's segments as CSV and DOCX (issue 13 §1, retrieval): one row or one quote per coded segment, with
 * the interview, the question it answers, the coder, the time and exactly the coded words. Pure: the rows
 * come from the codes service, the files go through the export sink.
 */
import { participantCode } from '../../../shared/participant-code';
import { HeadingLevel, Paragraph } from 'docx';
import type { CodeSegmentView } from '../../../shared/ipc/channels/codes';
import { csvDocument } from '../transcript/csv';
import type { TranscriptExportOptions } from '../transcript/common';
import { clock, compactText, oneLine, TIME_UNKNOWN } from '../transcript/common';
import { fieldParagraph, packDocx, run, textRuns } from '../../output/docx';

export type CodeSegmentsExportInput = {
  project: { id: string; title: string };
  code: { name: string; description: string; color: string };
  segments: CodeSegmentView[];
  /** Participant names (beside the code, "Ana Souza (P07)") only when participant data is included; otherwise the code "P07". */
  includeParticipant: boolean;
  /** What the segments were filtered by, in words ("plan: Weekly"), for the document's head. */
  filters?: string[];
};

export const CODE_SEGMENT_CSV_COLUMNS = ['code', 'interview_id', 'participant', 'question', 'coder', 'start_ms', 'end_ms', 'start', 'text'] as const;

/** mm:ss (h:mm:ss from an hour), the time the Codes view shows; empty when unknown. */
export function minutesSeconds(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '';
  const total = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(total % 60)}` : `${two(m)}:${two(total % 60)}`;
}

const who = (s: CodeSegmentView, includeParticipant: boolean) => (includeParticipant ? s.participant : participantCode(s.interview_n));

export function renderCodeSegmentsCsv(input: CodeSegmentsExportInput, options: Partial<Pick<TranscriptExportOptions, 'lineEnding' | 'bom'>> = {}): string {
  const rows = input.segments.map((s) => [
    input.code.name,
    s.interview_id,
    who(s, input.includeParticipant),
    s.question ?? '',
    s.coder_label,
    s.start_ms === null ? '' : String(s.start_ms),
    s.end_ms === null ? '' : String(s.end_ms),
    minutesSeconds(s.start_ms),
    s.text,
  ]);
  return csvDocument([[...CODE_SEGMENT_CSV_COLUMNS], ...rows], { lineEnding: options.lineEnding ?? 'lf', bom: options.bom ?? false, guardFormulas: true });
}

export async function renderCodeSegmentsDocx(input: CodeSegmentsExportInput): Promise<Buffer> {
  const title = `${oneLine(input.project.title) || input.project.id}: ${oneLine(input.code.name)}`;
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: textRuns(title) })];
  if (input.code.description.trim()) children.push(fieldParagraph('Definition', compactText(input.code.description)));
  children.push(fieldParagraph('Segments', String(input.segments.length)));
  children.push(fieldParagraph('Interviews', String(new Set(input.segments.map((s) => s.interview_id)).size)));
  if (input.filters?.length) children.push(fieldParagraph('Filtered by', input.filters.join('; ')));
  if (input.segments.length === 0) children.push(new Paragraph({ children: textRuns('No segments.', { italics: true }) }));
  let last: string | null = null;
  for (const s of input.segments) {
    if (s.interview_id !== last) {
      last = s.interview_id;
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: textRuns(oneLine(who(s, input.includeParticipant))) }));
    }
    const when = s.start_ms === null ? TIME_UNKNOWN : clock(s.start_ms);
    const facts = [when, s.question ? `Q: ${oneLine(s.question)}` : 'question unknown', `coded by ${oneLine(s.coder_label)}`];
    children.push(
      new Paragraph({
        indent: { left: 567 },
        spacing: { before: 120, after: 120 },
        children: [...textRuns(`“${s.text}”`, { italics: true }), run(facts.join(' · '), { break: 1, color: '666666', size: 18 })],
      }),
    );
  }
  return packDocx(title, [{ children }]);
}
