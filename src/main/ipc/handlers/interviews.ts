import type { interviewChannels, searchChannels } from '../../../shared/ipc/channels/cache-domains';
import { readInterviewDetail } from '../../cache/read-models';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function interviewHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof interviewChannels & typeof searchChannels> {
  return {
    'interviews.list': async ({ workspace_id, project_id, ...f }) => {
      const r = await d.runtimes.get(workspace_id);
      const [page, videos] = await Promise.all([
        r.cache.call('interviews.list', { projectId: project_id, ...f }),
        r.cache.call('videos.list', { projectId: project_id }),
      ]);
      const offline = new Set(videos.filter((v) => v.state === 'complete').map((v) => v.interview_id));
      return { total: page.total, items: page.items.map((i) => ({ ...i, offline: offline.has(i.id) })) };
    },
    // Signed links stay in main: the renderer plays through the media route.
    'interviews.get': async ({ workspace_id, interview_id }) => readInterviewDetail((await d.runtimes.get(workspace_id)).cache, interview_id),
    'search.query': async ({ workspace_id, query, project_id, role, limit }) => {
      const r = await d.runtimes.get(workspace_id);
      const hits = await r.cache.call('search.query', { query, ...(project_id ? { projectId: project_id } : {}), ...(role ? { role } : {}), ...(limit ? { limit } : {}) });
      return hits.map(({ rank: _rank, ...h }) => h);
    },
    'search.locateQuote': async ({ workspace_id, project_id, quote }) => (await d.runtimes.get(workspace_id)).cache.call('search.locateQuote', { projectId: project_id, quote }),
  };
}
