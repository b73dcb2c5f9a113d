/**
 * SubRip: cues numbered from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, then `Speaker: text`. SRT has no escaping,
 * so an arrow `-->` in the text (which players would read as a new timing line) becomes `→`, and blank lines
 * (which end a cue) are removed.
 */
import { compactText, cueClock, resolveOptions, speakerLabel, timedTurns, withEol, type TranscriptExportInput, type TranscriptExportOptions } from './common';

export function srtCueText(text: string): string {
  return compactText(text.replace(/-->/g, '→'));
}

export function renderSrt(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  const options = resolveOptions(partial);
  const cues = timedTurns(input.interview.transcript).map((turn, i) =>
    [
      String(i + 1),
      `${cueClock(turn.cue_start_ms, ',')} --> ${cueClock(turn.cue_end_ms, ',')}`,
      `${speakerLabel(turn.role, input, options)}: ${srtCueText(turn.text)}`.trimEnd(),
    ].join('\n'),
  );
  return withEol(cues.map((c) => `${c}\n`).join('\n'), options);
}
