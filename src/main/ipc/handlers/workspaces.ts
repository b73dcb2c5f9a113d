import type { workspaceChannels } from '../../../shared/ipc/channels/workspaces';
import type { EventHub } from '../../events';
import type { WorkspaceService } from '../../workspaces/service';
import type { HandlerMap } from '../dispatcher';

export function workspaceHandlers(deps: { workspaces: WorkspaceService; events: EventHub }): HandlerMap<typeof workspaceChannels> {
  return {
    'workspaces.list': async () => deps.workspaces.list(),
    'workspaces.add': async (input) => {
      const added = await deps.workspaces.add(input);
      deps.events.emit('workspaces.changed', { reason: 'added' });
      return added;
    },
  };
}
