import { z } from 'zod';
import { looseInt, looseString } from './tolerant';

export const interviewCompletedEvent = z.object({
  event: z.literal('interview_completed'),
  created_at: looseString,
  data: z.object({
    org_id: z.string().min(1),
    project_id: z.string().min(1),
    interview_id: z.string().min(1),
    user_interview_id: looseString,
    video_url: looseString,
    video_url_expires_at: looseString,
    completed_at: looseString,
    completed_participants: looseInt,
  }),
});
export type InterviewCompletedEvent = z.output<typeof interviewCompletedEvent>;

export type WebhookRead =
  | { kind: 'interview_completed'; event: InterviewCompletedEvent }
  /** Another event kind: acknowledge it, act on nothing. */
  | { kind: 'unknown'; event_name: string }
  /** Not an event, or a known kind whose payload is broken: refuse it rather than half-read it. */
  | { kind: 'invalid'; reason: string };

export function readWebhookEvent(raw: unknown): WebhookRead {
  const head = z.object({ event: z.string().min(1) }).safeParse(raw);
  if (!head.success) return { kind: 'invalid', reason: 'The payload has no event name.' };
  if (head.data.event !== 'interview_completed') return { kind: 'unknown', event_name: head.data.event };
  const parsed = interviewCompletedEvent.safeParse(raw);
  if (!parsed.success) return { kind: 'invalid', reason: `interview_completed payload is malformed: ${parsed.error.issues[0]?.path.join('.') ?? ''}` };
  return { kind: 'interview_completed', event: parsed.data };
}
