import type { EventHub } from '../events';
import type { RuntimeManager } from '../workspaces/runtime';

export type SyncServiceDeps = { runtimes: Pick<RuntimeManager, 'get'>; events?: Pick<EventHub, 'subscribe'> };
export type SyncProgress = { phase: string; done: number; total: number };

/** A workspace's sync: run it (all projects or some), cancel it, and where it stands. */
export function createSyncService(d: SyncServiceDeps) {
  return {
    run: async (workspaceId: string, projectIds?: string[]) => (await d.runtimes.get(workspaceId)).runSync(projectIds),
    cancel: async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cancelSync(),
    /** Calls `listener` with the workspace's sync progress (as the app's sync.progress events carry it) until the returned function is called. */
    onProgress(workspaceId: string, listener: (p: SyncProgress) => void): () => void {
      if (!d.events) return () => undefined;
      return d.events.subscribe((e) => {
        if (e.name === 'sync.progress' && e.payload.workspace_id === workspaceId) listener(e.payload);
      });
    },
    /** Whether a sync is running (and how far it is), and when the last one started, finished or failed. */
    async status(workspaceId: string) {
      const r = await d.runtimes.get(workspaceId);
      const s = await r.cache.call('sync.state', { scope: 'workspace' });
      return {
        running: r.sync.isRunning,
        progress: r.sync.isRunning ? r.lastProgress : null,
        last_started_at: s?.last_started_at ?? null,
        last_completed_at: s?.last_completed_at ?? null,
        last_error: s?.last_error ?? null,
      };
    },
  };
}
export type SyncService = ReturnType<typeof createSyncService>;
