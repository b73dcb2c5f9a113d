import { readProjectDetail, toProjectSummary } from '../cache/read-models';
import type { RuntimeManager } from '../workspaces/runtime';

export type StudyDataDeps = { runtimes: Pick<RuntimeManager, 'get'> };

/** A workspace's projects. Reads come from the offline cache, so everything stays browsable without a network. */
export function createProjectService(d: StudyDataDeps) {
  return {
    async list(workspaceId: string) {
      const r = await d.runtimes.get(workspaceId);
      let state = await r.cache.call('sync.state', { scope: 'workspace' });
      // Never synced: the first sync (or the one under way) is what there is to show. Once a first sync has been
      // tried and was cancelled or could not reach the service, a read does not start another: that would undo
      // Cancel, and, as every finished sync makes the list read again, it would sync in a loop while offline.
      if (!state?.last_completed_at && (r.sync.isRunning || !state?.last_started_at)) {
        await r.runSync().catch(() => undefined);
        state = await r.cache.call('sync.state', { scope: 'workspace' });
      }
      return { items: (await r.cache.call('projects.list')).map(toProjectSummary), synced_at: state?.last_completed_at ?? null };
    },
    get: async (workspaceId: string, projectId: string) => readProjectDetail((await d.runtimes.get(workspaceId)).cache, projectId),
    /** Whether the workspace's offline cache has the project (a wrong id, or one not synced yet, has none). */
    exists: async (workspaceId: string, projectId: string) => !!(await (await d.runtimes.get(workspaceId)).cache.call('projects.get', { id: projectId })),
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
