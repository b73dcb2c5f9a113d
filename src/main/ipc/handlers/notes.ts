import type { noteChannels } from '../../../shared/ipc/channels/notes';
import type { NoteService } from '../../studies/note-service';
import type { HandlerMap } from '../dispatcher';

export function noteHandlers(d: { notes: NoteService }): HandlerMap<typeof noteChannels> {
  return {
    'notes.add': async ({ workspace_id, project_id, interview_id, body }) => d.notes.add(workspace_id, project_id, interview_id ?? null, body),
    'notes.list': async ({ workspace_id, project_id, interview_id }) => d.notes.list(workspace_id, project_id, interview_id),
  };
}
