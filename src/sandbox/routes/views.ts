import type { ApiContext } from '../context';
import type { Interview } from '../store/interviews';
import { countCompleted, type Project } from '../store/projects';
import type { Stimulus } from '../store/stimuli';
import { signedQuery } from '../domain/signing';

/** How resources look on the wire; one place, so every route answers with the same shapes. */
export function projectListItem(ctx: ApiContext, p: Project) {
  return {
    id: p.id,
    title: p.title,
    status: p.status,
    created_at: p.created_at,
    // Extension: the spec's list item has no type; clients must not depend on it.
    type: p.type,
    recruiting: {
      completed_participants: countCompleted(ctx.db, p.id),
      has_launched: p.has_launched,
      target_participants: p.target_participants,
      type: p.recruiting_type,
    },
  };
}

export const mediaUrl = (ctx: ApiContext, storageKey: string) => `${ctx.baseUrl()}/_media/objects/${storageKey}`;

export function stimulusRecord(ctx: ApiContext, s: Stimulus) {
  const url = mediaUrl(ctx, s.storage_key);
  return {
    stimuli_id: s.id,
    display_order: s.display_order,
    image_url: s.kind === 'image' ? url : null,
    video_url: s.kind === 'video' ? url : null,
    caption: s.caption ?? '',
    question_items: s.question_items,
  };
}

export const callBaseUrl = (ctx: { baseUrl: () => string }) => `${ctx.baseUrl()}/call`;

export function callUrl(ctx: { baseUrl: () => string }, p: Project): string {
  const locale = p.languages[0]?.accent ?? 'en-US';
  return `${callBaseUrl(ctx)}/${encodeURIComponent(locale)}/${p.interview_id}/${p.id}`;
}

export function videoLink(
  ctx: Pick<ApiContext, 'clock' | 'config' | 'signingSecret' | 'baseUrl'> & { org: Pick<ApiContext['org'], 'video_url_ttl_seconds'> },
  interviewId: string,
): { url: string; expiresAt: string } {
  const ttl = ctx.org.video_url_ttl_seconds ?? ctx.config.videoUrlTtlSeconds;
  const expires = Math.floor(ctx.clock.now() / 1000) + ttl;
  const path = `/_media/interviews/${interviewId}/video`;
  return { url: `${ctx.baseUrl()}${path}?${signedQuery(ctx.signingSecret, path, expires)}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/**
 * Whether the service links a recording for this interview: one with a sample video of its own, and every
 * completed one (the contract gives a completed interview a `video_url` string; without a sample video of
 * its own it plays the generic recording, which names no one). A started interview has none yet.
 */
export const hasRecording = (i: Pick<Interview, 'video_key' | 'status'>): boolean => i.video_key !== null || i.status === 'COMPLETE';

export function recordingLink(
  ctx: Parameters<typeof videoLink>[0],
  i: Pick<Interview, 'id' | 'video_key' | 'status'>,
): { url: string; expiresAt: string } | null {
  return hasRecording(i) ? videoLink(ctx, i.id) : null;
}

export function interviewRecord(ctx: ApiContext, i: Interview, opts: { transcripts: boolean; screener: boolean }) {
  const video = recordingLink(ctx, i);
  return {
    id: i.id,
    status: i.status,
    completed_at: i.completed_at,
    duration_minutes: i.duration_seconds === null ? null : Math.max(1, Math.ceil(i.duration_seconds / 60)),
    video_url: video?.url ?? null,
    video_url_expires_at: video?.expiresAt ?? null,
    thumbnail_url: video ? `${ctx.baseUrl()}/_media/interviews/${i.id}/thumbnail` : null,
    participant: i.participant,
    ...(opts.transcripts ? { transcript: i.transcript } : {}),
    ...(opts.screener ? { screener: i.screener } : {}),
  };
}
