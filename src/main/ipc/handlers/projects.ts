import type { cachedProjectChannels } from '../../../shared/ipc/channels/cache-domains';
import type { projectChannels } from '../../../shared/ipc/channels/projects';
import type { ProjectSummary } from '../../../shared/ipc/channels/views';
import type { CachedProject } from '../../cache/queries/projects';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export const toSummary = (p: CachedProject): ProjectSummary => ({
  id: p.id,
  title: p.title,
  status: p.status,
  type: p.type,
  created_at: p.created_at,
  recruiting: { completed_participants: p.completed_participants, target_participants: p.target_participants, has_launched: p.has_launched, type: p.recruiting_type },
});

/** Reads come from the offline cache, so everything stays browsable without a network. */
export function projectHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof projectChannels & typeof cachedProjectChannels> {
  return {
    'projects.list': async ({ workspace_id }) => {
      const r = await d.runtimes.get(workspace_id);
      let state = await r.cache.call('sync.state', { scope: 'workspace' });
      if (!state?.last_completed_at) {
        // Never synced: the first sync is what there is to show. Offline, an empty list says so.
        await r.runSync().catch(() => undefined);
        state = await r.cache.call('sync.state', { scope: 'workspace' });
      }
      return { items: (await r.cache.call('projects.list')).map(toSummary), synced_at: state?.last_completed_at ?? null };
    },
    'projects.get': async ({ workspace_id, project_id }) => {
      const r = await d.runtimes.get(workspace_id);
      const p = await r.cache.call('projects.get', { id: project_id });
      if (!p) return null;
      const [stimuli, embed, report, state, gaps] = await Promise.all([
        r.cache.call('stimuli.list', { projectId: project_id }),
        r.cache.call('embeds.get', { projectId: project_id }),
        r.cache.call('reports.get', { projectId: project_id }),
        r.cache.call('sync.state', { scope: `project:${project_id}` }),
        r.cache.call('sideReads.gaps', { projectId: project_id }),
      ]);
      const { credits: _credits, ...unavailable } = gaps;
      return {
        ...toSummary(p),
        guide: p.guide,
        stimuli,
        embed: embed?.embed ?? null,
        allowed_urls: embed?.allowed_urls ?? null,
        report,
        synced_at: state?.last_completed_at ?? null,
        unavailable,
      };
    },
    'credits.get': async ({ workspace_id }) => (await d.runtimes.get(workspace_id)).cache.call('credits.get'),
  };
}
