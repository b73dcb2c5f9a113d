/**
 * JSON: the normalised record, pretty-printed with a fixed key order so two exports of the same data are
 * byte-identical. Participant and screener appear only when included.
 */
import { participantFields, resolveOptions, speakerLabel, withEol, type TranscriptExportInput, type TranscriptExportOptions } from './common';

export const TRANSCRIPT_JSON_FORMAT = 'fieldwork.transcript';
export const TRANSCRIPT_JSON_VERSION = 1;

export function transcriptRecord(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): Record<string, unknown> {
  const options = resolveOptions(partial);
  const iv = input.interview;
  const interview: Record<string, unknown> = {
    id: iv.id,
    participant_code: iv.code,
    status: iv.status,
    completed_at: iv.completed_at,
    duration_minutes: iv.duration_minutes,
  };
  if (options.includeParticipant) {
    interview.participant = {
      name: iv.participant?.name ?? iv.participant_name,
      email: iv.participant?.email ?? iv.participant_email,
      fields: Object.fromEntries(participantFields(input).map(([k]) => [k, iv.participant?.fields[k] ?? null])),
    };
    interview.screener = iv.screener
      ? { approved: iv.screener.approved, items: iv.screener.items.map((it) => ({ id: it.id, text: it.text, answer: it.answer })) }
      : null;
  }
  return {
    format: TRANSCRIPT_JSON_FORMAT,
    version: TRANSCRIPT_JSON_VERSION,
    project: { id: input.project.id, title: input.project.title },
    interview,
    speaker_labels: options.speakerLabels,
    turns: iv.transcript.map((t) => ({
      index: t.index,
      role: t.role,
      speaker: speakerLabel(t.role, input, options),
      start_ms: t.start_ms,
      end_ms: t.end_ms,
      text: t.text,
    })),
  };
}

export function renderJson(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  // JSON escapes line breaks inside strings, so the only raw newlines are the pretty-printing ones.
  return withEol(`${JSON.stringify(transcriptRecord(input, partial), null, 2)}\n`, resolveOptions(partial));
}
