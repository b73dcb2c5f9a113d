import type { noteChannels } from '../../../shared/ipc/channels/notes';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

const now = () => new Date().toISOString();

/** The researcher's own notes: user data in its own tables, never touched by sync. */
export function noteHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof noteChannels> {
  const cache = async (ws: string) => (await d.runtimes.get(ws)).cache;
  return {
    'notes.add': async ({ workspace_id, project_id, interview_id, body }) => {
      const n = await (await cache(workspace_id)).call('notes.add', { projectId: project_id, interviewId: interview_id ?? null, body, now: now() });
      return { id: n.id };
    },
    'notes.list': async ({ workspace_id, project_id, interview_id }) =>
      (await (await cache(workspace_id)).call('notes.list', { projectId: project_id, ...(interview_id ? { interviewId: interview_id } : {}) })).map((n) => ({
        id: n.id,
        interview_id: n.interview_id,
        body: n.body,
        created_at: n.created_at,
      })),
  };
}
