import { z } from 'zod';
import { interviewStatusIn } from './enums';
import { BOUNDS, boundedJson, boundedString, CUT_MARK } from './bounded';
import { idSchema } from '../ids';
import { keepGoodItems, looseInt, looseString, POISON_KEYS } from './tolerant';
import { normaliseTranscript, type TranscriptTurn } from './transcript';

export type ParticipantValue = string | number | boolean | null;

/**
 * Participant metadata: name and email, plus custom fields whose names the spec does not show. Kept as
 * an open map of display-safe values; nested objects are kept as JSON text rather than dropped, within
 * the bounds of bounded.ts. `cut` names the fields that had to be shortened (the sync reports them).
 */
export type Participant = { name: string | null; email: string | null; fields: Record<string, ParticipantValue>; cut?: string[] };

/** How many custom fields a participant may carry; past it the rest are named in one cut field. */
const MAX_FIELDS = 200;

export function normaliseParticipant(raw: unknown): Participant | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const source = raw as Record<string, unknown>;
  const fields: Record<string, ParticipantValue> = {};
  const cut: string[] = [];
  const keys = Object.keys(source).filter((k) => !POISON_KEYS.has(k));
  for (const key of keys.slice(0, MAX_FIELDS)) {
    const v = toDisplayValue(source[key]);
    const name = boundedString(key, 200).text;
    fields[name] = v.value;
    if (v.cut) cut.push(name);
  }
  if (keys.length > MAX_FIELDS) {
    fields[`${CUT_MARK} fields)`] = `${keys.length - MAX_FIELDS} more fields were not kept`;
    cut.push(`${CUT_MARK} fields)`);
  }
  // Only a real string is a name or an email; an object flattened to JSON text is not.
  const pick = (...names: string[]) => {
    for (const n of names) {
      const v = Object.hasOwn(source, n) ? source[n] : undefined;
      if (typeof v === 'string' && v.trim() !== '') return boundedString(v.trim(), 500).text;
    }
    return null;
  };
  const name =
    pick('name', 'full_name', 'fullName', 'display_name', 'displayName') ??
    ([pick('first_name', 'firstName', 'given_name', 'givenName'), pick('last_name', 'lastName', 'family_name', 'familyName', 'surname')]
      .filter(Boolean)
      .join(' ') ||
      null);
  return { name, email: pick('email', 'email_address', 'emailAddress', 'mail'), fields, ...(cut.length ? { cut } : {}) };
}

function toDisplayValue(value: unknown): { value: ParticipantValue; cut: boolean } {
  if (value === null || value === undefined) return { value: null, cut: false };
  if (typeof value === 'number' || typeof value === 'boolean') return { value, cut: false };
  if (typeof value === 'string') {
    const b = boundedString(value);
    return { value: b.text, cut: b.cut };
  }
  const j = boundedJson(value);
  return { value: j.text, cut: j.cut };
}

export type ScreenerItem = { id: string; text: string; answer: string | null };
export type Screener = { approved: boolean | null; items: ScreenerItem[]; cut?: string[] };

export function normaliseScreener(raw: unknown): Screener | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const questions = isMap(r.questions) ? r.questions : {};
  const answers = isMap(r.answers) ? r.answers : {};
  const cut: string[] = [];
  const ids = [...new Set([...Object.keys(questions), ...Object.keys(answers)])].filter((k) => !POISON_KEYS.has(k)).slice(0, MAX_FIELDS);
  const items = ids.map((id) => {
    const q = Object.hasOwn(questions, id) ? questions[id] : undefined;
    const text = typeof q === 'string' ? q : isMap(q) && typeof q.text === 'string' ? q.text : isMap(q) && typeof q.question === 'string' ? q.question : id;
    const a = Object.hasOwn(answers, id) ? answers[id] : undefined;
    const answer = answerText(a);
    if (answer.cut) cut.push(id);
    return { id, text: boundedString(text, 2000).text, answer: answer.text };
  });
  const approved = typeof r.approved === 'boolean' ? r.approved : r.approved === 'true' ? true : r.approved === 'false' ? false : null;
  return { approved, items, ...(cut.length ? { cut } : {}) };
}

/** A screener answer as text: a list joined with commas (each item bounded), an object as bounded JSON. */
function answerText(a: unknown): { text: string | null; cut: boolean } {
  if (a === undefined || a === null) return { text: null, cut: false };
  if (Array.isArray(a) && a.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) {
    const b = boundedString(a.slice(0, BOUNDS.items).map(String).join(', '));
    return { text: b.text, cut: b.cut || a.length > BOUNDS.items };
  }
  if (typeof a === 'object') return boundedJson(a);
  return boundedString(String(a));
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The wire form, read tolerantly; `toInterviewRecord` turns it into the internal shape. */
export const interviewRecordWire = z.object({
  id: idSchema,
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

export const interviewRecord = interviewRecordWire.transform((w): InterviewRecord => ({
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
}));

export const interviewsPage = z
  .object({
    items: keepGoodItems(interviewRecord),
    total: looseInt,
    page: looseInt,
    limit: looseInt,
    has_more: z
      .unknown()
      .optional()
      .transform((v) => v === true || v === 'true'),
  })
  // `rejected`: records on this page that could not be read (an id outside the rule, say); the sync reports them.
  .transform((p) => ({ ...p, items: p.items.items, rejected: p.items.rejected }));
export type InterviewsPage = z.output<typeof interviewsPage>;

export type InterviewsQuery = {
  transcripts?: boolean;
  screener?: boolean;
  interview_id?: string;
  page?: number;
  limit?: number;
};
