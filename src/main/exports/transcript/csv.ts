/**
 * CSV, one row per turn: project_id, interview_id, participant, turn, role, start_s, end_s, text. RFC 4180
 * quoting; line breaks inside text follow the chosen line ending so a CRLF file has no bare LF. The
 * participant column stays empty unless participant data is included or turns are labelled by name.
 */
import { participantName, resolveOptions, speakerLabel, unifyNewlines, type TranscriptExportInput, type TranscriptExportOptions } from './common';

export const CSV_COLUMNS = ['project_id', 'interview_id', 'participant', 'turn', 'role', 'start_s', 'end_s', 'text'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field. Shared with the project CSVs (screener answers, participants) so every CSV Fieldwork
 * writes quotes and guards the same way.
 */
export function csvCell(value: string, options: Pick<TranscriptExportOptions, 'guardFormulas'>, eol: string): string {
  // Spreadsheets run cells starting with = + - @ as formulas; server text is untrusted (OWASP CSV injection).
  const guarded = options.guardFormulas && FORMULA_START.test(value) ? `'${value}` : value;
  const text = unifyNewlines(guarded).replace(/\n/g, eol);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of fields to a CSV document: every record ends with the chosen line ending, BOM when asked. */
export function csvDocument(rows: string[][], options: Pick<TranscriptExportOptions, 'guardFormulas' | 'bom' | 'lineEnding'>): string {
  const eol = options.lineEnding === 'crlf' ? '\r\n' : '\n';
  const body = rows.map((r) => r.map((v) => csvCell(v, options, eol)).join(',') + eol).join('');
  return options.bom ? `\uFEFF${body}` : body;
}

function seconds(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  return (Math.max(0, Math.round(ms)) / 1000).toFixed(3);
}

export function renderCsv(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  const options = resolveOptions(partial);
  const showName = options.includeParticipant || options.speakerLabels === 'name';
  const participant = showName ? (participantName(input) ?? '') : '';
  const rows = input.interview.transcript.map((turn, i) => [
    input.project.id,
    input.interview.id,
    participant,
    String(i + 1),
    speakerLabel(turn.role, input, options),
    seconds(turn.start_ms),
    seconds(turn.end_ms),
    turn.text,
  ]);
  return csvDocument([[...CSV_COLUMNS], ...rows], options);
}
