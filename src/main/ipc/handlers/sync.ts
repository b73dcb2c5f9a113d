import type { syncChannels } from '../../../shared/ipc/channels/sync';
import type { SyncService } from '../../sync/sync-service';
import type { HandlerMap } from '../dispatcher';

export function syncHandlers(d: { sync: SyncService }): HandlerMap<typeof syncChannels> {
  return {
    'sync.run': async ({ workspace_id, project_ids }) => {
      const res = await d.sync.run(workspace_id, project_ids);
      return { projects: res.projects, interviews_written: res.interviews_written, requests: res.requests, issues: res.issues, duration_ms: res.duration_ms };
    },
    'sync.cancel': async ({ workspace_id }) => d.sync.cancel(workspace_id),
    'sync.status': async ({ workspace_id }) => d.sync.status(workspace_id),
  };
}
