/**
 * WebVTT: a `WEBVTT` header, `HH:MM:SS.mmm` timings and `<v Speaker>` voice spans. Text and speaker names
 * are escaped (`&`, `<`, `>`), which also keeps `-->` out of cue text; blank lines, which end a cue, are
 * removed.
 */
import {
  compactText,
  cueClock,
  oneLine,
  resolveOptions,
  speakerLabel,
  timedTurns,
  withEol,
  type TranscriptExportInput,
  type TranscriptExportOptions,
} from './common';

export function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderVtt(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): string {
  const options = resolveOptions(partial);
  const cues = timedTurns(input.interview.transcript).map((turn) => {
    const speaker = escapeVtt(oneLine(speakerLabel(turn.role, input, options)));
    return [`${cueClock(turn.cue_start_ms, '.')} --> ${cueClock(turn.cue_end_ms, '.')}`, `<v ${speaker}>${escapeVtt(compactText(turn.text))}`].join('\n');
  });
  return withEol(['WEBVTT\n', ...cues.map((c) => `${c}\n`)].join('\n'), options);
}
