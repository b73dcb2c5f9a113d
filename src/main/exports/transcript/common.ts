/**
 * What every transcript format shares: the input shape (the cache's interview view plus its project), the
 * options, speaker labels, clock formats and text clean-up. Pure: no Electron, no file system.
 */
import type { InterviewDetail } from '../../../shared/views';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { oneLine } from '../../output/text';

/** The text helpers live on the output floor; the transcript formats take them from here. */
export { compactText, oneLine, unifyNewlines } from '../../output/text';

export type SpeakerLabels = 'interviewer-participant' | 'ai-user' | 'name';
export type LineEnding = 'lf' | 'crlf';

export type TranscriptExportInput = {
  project: { id: string; title: string };
  interview: InterviewDetail;
};

export type TranscriptExportOptions = {
  speakerLabels: SpeakerLabels;
  /** Participant metadata and screener answers. Off by default: exports leave the machine. */
  includeParticipant: boolean;
  lineEnding: LineEnding;
  /** CSV only: a UTF-8 byte order mark so Excel reads the file as UTF-8. */
  bom: boolean;
  /** CSV only: cells that a spreadsheet would run as a formula get a leading apostrophe. */
  guardFormulas: boolean;
};

export const DEFAULT_TRANSCRIPT_OPTIONS: TranscriptExportOptions = {
  speakerLabels: 'interviewer-participant',
  includeParticipant: false,
  lineEnding: 'lf',
  bom: false,
  guardFormulas: true,
};

export function resolveOptions(partial: Partial<TranscriptExportOptions> = {}): TranscriptExportOptions {
  const out = { ...DEFAULT_TRANSCRIPT_OPTIONS };
  for (const [k, v] of Object.entries(partial) as [keyof TranscriptExportOptions, never][]) {
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export function eolOf(options: TranscriptExportOptions): string {
  return options.lineEnding === 'crlf' ? '\r\n' : '\n';
}

/** Joins lines with the chosen ending; used on the final document so every line ends the same way. */
export function withEol(lfText: string, options: TranscriptExportOptions): string {
  return options.lineEnding === 'crlf' ? lfText.replace(/\n/g, '\r\n') : lfText;
}

export function participantName(input: TranscriptExportInput): string | null {
  const raw = input.interview.participant?.name ?? input.interview.participant_name;
  const name = raw ? oneLine(raw) : '';
  return name === '' ? null : name;
}

export function speakerLabel(role: TranscriptTurn['role'], input: TranscriptExportInput, options: TranscriptExportOptions): string {
  if (role === 'unknown') return 'Speaker';
  if (options.speakerLabels === 'ai-user') return role === 'AI' ? 'AI' : 'User';
  if (role === 'AI') return 'Interviewer';
  if (options.speakerLabels === 'name') return participantName(input) ?? 'Participant';
  return 'Participant';
}

function clampMs(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : 0;
}

function clockParts(ms: number): { h: string; m: string; s: string; ms: string } {
  const total = clampMs(ms);
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return { h: pad(h), m: pad(m), s: pad(s), ms: pad(total % 1000, 3) };
}

/** hh:mm:ss, the form MAXQDA and NVivo read in plain-text transcripts. */
/** The words a turn whose time could not be read shows instead of a timestamp, in every format. */
export const TIME_UNKNOWN = 'time unknown';

export function clock(ms: number | null): string {
  if (ms === null) return TIME_UNKNOWN;
  const p = clockParts(ms);
  return `${p.h}:${p.m}:${p.s}`;
}

/** HH:MM:SS,mmm (SRT) or HH:MM:SS.mmm (WebVTT). */
export function cueClock(ms: number, separator: ',' | '.'): string {
  const p = clockParts(ms);
  return `${p.h}:${p.m}:${p.s}${separator}${p.ms}`;
}

/** Without an end time or a later turn to end at, a cue lasts a reading-speed estimate of 1 to 8 seconds. */
export function fallbackDurationMs(text: string): number {
  return Math.min(8000, Math.max(1000, text.length * 60));
}

export type TimedTurn = TranscriptTurn & { cue_start_ms: number; cue_end_ms: number };

/**
 * Start and end of every turn as a subtitle cue: a turn without an end ends where the next timed turn
 * starts (or after a short reading time), and an end never precedes its start. A turn whose time is
 * unknown cannot be placed on a timeline, so subtitles leave it out (the export's notes say how many).
 */
export function timedTurns(turns: TranscriptTurn[]): TimedTurn[] {
  const timed = turns.filter((t): t is TranscriptTurn & { start_ms: number } => t.start_ms !== null);
  return timed.map((turn, i) => {
    const start = clampMs(turn.start_ms);
    const next = timed[i + 1];
    let end: number;
    if (turn.end_ms !== null && Number.isFinite(turn.end_ms)) end = clampMs(turn.end_ms);
    else if (next && clampMs(next.start_ms) > start) end = clampMs(next.start_ms);
    else end = start + fallbackDurationMs(turn.text);
    return { ...turn, cue_start_ms: start, cue_end_ms: Math.max(start, end) };
  });
}

/** Participant fields for the formats that show them, sorted by key so exports are reproducible. */
export function participantFields(input: TranscriptExportInput): [string, string][] {
  const p = input.interview.participant;
  if (!p) return [];
  return Object.keys(p.fields)
    .sort()
    .map((k) => [k, p.fields[k] === null || p.fields[k] === undefined ? '' : String(p.fields[k])]);
}
