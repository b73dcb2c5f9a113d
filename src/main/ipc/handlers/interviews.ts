import type { interviewChannels } from '../../../shared/ipc/channels/interviews';
import type { InterviewService } from '../../studies/interview-service';
import type { HandlerMap } from '../dispatcher';

export function interviewHandlers(d: { interviews: InterviewService }): HandlerMap<typeof interviewChannels> {
  return {
    'interviews.list': async ({ workspace_id, project_id, ...f }) => d.interviews.list(workspace_id, project_id, f),
    'interviews.neighbours': async ({ workspace_id, project_id, interview_id, ...f }) => d.interviews.neighbours(workspace_id, project_id, interview_id, f),
    'interviews.get': async ({ workspace_id, interview_id }) => d.interviews.get(workspace_id, interview_id),
  };
}
