import type { InterviewDetail, ProjectDetail, ProjectSummary } from '../../shared/views';
import type { Cache } from './cache';
import type { CachedProject } from './queries/projects';

/**
 * The read models the screens, the exports and the CLI share, built from the cache alone (no IPC, no
 * network). Signed video links never leave here: they stay in main, with the media route.
 */
export const toProjectSummary = (p: CachedProject): ProjectSummary => ({
  id: p.id,
  title: p.title,
  status: p.status,
  type: p.type,
  created_at: p.created_at,
  recruiting: {
    completed_participants: p.completed_participants,
    target_participants: p.target_participants,
    has_launched: p.has_launched,
    type: p.recruiting_type,
  },
  last_interview_at: p.last_interview_at,
});

export async function readProjectDetail(cache: Cache, projectId: string): Promise<ProjectDetail | null> {
  const p = await cache.call('projects.get', { id: projectId });
  if (!p) return null;
  const [stimuli, embed, report, state, gaps] = await Promise.all([
    cache.call('stimuli.list', { projectId }),
    cache.call('embeds.get', { projectId }),
    cache.call('reports.get', { projectId }),
    cache.call('sync.state', { scope: `project:${projectId}` }),
    cache.call('sideReads.gaps', { projectId }),
  ]);
  const { credits: _credits, ...unavailable } = gaps;
  return {
    ...toProjectSummary(p),
    guide: p.guide,
    stimuli,
    embed: embed?.embed ?? null,
    allowed_urls: embed?.allowed_urls ?? null,
    report,
    synced_at: state?.last_completed_at ?? null,
    unavailable,
  };
}

export async function readInterviewDetail(cache: Cache, interviewId: string): Promise<InterviewDetail | null> {
  const i = await cache.call('interviews.get', { id: interviewId });
  if (!i) return null;
  const video = await cache.call('videos.get', { interviewId });
  const { video_url: _u, video_url_expires_at: _e, ...rest } = i;
  return { ...rest, offline: video?.state === 'complete' };
}
