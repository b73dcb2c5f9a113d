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

/** Any event: known kinds are parsed, others are kept as "unknown" so a receiver can acknowledge them. */
export const webhookEvent = z.union([
  interviewCompletedEvent,
  z.object({ event: z.string(), created_at: looseString }).transform((e) => ({ ...e, event: 'unknown' as const, raw_event: e.event })),
]);
