/**
 * CSV, one row per turn: project_id, interview_id, participant, turn, role, start_s, end_s, text. RFC 4180
 * quoting; line breaks inside text follow the chosen line ending so a CRLF file has no bare LF. The
 * participant column stays empty unless participant data is included or turns are labelled by name.
 */
import { csvDocument } from '../../output/csv';
import { participantLabel } from '../../../shared/participant-code';
import { participantName, resolveOptions, speakerLabel, type TranscriptExportInput, type TranscriptExportOptions } from './common';

export { csvCell, csvDocument } from '../../output/csv';

export const CSV_COLUMNS = ['project_id', 'interview_id', 'participant', 'turn', 'role', 'start_s', 'end_s', 'text'] as const;

function seconds(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  return (Math.max(0, Math.round(ms)) / 1000).toFixed(3);
}

export function renderCsv(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  const options = resolveOptions(partial);
  const showName = options.includeParticipant || options.speakerLabels === 'name';
  // The interview's participant code, the study's one label for it, with the name beside it when shown.
  const participant = participantLabel(input.interview.code, showName ? participantName(input) : null);
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
