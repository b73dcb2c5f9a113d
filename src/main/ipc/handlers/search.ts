import type { searchChannels } from '../../../shared/ipc/channels/search';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

/** Search answers from the offline index, so it works without a network. */
export function searchHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof searchChannels> {
  return {
    'search.query': async ({ workspace_id, query, project_id, role, limit }) => {
      const r = await d.runtimes.get(workspace_id);
      const hits = await r.cache.call('search.query', {
        query,
        ...(project_id ? { projectId: project_id } : {}),
        ...(role ? { role } : {}),
        ...(limit ? { limit } : {}),
      });
      return hits.map(({ rank: _rank, ...h }) => h);
    },
    'search.locateQuote': async ({ workspace_id, project_id, quote }) =>
      (await d.runtimes.get(workspace_id)).cache.call('search.locateQuote', { projectId: project_id, quote }),
  };
}
