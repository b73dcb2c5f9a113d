import type { projectChannels } from '../../../shared/ipc/channels/projects';
import type { WorkspaceService } from '../../workspaces/service';
import type { HandlerMap } from '../dispatcher';

export function projectHandlers(deps: { workspaces: WorkspaceService; now?: () => number }): HandlerMap<typeof projectChannels> {
  const now = deps.now ?? Date.now;
  return {
    'projects.list': async ({ workspace_id }, ctx) => {
      const client = await deps.workspaces.client(workspace_id);
      const items = await client.listProjects({ ...(ctx.signal ? { signal: ctx.signal } : {}) });
      return { items, fetched_at: new Date(now()).toISOString() };
    },
  };
}
