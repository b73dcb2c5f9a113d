import type { workspaceChannels } from '../../../shared/ipc/channels/workspaces';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function workspaceHandlers(d: Pick<HandlerDeps, 'workspaces' | 'events' | 'runtimes'>): HandlerMap<typeof workspaceChannels> {
  return {
    'workspaces.list': async () => d.workspaces.list(),
    'workspaces.add': async (input) => {
      const added = await d.workspaces.add(input);
      d.events.emit('workspaces.changed', { reason: 'added' });
      return added;
    },
    // No workspaces.changed event: the renderer asked for this, and it reloads on that event.
    'workspaces.activate': async ({ workspace_id }) => {
      await d.runtimes.activate(workspace_id);
      return d.workspaces.summary(d.workspaces.get(workspace_id));
    },
    'workspaces.remove': async ({ workspace_id, purge_cache }) => {
      await d.runtimes.remove(workspace_id, purge_cache);
      d.events.emit('workspaces.changed', { reason: 'removed' });
    },
  };
}
