/**
 * CSV, one row per turn: project_id, interview_id, participant, turn, role, start_s, end_s, text. RFC 4180
 * quoting; line breaks inside text follow the chosen line ending so a CRLF file has no bare LF. The
 * participant column stays empty unless participant data is included or turns are labelled by name.
 */
import { eolOf, participantName, resolveOptions, speakerLabel, unifyNewlines, type TranscriptExportInput, type TranscriptExportOptions } from './common';

export const CSV_COLUMNS = ['project_id', 'interview_id', 'participant', 'turn', 'role', 'start_s', 'end_s', 'text'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string, options: TranscriptExportOptions, eol: string): string {
  // Spreadsheets run cells starting with = + - @ as formulas; server text is untrusted (OWASP CSV injection).
  const guarded = options.guardFormulas && FORMULA_START.test(value) ? `'${value}` : value;
  const text = unifyNewlines(guarded).replace(/\n/g, eol);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function seconds(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  return (Math.max(0, Math.round(ms)) / 1000).toFixed(3);
}

export function renderCsv(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  const options = resolveOptions(partial);
  const eol = eolOf(options);
  const showName = options.includeParticipant || options.speakerLabels === 'name';
  const participant = showName ? (participantName(input) ?? '') : '';
  const rows = input.interview.transcript.map((turn, i) =>
    [
      input.project.id,
      input.interview.id,
      participant,
      String(i + 1),
      speakerLabel(turn.role, input, options),
      seconds(turn.start_ms),
      seconds(turn.end_ms),
      turn.text,
    ]
      .map((v) => cell(v, options, eol))
      .join(','),
  );
  const body = [CSV_COLUMNS.join(','), ...rows].map((r) => r + eol).join('');
  return options.bom ? `\uFEFF${body}` : body;
}
