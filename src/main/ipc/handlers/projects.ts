import type { projectChannels } from '../../../shared/ipc/channels/projects';
import type { ProjectService } from '../../studies/project-service';
import type { HandlerMap } from '../dispatcher';

export function projectHandlers(d: { projects: ProjectService }): HandlerMap<typeof projectChannels> {
  return {
    'projects.list': async ({ workspace_id }) => d.projects.list(workspace_id),
    'projects.get': async ({ workspace_id, project_id }) => d.projects.get(workspace_id, project_id),
  };
}
