/**
 * Plain text: `[hh:mm:ss] Speaker: text`, one turn per paragraph. MAXQDA's "transcript with timestamps"
 * import, NVivo and QualCoder read the bracketed timestamps; blank lines separate turns, so blank lines
 * inside a turn are removed.
 */
import { clock, compactText, resolveOptions, speakerLabel, withEol, type TranscriptExportInput, type TranscriptExportOptions } from './common';

export function renderTxt(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  const options = resolveOptions(partial);
  const paragraphs = input.interview.transcript.map(
    (turn) => `[${clock(turn.start_ms)}] ${speakerLabel(turn.role, input, options)}: ${compactText(turn.text)}`,
  );
  return withEol(paragraphs.length ? `${paragraphs.join('\n\n')}\n` : '', options);
}
