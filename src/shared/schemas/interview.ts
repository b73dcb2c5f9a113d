import { z } from 'zod';
import { interviewStatusIn } from './enums';
import { looseInt, looseString, POISON_KEYS } from './tolerant';
import { normaliseTranscript, type TranscriptTurn } from './transcript';

export type ParticipantValue = string | number | boolean | null;

/**
 * Participant metadata: name and email, plus custom fields whose names the spec does not show. Kept as
 * an open map of display-safe values; nested objects are flattened to JSON text rather than dropped.
 */
export type Participant = { name: string | null; email: string | null; fields: Record<string, ParticipantValue> };

export function normaliseParticipant(raw: unknown): Participant | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const source = raw as Record<string, unknown>;
  const fields: Record<string, ParticipantValue> = {};
  for (const [key, value] of Object.entries(source)) {
    if (POISON_KEYS.has(key)) continue;
    fields[key] = toDisplayValue(value);
  }
  // Only a real string is a name or an email; an object flattened to JSON text is not.
  const pick = (...names: string[]) => {
    for (const n of names) {
      const v = Object.hasOwn(source, n) ? source[n] : undefined;
      if (typeof v === 'string' && v.trim() !== '') return v;
    }
    return null;
  };
  const name =
    pick('name', 'full_name', 'fullName') ??
    ([pick('first_name', 'firstName'), pick('last_name', 'lastName')].filter(Boolean).join(' ') || null);
  return { name, email: pick('email', 'email_address', 'emailAddress'), fields };
}

function toDisplayValue(value: unknown): ParticipantValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export type ScreenerItem = { id: string; text: string; answer: string | null };
export type Screener = { approved: boolean | null; items: ScreenerItem[] };

export function normaliseScreener(raw: unknown): Screener | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const questions = isMap(r.questions) ? r.questions : {};
  const answers = isMap(r.answers) ? r.answers : {};
  const ids = [...new Set([...Object.keys(questions), ...Object.keys(answers)])].filter((k) => !POISON_KEYS.has(k));
  const items = ids.map((id) => {
    const q = Object.hasOwn(questions, id) ? questions[id] : undefined;
    const text =
      typeof q === 'string' ? q : isMap(q) && typeof q.text === 'string' ? q.text : isMap(q) && typeof q.question === 'string' ? q.question : id;
    const a = Object.hasOwn(answers, id) ? answers[id] : undefined;
    const answer = a === undefined || a === null ? null : Array.isArray(a) ? a.map(String).join(', ') : typeof a === 'object' ? JSON.stringify(a) : String(a);
    return { id, text, answer };
  });
  const approved = typeof r.approved === 'boolean' ? r.approved : r.approved === 'true' ? true : r.approved === 'false' ? false : null;
  return { approved, items };
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The wire form, read tolerantly; `toInterviewRecord` turns it into the internal shape. */
export const interviewRecordWire = z.object({
  id: z.string().min(1),
  status: interviewStatusIn,
  completed_at: looseString.optional().transform((v) => v ?? null),
  duration_minutes: looseInt.optional().transform((v) => v ?? null),
  video_url: looseString.optional().transform((v) => v ?? null),
  video_url_expires_at: looseString.optional().transform((v) => v ?? null),
  thumbnail_url: looseString.optional().transform((v) => v ?? null),
  participant: z.unknown().optional(),
  transcript: z.unknown().optional(),
  screener: z.unknown().optional(),
});

export type InterviewRecord = {
  id: string;
  status: z.output<typeof interviewRecordWire>['status'];
  completed_at: string | null;
  duration_minutes: number | null;
  video_url: string | null;
  video_url_expires_at: string | null;
  thumbnail_url: string | null;
  participant: Participant | null;
  /** undefined: not requested; null: requested but absent. */
  transcript: TranscriptTurn[] | null | undefined;
  screener: Screener | null | undefined;
};

export const interviewRecord = interviewRecordWire.transform(
  (w): InterviewRecord => ({
    id: w.id,
    status: w.status,
    completed_at: w.completed_at,
    duration_minutes: w.duration_minutes,
    video_url: w.video_url,
    video_url_expires_at: w.video_url_expires_at,
    thumbnail_url: w.thumbnail_url,
    participant: normaliseParticipant(w.participant),
    transcript: w.transcript === undefined ? undefined : normaliseTranscript(w.transcript, { durationMinutes: w.duration_minutes }),
    screener: w.screener === undefined ? undefined : normaliseScreener(w.screener),
  }),
);

export const interviewsPage = z.object({
  items: z.array(interviewRecord),
  total: looseInt,
  page: looseInt,
  limit: looseInt,
  has_more: z.unknown().optional().transform((v) => v === true || v === 'true'),
});
export type InterviewsPage = z.output<typeof interviewsPage>;

export type InterviewsQuery = {
  transcripts?: boolean;
  screener?: boolean;
  interview_id?: string;
  page?: number;
  limit?: number;
};
