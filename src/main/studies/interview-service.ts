import type { IpcContract } from '../../shared/ipc/contract';
import type { ParsedInputOf } from '../../shared/ipc/define';
import { readInterviewDetail } from '../cache/read-models';
import type { StudyDataDeps } from './project-service';

type Input<K extends keyof IpcContract> = ParsedInputOf<IpcContract[K]>;
type ListFilter = Omit<Input<'interviews.list'>, 'workspace_id' | 'project_id'>;
type NeighbourFilter = Omit<Input<'interviews.neighbours'>, 'workspace_id' | 'project_id' | 'interview_id'>;

/** A project's interviews from the offline cache, each marked with whether its video is saved for offline use. */
export function createInterviewService(d: StudyDataDeps) {
  return {
    async list(workspaceId: string, projectId: string, f: ListFilter) {
      const r = await d.runtimes.get(workspaceId);
      const [page, videos] = await Promise.all([r.cache.call('interviews.list', { projectId, ...f }), r.cache.call('videos.list', { projectId })]);
      const offline = new Set(videos.filter((v) => v.state === 'complete').map((v) => v.interview_id));
      return { total: page.total, items: page.items.map((i) => ({ ...i, offline: offline.has(i.id) })) };
    },
    neighbours: async (workspaceId: string, projectId: string, interviewId: string, f: NeighbourFilter) =>
      (await d.runtimes.get(workspaceId)).cache.call('interviews.neighbours', { projectId, id: interviewId, ...f }),
    // Signed links stay in main: the renderer plays through the media route.
    get: async (workspaceId: string, interviewId: string) => readInterviewDetail((await d.runtimes.get(workspaceId)).cache, interviewId),
  };
}
export type InterviewService = ReturnType<typeof createInterviewService>;
