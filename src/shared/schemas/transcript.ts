/**
 * Transcript turns: the spec does not show the field names for the text or the timestamps, nor their
 * unit. This reads the likely variants and normalises them to one internal shape in milliseconds.
 */
import { TRANSCRIPT_ROLES, type TranscriptRole } from './enums';

export type TranscriptTurn = {
  index: number;
  role: TranscriptRole | 'unknown';
  text: string;
  start_ms: number;
  end_ms: number | null;
};

const TEXT_FIELDS = ['text', 'content', 'message', 'utterance', 'transcript', 'body'] as const;
const ROLE_FIELDS = ['role', 'speaker', 'author', 'from', 'type'] as const;

type TimeField = { names: readonly string[]; unit: 'ms' | 's' | 'auto' };
const START_FIELDS: TimeField[] = [
  { names: ['start_ms', 'startMs', 'start_time_ms', 'startTimeMs', 'start_millis'], unit: 'ms' },
  { names: ['start_seconds', 'startSeconds', 'start_sec', 'start_s'], unit: 's' },
  { names: ['start', 'start_time', 'startTime', 'begin', 'from_time', 'timestamp', 'offset', 'time'], unit: 'auto' },
];
const END_FIELDS: TimeField[] = [
  { names: ['end_ms', 'endMs', 'end_time_ms', 'endTimeMs', 'end_millis'], unit: 'ms' },
  { names: ['end_seconds', 'endSeconds', 'end_sec', 'end_s'], unit: 's' },
  { names: ['end', 'end_time', 'endTime', 'stop', 'to_time'], unit: 'auto' },
];

const AI_ROLES = new Set(['ai', 'assistant', 'interviewer', 'bot', 'moderator', 'agent', 'system']);
const USER_ROLES = new Set(['user', 'participant', 'respondent', 'human', 'interviewee', 'customer']);

export function normaliseRole(raw: unknown): TranscriptRole | 'unknown' {
  if (typeof raw !== 'string') return 'unknown';
  const r = raw.trim().toLowerCase();
  if (AI_ROLES.has(r)) return TRANSCRIPT_ROLES[0];
  if (USER_ROLES.has(r)) return TRANSCRIPT_ROLES[1];
  return 'unknown';
}

/** Parses 12.5, "12.5", "00:01:02.500", "1:02" or "01:02,500" into a number (unit still unknown). */
function parseTimeValue(raw: unknown): { value: number; clock: boolean } | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? { value: raw, clock: false } : null;
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return { value: Number(s), clock: false };
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(s);
  if (!m) return null;
  const seconds =
    Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + (m[4] ? Number(m[4].padEnd(3, '0')) / 1000 : 0);
  // Clock strings are always seconds-based, so they are returned as milliseconds already.
  return { value: Math.round(seconds * 1000), clock: true };
}

type RawTime = { value: number; unit: 'ms' | 's' | 'auto' };

function readTime(turn: Record<string, unknown>, fields: TimeField[]): RawTime | null {
  for (const f of fields) {
    for (const name of f.names) {
      if (!(name in turn)) continue;
      const parsed = parseTimeValue(turn[name]);
      if (parsed) return parsed.clock ? { value: parsed.value, unit: 'ms' } : { value: parsed.value, unit: f.unit };
    }
  }
  return null;
}

function readText(turn: Record<string, unknown>): string {
  for (const name of TEXT_FIELDS) {
    const v = turn[name];
    if (typeof v === 'string') return v;
  }
  return '';
}

function readRole(turn: Record<string, unknown>): TranscriptRole | 'unknown' {
  for (const name of ROLE_FIELDS) {
    if (name in turn) {
      const r = normaliseRole(turn[name]);
      if (r !== 'unknown') return r;
    }
  }
  return 'unknown';
}

/**
 * Decides whether unit-less timestamps are seconds or milliseconds, for the whole transcript at once
 * (a transcript never mixes units). Fractional values mean seconds. Otherwise the recording length, when
 * known, is the judge; without it, anything past four hours is taken for milliseconds.
 */
function autoUnitIsMs(values: number[], durationMinutes: number | null): boolean {
  if (values.length === 0) return false;
  if (values.some((v) => !Number.isInteger(v))) return false;
  const max = Math.max(...values);
  if (durationMinutes !== null && durationMinutes > 0) return max > (durationMinutes + 1) * 60 * 5;
  return max > 4 * 3600;
}

export function normaliseTranscript(
  raw: unknown,
  opts: { durationMinutes?: number | null } = {},
): TranscriptTurn[] | null {
  if (raw === null || raw === undefined) return null;
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.turns) ? raw.turns : null;
  if (!list) return null;
  const turns = list.filter(isRecord);
  const starts = turns.map((t) => readTime(t, START_FIELDS));
  const ends = turns.map((t) => readTime(t, END_FIELDS));
  const autoValues = [...starts, ...ends].filter((t): t is RawTime => t?.unit === 'auto').map((t) => t.value);
  const autoMs = autoUnitIsMs(autoValues, opts.durationMinutes ?? null);
  const toMs = (t: RawTime | null): number | null => {
    if (!t) return null;
    const ms = t.unit === 'ms' || (t.unit === 'auto' && autoMs) ? t.value : t.value * 1000;
    return Math.round(ms);
  };
  const out: TranscriptTurn[] = turns.map((t, i) => ({
    index: i,
    role: readRole(t),
    text: readText(t),
    start_ms: toMs(starts[i] ?? null) ?? -1,
    end_ms: toMs(ends[i] ?? null),
  }));
  // A turn without a start inherits the previous end (or start), so ordering and seeking still work.
  for (let i = 0; i < out.length; i++) {
    const turn = out[i]!;
    if (turn.start_ms < 0) {
      const prev = out[i - 1];
      turn.start_ms = prev ? (prev.end_ms ?? prev.start_ms) : 0;
    }
  }
  for (let i = 0; i < out.length; i++) {
    const turn = out[i]!;
    if (turn.end_ms === null || turn.end_ms < turn.start_ms) {
      const next = out[i + 1];
      turn.end_ms = next && next.start_ms >= turn.start_ms ? next.start_ms : turn.end_ms === null ? null : turn.start_ms;
    }
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
