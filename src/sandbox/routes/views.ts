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

export function interviewRecord(ctx: ApiContext, i: Interview, opts: { transcripts: boolean; screener: boolean }) {
  const video = i.video_key ? videoLink(ctx, i.id) : null;
  return {
    id: i.id,
    status: i.status,
    completed_at: i.completed_at,
    duration_minutes: i.duration_seconds === null ? null : Math.max(1, Math.ceil(i.duration_seconds / 60)),
    video_url: video?.url ?? null,
    video_url_expires_at: video?.expiresAt ?? null,
    thumbnail_url: i.video_key ? `${ctx.baseUrl()}/_media/interviews/${i.id}/thumbnail` : null,
    participant: i.participant,
    ...(opts.transcripts ? { transcript: i.transcript } : {}),
    ...(opts.screener ? { screener: i.screener } : {}),
  };
}
