/**
 * Per-project CSVs: screener answers (one row per interview and screener question) and participants (one
 * column per custom field, the union over interviews). Both carry participant data by nature, so the caller
 * decides whether to offer them; quoting and the formula guard are the transcript CSV's.
 */
import type { InterviewDetail } from '../../shared/views';
import type { ParticipantValue } from '../../shared/schemas/interview';
import { csvDocument, oneLine, resolveOptions, type TranscriptExportOptions } from './transcript';

export type ProjectCsvInput = {
  project: { id: string; title: string };
  interviews: InterviewDetail[];
};

export type ProjectCsvOptions = Pick<TranscriptExportOptions, 'lineEnding' | 'bom' | 'guardFormulas'>;

export const SCREENER_CSV_COLUMNS = ['interview_id', 'participant', 'approved', 'question_id', 'question', 'answer'] as const;
export const PARTICIPANT_CSV_FIXED_COLUMNS = ['interview_id', 'name', 'email'] as const;

function nameOf(iv: InterviewDetail): string {
  return oneLine(iv.participant?.name ?? iv.participant_name ?? '');
}

function emailOf(iv: InterviewDetail): string {
  return oneLine(iv.participant?.email ?? iv.participant_email ?? '');
}

function approvedText(value: boolean | null | undefined): string {
  return value === true ? 'yes' : value === false ? 'no' : '';
}

function valueText(value: ParticipantValue | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

export function renderScreenerCsv(input: ProjectCsvInput, partial?: Partial<ProjectCsvOptions>): string {
  const options = resolveOptions(partial);
  const rows: string[][] = [[...SCREENER_CSV_COLUMNS]];
  for (const iv of input.interviews) {
    const approved = approvedText(iv.screener?.approved ?? iv.screener_approved);
    for (const item of iv.screener?.items ?? []) {
      rows.push([iv.id, nameOf(iv), approved, item.id, item.text, item.answer ?? '']);
    }
  }
  return csvDocument(rows, options);
}

/**
 * Custom field names in first-seen order over the interviews as given, so the columns follow the service's
 * own field order and the same input always gives the same header. Name and email have their own columns.
 */
export function participantFieldColumns(interviews: InterviewDetail[]): string[] {
  const fixed = new Set<string>(PARTICIPANT_CSV_FIXED_COLUMNS);
  const seen = new Set<string>();
  for (const iv of interviews) {
    for (const key of Object.keys(iv.participant?.fields ?? {})) {
      if (!fixed.has(key)) seen.add(key);
    }
  }
  return [...seen];
}

export function renderParticipantsCsv(input: ProjectCsvInput, partial?: Partial<ProjectCsvOptions>): string {
  const options = resolveOptions(partial);
  const columns = participantFieldColumns(input.interviews);
  const rows: string[][] = [[...PARTICIPANT_CSV_FIXED_COLUMNS, ...columns]];
  for (const iv of input.interviews) {
    const fields = iv.participant?.fields ?? {};
    rows.push([iv.id, nameOf(iv), emailOf(iv), ...columns.map((c) => valueText(Object.hasOwn(fields, c) ? fields[c] : undefined))]);
  }
  return csvDocument(rows, options);
}
