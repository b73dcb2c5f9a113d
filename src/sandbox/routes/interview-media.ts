import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import type { GenericRecording } from '../domain/sample-media';
import { checkSignedQuery } from '../domain/signing';
import { ApiError } from '../http/errors';
import { serveFile } from '../http/range';
import { getInterview, type Interview } from '../store/interviews';
import { hasRecording } from './views';

/** The interview's own sample video, or the generic recording for a completed one without (views.ts, hasRecording). */
function recordingOf(ctx: SandboxContext, interview: Interview): GenericRecording | undefined {
  const own = interview.video_key?.startsWith('sample:') ? ctx.media.videos.find((v) => `sample:${v.id}` === interview.video_key) : undefined;
  if (own) return own;
  return hasRecording(interview) ? (ctx.media.generic ?? undefined) : undefined;
}

/** `/_media/interviews/{id}/video` (signed, expiring) and `/_media/interviews/{id}/thumbnail`. */
export function serveInterviewMedia(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL, interviewId: string, what: string): void {
  const interview = getInterview(ctx.db, interviewId);
  const video = interview ? recordingOf(ctx, interview) : undefined;
  if (!video) throw new ApiError(404, 'not_found', 'No recording for this interview.');
  if (what === 'thumbnail') return serveFile(req, res, video.thumbnailPath, 'image/jpeg');
  if (what !== 'video') throw new ApiError(404, 'not_found', 'No such media.');
  const check = checkSignedQuery(ctx.signingSecret, url.pathname, url.searchParams, ctx.clock.now());
  if (check === 'expired') throw new ApiError(403, 'link_expired', 'This video link has expired. Fetch the interview again for a fresh link.');
  if (check === 'invalid') throw new ApiError(403, 'invalid_signature', 'This video link is not valid.');
  serveFile(req, res, video.path, video.contentType);
}
