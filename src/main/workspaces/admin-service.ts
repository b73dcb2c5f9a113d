import type { EventHub } from '../events';
import { workspaceDir } from './paths';
import type { RuntimeManager } from './runtime';
import type { NewWorkspace, WorkspaceService } from './service';

export type WorkspaceAdminDeps = {
  workspaces: WorkspaceService;
  runtimes: Pick<RuntimeManager, 'activate' | 'remove'>;
  events: EventHub;
  /** The app's data folder, where each workspace keeps its cache and videos. */
  dataDir: string;
};

/** The workspaces themselves: the list, adding one (its key checked first), the one in use, forgetting one. */
export function createWorkspaceAdmin(d: WorkspaceAdminDeps) {
  return {
    list: () => d.workspaces.list(),
    async add(input: NewWorkspace) {
      const added = await d.workspaces.add(input);
      d.events.emit('workspaces.changed', { reason: 'added' });
      return added;
    },
    // No workspaces.changed event: the renderer asked for this, and it reloads on that event.
    async activate(workspaceId: string) {
      await d.runtimes.activate(workspaceId);
      return d.workspaces.summary(d.workspaces.get(workspaceId));
    },
    async remove(workspaceId: string, purgeCache: boolean) {
      await d.runtimes.remove(workspaceId, purgeCache);
      d.events.emit('workspaces.changed', { reason: 'removed' });
    },
    /** Where the workspace keeps its offline cache and videos (deleted with it only on purge). */
    folder: (workspaceId: string) => workspaceDir(d.dataDir, workspaceId),
  };
}
export type WorkspaceAdmin = ReturnType<typeof createWorkspaceAdmin>;
