import type { syncChannels } from '../../../shared/ipc/channels/sync';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function syncHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof syncChannels> {
  return {
    'sync.run': async ({ workspace_id, project_ids }) => {
      const r = await d.runtimes.get(workspace_id);
      const res = await r.runSync(project_ids);
      return { projects: res.projects, interviews_written: res.interviews_written, requests: res.requests, issues: res.issues, duration_ms: res.duration_ms };
    },
    'sync.cancel': async ({ workspace_id }) => (await d.runtimes.get(workspace_id)).cancelSync(),
    'sync.status': async ({ workspace_id }) => {
      const r = await d.runtimes.get(workspace_id);
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
