/**
 * Transcript turns: the spec does not show the field names for the text or the timestamps, nor their
 * unit. This reads the likely variants and normalises them to one internal shape in milliseconds.
 */
import { TRANSCRIPT_ROLES, type TranscriptRole } from './enums';

export type TranscriptTurn = {
  index: number;
  role: TranscriptRole | 'unknown';
  text: string;
  /** Null when the service sent no time Fieldwork could read: shown as "time unknown", never as 0. */
  start_ms: number | null;
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

type Parsed = { value: number; unit: 'ms' | 's' | 'auto' };

const SUFFIX = /^(\d+(?:[.,]\d+)?)\s*(ms|msec|msecs|millis|milliseconds?|s|sec|secs|seconds?)$/i;
const ISO_DURATION = /^PT?(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?$/i;
const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d+))?$/;
const num = (s: string) => Number(s.replace(',', '.'));

/**
 * Reads one time value in any form a service plausibly sends: a number or numeric string (unit still
 * open), a unit suffix ("83.45s", "83450ms"), an ISO 8601 duration ("PT1M23.45S") or a clock with any
 * number of fraction digits ("00:01:23.4", "00:01:23.450000", "1:23"). Null when it is none of these.
 */
export function parseTimeValue(raw: unknown): Parsed | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? { value: raw, unit: 'auto' } : null;
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (s === '') return null;
  if (/^\d+(\.\d+)?$/.test(s)) return { value: Number(s), unit: 'auto' };
  const suffix = SUFFIX.exec(s);
  if (suffix) return { value: num(suffix[1]!), unit: suffix[2]!.toLowerCase().startsWith('m') ? 'ms' : 's' };
  const iso = s.length > 1 ? ISO_DURATION.exec(s) : null;
  if (iso && (iso[1] ?? iso[2] ?? iso[3]) !== undefined) {
    const seconds = num(iso[1] ?? '0') * 3600 + num(iso[2] ?? '0') * 60 + num(iso[3] ?? '0');
    return { value: seconds * 1000, unit: 'ms' };
  }
  const clock = CLOCK.exec(s);
  if (clock) {
    const fraction = clock[4] ? Number(`0.${clock[4]}`) : 0;
    const seconds = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]) + fraction;
    return { value: seconds * 1000, unit: 'ms' };
  }
  return null;
}

/** Every time field name with its rank (the order of `fields`, then of its names) and unit. */
type RankedFields = Map<string, { rank: number; unit: TimeField['unit'] }>;
function ranked(fields: TimeField[]): RankedFields {
  const m: RankedFields = new Map();
  for (const f of fields) for (const name of f.names) m.set(name, { rank: m.size, unit: f.unit });
  return m;
}
const START_RANKED = ranked(START_FIELDS);
const END_RANKED = ranked(END_FIELDS);

/**
 * The turn's time from the best-ranked field holding a readable value. The turn's own keys are looked up
 * (a handful) rather than every name probed (eighteen), which mattered over 400,000 turns of a first sync.
 */
function readTime(turn: Record<string, unknown>, fields: RankedFields): Parsed | null {
  let best: { rank: number; parsed: Parsed } | null = null;
  for (const key of Object.keys(turn)) {
    const f = fields.get(key);
    if (!f || (best && best.rank < f.rank)) continue;
    const parsed = parseTimeValue(turn[key]);
    if (!parsed) continue;
    // A bare number takes the unit its field name gives; a clock, suffix or duration carries its own.
    best = { rank: f.rank, parsed: parsed.unit === 'auto' ? { value: parsed.value, unit: f.unit } : parsed };
  }
  return best?.parsed ?? null;
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

/** Words per second of ordinary speech; typed chat is slower, which the log-scale comparison tolerates. */
const SPEECH_WPS = 2.5;
/** JavaScript's `\s`: what `text.trim().split(/\s+/)` splits on. */
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

/**
 * The number of words `text.trim().split(/\s+/)` gives (0 for blank text), without building the list;
 * with `max`, counting stops there (the answer is then at least `max`).
 */
export function wordCount(text: string, max = Infinity): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length && n < max; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length === 0 ? null : v[Math.floor(v.length / 2)]!;
};

/**
 * Decides whether a transcript's unit-less numbers are seconds or milliseconds, from the transcript itself
 * and for the whole transcript at once (a transcript never mixes units):
 * 1. Turn lengths: read as seconds, a turn of N words should last about N / 2.5 s. Milliseconds read as
 *    seconds make speech a thousand times too slow; seconds read as milliseconds a thousand times too fast.
 *    The reading whose median speech rate is nearer (on a log scale) to ordinary speech wins.
 * 2. Without usable turn lengths, the recording when its length is known: read as seconds, the turns fill a
 *    good part of it (seconds) or run far past its end (milliseconds). `duration_minutes` may be rounded or
 *    0, so a length of 0, or a transcript that fits neither way, goes on to the next rule.
 * 3. The spacing of turn starts: read as seconds, turns a median of more than ten minutes apart mean
 *    milliseconds.
 * 4. Otherwise anything past four hours read as seconds is taken for milliseconds.
 */
function autoUnitIsMs(turns: { text: string; start: number | null; end: number | null }[], durationMinutes: number | null): boolean {
  if (!turns.some((t) => t.start !== null || t.end !== null)) return false;
  const byRate = medianRateSaysMs(turns);
  if (byRate !== null) return byRate;
  const max = Math.max(...turns.flatMap((t) => [t.start, t.end]).filter((v): v is number => v !== null));
  if (durationMinutes !== null && durationMinutes > 0) {
    const recording = durationMinutes * 60;
    // Read as seconds the turns fill a good part of the recording: as milliseconds they would fill almost none of it.
    if (max <= recording + 90 && max >= recording * 0.05) return false;
    if (max > (recording + 60) * 5) return true;
  }
  const starts = turns.map((t) => t.start).filter((v): v is number => v !== null);
  const gaps = starts
    .slice(1)
    .map((v, i) => v - starts[i]!)
    .filter((g) => g > 0);
  const gap = median(gaps);
  if (gap !== null) return gap > 600;
  return max > 4 * 3600;
}

/** Whether a speech rate (words per unit) is nearer ordinary speech, on a log scale, read as milliseconds than as seconds. */
const rateSaysMs = (rate: number) => Math.abs(Math.log((rate * 1000) / SPEECH_WPS)) < Math.abs(Math.log(rate / SPEECH_WPS));
/** Below this rate rateSaysMs holds (the two readings are equally far at SPEECH_WPS / √1000); at or above it, it does not. */
const MS_RATE_BELOW = SPEECH_WPS / Math.sqrt(1000);

type TimedText = { text: string; start: number | null; end: number | null };

/**
 * Rule 1 of autoUnitIsMs: whether the median speech rate of the turns with a length and at least 3 words
 * says milliseconds; null when no turn gives a rate. rateSaysMs holds exactly for the rates below one
 * threshold, so the median says milliseconds when more than half the sorted rates (more than ⌊n / 2⌋) do,
 * and a turn's words are counted only until its rate is surely above the threshold and it has 3: over
 * 400,000 turns of a first sync, counting every word took more than all the rest of reading transcripts.
 */
function medianRateSaysMs(turns: TimedText[]): boolean | null {
  let rated = 0;
  let saysMs = 0;
  for (let i = 0; i < turns.length; i++) {
    // Once the turns still to read could not change the answer (at most each of them rated, all one way), it is
    // given: a transcript's turns mostly agree, so this reads about half of them.
    const most = rated + turns.length - i;
    if (saysMs > Math.floor(most / 2) || rated - saysMs >= Math.ceil(most / 2)) return saysMs > Math.floor(most / 2);
    const t = turns[i]!;
    // Words are counted only for turns with a length: the rest cannot give a rate.
    const length = t.start !== null && t.end !== null ? t.end - t.start : 0;
    if (length <= 0) continue;
    // An endless or undefined length (a time too large to read as a number) leaves rates no order to count by.
    if (!Number.isFinite(length)) return medianRateSaysMsSorted(turns);
    // Two words past the threshold: a rate that far above it says seconds whatever rounding the logarithms do.
    const words = wordCount(t.text, Math.max(3, Math.ceil(length * MS_RATE_BELOW) + 2));
    if (words < 3) continue;
    rated++;
    if (rateSaysMs(words / length)) saysMs++;
  }
  return rated === 0 ? null : Math.floor(rated / 2) < saysMs;
}

/** Rule 1 the plain way: every rate computed and sorted, the median read. */
function medianRateSaysMsSorted(turns: TimedText[]): boolean | null {
  const rates: number[] = [];
  for (const t of turns) {
    const length = t.start !== null && t.end !== null ? t.end - t.start : 0;
    if (length <= 0) continue;
    const words = wordCount(t.text);
    if (words >= 3) rates.push(words / length);
  }
  const rate = median(rates);
  return rate === null ? null : rateSaysMs(rate);
}

const WRAPPER_KEYS = ['turns', 'items', 'messages', 'segments', 'utterances', 'entries', 'transcript', 'data', 'results'] as const;

/** The list of turns, whether sent bare, wrapped in an object (one or two levels) or as JSON text. */
function turnList(raw: unknown, depth = 0): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (depth > 2) return null;
  if (typeof raw === 'string') {
    const t = raw.trim();
    if (!t.startsWith('[') && !t.startsWith('{')) return null;
    try {
      return turnList(JSON.parse(t) as unknown, depth + 1);
    } catch {
      return null;
    }
  }
  if (!isRecord(raw)) return null;
  for (const key of WRAPPER_KEYS) {
    if (Object.hasOwn(raw, key)) {
      const inner = turnList(raw[key], depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

export function normaliseTranscript(raw: unknown, opts: { durationMinutes?: number | null } = {}): TranscriptTurn[] | null {
  if (raw === null || raw === undefined) return null;
  const list = turnList(raw);
  if (!list) return null;
  const turns = list.filter(isRecord);
  const texts = turns.map(readText);
  const starts = turns.map((t) => readTime(t, START_RANKED));
  const ends = turns.map((t) => readTime(t, END_RANKED));
  const autoOf = (t: Parsed | null) => (t?.unit === 'auto' ? t.value : null);
  const autoMs = autoUnitIsMs(
    turns.map((_, i) => ({ text: texts[i]!, start: autoOf(starts[i] ?? null), end: autoOf(ends[i] ?? null) })),
    opts.durationMinutes ?? null,
  );
  const toMs = (t: Parsed | null): number | null => {
    if (!t) return null;
    const ms = t.unit === 'ms' || (t.unit === 'auto' && autoMs) ? t.value : t.value * 1000;
    return Math.round(ms);
  };
  const out: TranscriptTurn[] = turns.map((t, i) => ({
    index: i,
    role: readRole(t),
    text: texts[i]!,
    start_ms: toMs(starts[i] ?? null),
    end_ms: toMs(ends[i] ?? null),
  }));
  // An end is only ever inferred for a turn whose start is known: it ends when the next timed turn starts.
  // Walked from the end, carrying that next start, so a transcript without ends costs one pass, not one per turn.
  let nextStart: number | null = null;
  for (let i = out.length - 1; i >= 0; i--) {
    const turn = out[i]!;
    if (turn.start_ms === null) continue;
    if (turn.end_ms === null || turn.end_ms < turn.start_ms) {
      turn.end_ms = nextStart !== null && nextStart >= turn.start_ms ? nextStart : turn.end_ms === null ? null : turn.start_ms;
    }
    nextStart = turn.start_ms;
  }
  return out;
}

/** How many turns have no readable start: each is shown as "time unknown", and the sync says so. */
export function untimedTurns(turns: readonly TranscriptTurn[] | null | undefined): number {
  return turns ? turns.filter((t) => t.start_ms === null).length : 0;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
