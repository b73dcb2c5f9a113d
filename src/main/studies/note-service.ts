import type { StudyDataDeps } from './project-service';

/** The researcher's own notes on a project or an interview: user data in its own tables, never touched by sync. */
export function createNoteService(d: StudyDataDeps, now: () => string = () => new Date().toISOString()) {
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  return {
    async add(workspaceId: string, projectId: string, interviewId: string | null, body: string) {
      const n = await (await cache(workspaceId)).call('notes.add', { projectId, interviewId, body, now: now() });
      return { id: n.id };
    },
    async list(workspaceId: string, projectId: string, interviewId?: string) {
      const notes = await (await cache(workspaceId)).call('notes.list', { projectId, ...(interviewId ? { interviewId } : {}) });
      return notes.map((n) => ({ id: n.id, interview_id: n.interview_id, body: n.body, created_at: n.created_at }));
    },
  };
}
export type NoteService = ReturnType<typeof createNoteService>;
