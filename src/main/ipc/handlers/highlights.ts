import type { highlightChannels } from '../../../shared/ipc/channels/highlights';
import type { CodingService } from '../../analysis/coding/coding-service';
import type { HandlerMap } from '../dispatcher';

export function highlightHandlers(d: { codings: CodingService }): HandlerMap<typeof highlightChannels> {
  return {
    'highlights.add': async ({ workspace_id, ...h }) => d.codings.add(workspace_id, h),
    'highlights.update': async ({ workspace_id, id, note, code_ids, new_codes, range }) =>
      d.codings.update(workspace_id, id, { note, codeIds: code_ids, newCodes: new_codes, range }),
    'highlights.delete': async ({ workspace_id, id }) => d.codings.delete(workspace_id, id),
    'highlights.list': async ({ workspace_id, project_id, interview_id, code_id, coder }) =>
      d.codings.list(workspace_id, { projectId: project_id, interviewId: interview_id, codeId: code_id, coder }),
  };
}
