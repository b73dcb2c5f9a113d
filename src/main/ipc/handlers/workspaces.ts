import type { workspaceChannels } from '../../../shared/ipc/channels/workspaces';
import type { WorkspaceAdmin } from '../../workspaces/admin-service';
import type { HandlerMap } from '../dispatcher';

export function workspaceHandlers(d: { workspaces: WorkspaceAdmin }): HandlerMap<typeof workspaceChannels> {
  return {
    'workspaces.list': async () => d.workspaces.list(),
    'workspaces.add': async (input) => d.workspaces.add(input),
    'workspaces.activate': async ({ workspace_id }) => d.workspaces.activate(workspace_id),
    'workspaces.remove': async ({ workspace_id, purge_cache }) => d.workspaces.remove(workspace_id, purge_cache),
  };
}
