import type { highlightChannels } from '../../../shared/ipc/channels/highlights';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

const now = () => new Date().toISOString();

export function highlightHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof highlightChannels> {
  const cache = async (ws: string) => (await d.runtimes.get(ws)).cache;
  return {
    'highlights.add': async ({ workspace_id, ...h }) => (await cache(workspace_id)).call('highlights.add', { highlight: h, now: now() }),
    'highlights.update': async ({ workspace_id, id, note, tags, range }) =>
      (await cache(workspace_id)).call('highlights.update', {
        id,
        now: now(),
        ...(note !== undefined ? { note } : {}),
        ...(tags !== undefined ? { tags } : {}),
        ...(range !== undefined ? { range } : {}),
      }),
    'highlights.delete': async ({ workspace_id, id }) => (await cache(workspace_id)).call('highlights.delete', { id }),
    'highlights.list': async ({ workspace_id, project_id, interview_id, tag, coder }) =>
      (await cache(workspace_id)).call('highlights.list', {
        ...(project_id ? { projectId: project_id } : {}),
        ...(interview_id ? { interviewId: interview_id } : {}),
        ...(tag ? { tag } : {}),
        ...(coder !== undefined ? { coder } : {}),
      }),
  };
}
