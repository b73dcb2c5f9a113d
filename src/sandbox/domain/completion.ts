import type { SandboxContext } from '../context';
import type { Interview } from '../store/interviews';
import { getOrg } from '../store/orgs';
import { countCompleted, type Project } from '../store/projects';
import { recordingLink } from '../routes/views';
import { iso } from '../clock';

/**
 * What the service does when an interview completes: push `interview_completed` to the organisation's
 * webhooks. In the payload, interview_id is the project's interview (guide) ID and user_interview_id
 * is the completed record's ID, the one the interviews list filters by.
 */
export function announceCompletion(ctx: SandboxContext, project: Project, interview: Interview): void {
  const org = getOrg(ctx.db, project.org_id);
  if (!org || interview.status !== 'COMPLETE') return;
  const video = recordingLink({ ...ctx, org }, interview);
  ctx.webhooks.enqueue(org.id, {
    event: 'interview_completed',
    created_at: iso(ctx.clock.now()),
    data: {
      org_id: org.id,
      project_id: project.id,
      interview_id: project.interview_id,
      user_interview_id: interview.id,
      video_url: video?.url ?? null,
      video_url_expires_at: video?.expiresAt ?? null,
      completed_at: interview.completed_at,
      completed_participants: countCompleted(ctx.db, project.id),
    },
  });
}
