/**
 * Markdown: a metadata header (project, interview, date, duration; participant fields and screener answers
 * only when included), then one paragraph per turn. Server text is escaped so it reads as typed and cannot
 * inject HTML or Markdown structure into a viewer.
 */
import {
  clock,
  compactText,
  oneLine,
  participantFields,
  participantName,
  resolveOptions,
  speakerLabel,
  withEol,
  type TranscriptExportInput,
  type TranscriptExportOptions,
} from './common';

/** Escapes HTML and the Markdown punctuation that would change structure or emphasis. */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/([\\`*_[\]~|])/g, '\\$1')
      // Only at a line start do these begin a heading, list or setext underline.
      .replace(/^(\s*)([#+=-])/gm, '$1\\$2')
      .replace(/^(\s*\d+)([.)])/gm, '$1\\$2')
  );
}

function formatDuration(minutes: number | null): string | null {
  if (minutes === null || !Number.isFinite(minutes)) return null;
  const total = Math.max(0, Math.round(minutes * 60));
  return clock(total * 1000);
}

export function renderMarkdown(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  const options = resolveOptions(partial);
  const iv = input.interview;
  const lines: string[] = [];
  lines.push(`# ${escapeMarkdown(oneLine(input.project.title) || input.project.id)}: interview ${escapeMarkdown(iv.id)}`, '');
  const meta: [string, string][] = [
    ['Project', `${oneLine(input.project.title)} (${input.project.id})`],
    ['Interview', iv.id],
    // The label every file of the study gives this interview (issue 21 §3).
    ['Participant code', iv.code],
    ['Date', iv.completed_at ?? 'not completed'],
  ];
  const duration = formatDuration(iv.duration_minutes);
  if (duration) meta.push(['Duration', duration]);
  if (options.includeParticipant) {
    const name = participantName(input);
    const email = iv.participant?.email ?? iv.participant_email;
    if (name) meta.push(['Participant', name]);
    if (email) meta.push(['Email', oneLine(email)]);
  }
  for (const [k, v] of meta) lines.push(`- **${k}:** ${escapeMarkdown(v)}`);
  lines.push('');

  if (options.includeParticipant) {
    const fields = participantFields(input);
    if (fields.length) {
      lines.push('## Participant', '');
      for (const [k, v] of fields) lines.push(`- **${escapeMarkdown(oneLine(k))}:** ${escapeMarkdown(oneLine(v))}`);
      lines.push('');
    }
    if (iv.screener && iv.screener.items.length) {
      lines.push('## Screener', '');
      if (iv.screener.approved !== null) lines.push(`Approved: ${iv.screener.approved ? 'yes' : 'no'}`, '');
      for (const item of iv.screener.items) {
        lines.push(`- **${escapeMarkdown(oneLine(item.text))}** ${escapeMarkdown(oneLine(item.answer ?? '(no answer)'))}`);
      }
      lines.push('');
    }
  }

  lines.push('## Transcript', '');
  if (iv.transcript.length === 0) lines.push('_No transcript._', '');
  for (const turn of iv.transcript) {
    // Single line breaks inside a turn are kept with a Markdown hard break (backslash at line end).
    const text = escapeMarkdown(compactText(turn.text)).replace(/\n/g, '\\\n');
    lines.push(`**[${clock(turn.start_ms)}] ${escapeMarkdown(speakerLabel(turn.role, input, options))}:** ${text}`, '');
  }
  return withEol(lines.join('\n'), options);
}
