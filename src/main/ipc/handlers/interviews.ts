import type { interviewChannels } from '../../../shared/ipc/channels/interviews';
import { readInterviewDetail } from '../../cache/read-models';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function interviewHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof interviewChannels> {
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
    'interviews.neighbours': async ({ workspace_id, project_id, interview_id, ...f }) =>
      (await d.runtimes.get(workspace_id)).cache.call('interviews.neighbours', { projectId: project_id, id: interview_id, ...f }),
    // Signed links stay in main: the renderer plays through the media route.
    'interviews.get': async ({ workspace_id, interview_id }) => readInterviewDetail((await d.runtimes.get(workspace_id)).cache, interview_id),
  };
}
