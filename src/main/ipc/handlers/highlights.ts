import type { highlightChannels } from '../../../shared/ipc/channels/highlights';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

const now = () => new Date().toISOString();

export function highlightHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof highlightChannels> {
  const cache = async (ws: string) => (await d.runtimes.get(ws)).cache;
  return {
    'highlights.add': async ({ workspace_id, ...h }) => (await cache(workspace_id)).call('highlights.add', { highlight: h, now: now() }),
    'highlights.update': async ({ workspace_id, id, note, code_ids, new_codes, range }) =>
      (await cache(workspace_id)).call('highlights.update', {
        id,
        now: now(),
        ...(note !== undefined ? { note } : {}),
        ...(code_ids !== undefined || new_codes !== undefined ? { codes: { code_ids: code_ids ?? [], new_codes: new_codes ?? [] } } : {}),
        ...(range !== undefined ? { range } : {}),
      }),
    'highlights.delete': async ({ workspace_id, id }) => (await cache(workspace_id)).call('highlights.delete', { id }),
    'highlights.list': async ({ workspace_id, project_id, interview_id, code_id, coder }) =>
      (await cache(workspace_id)).call('highlights.list', {
        ...(project_id ? { projectId: project_id } : {}),
        ...(interview_id ? { interviewId: interview_id } : {}),
        ...(code_id ? { codeId: code_id } : {}),
        ...(coder !== undefined ? { coder } : {}),
      }),
  };
}
