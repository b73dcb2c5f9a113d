import type { HighlightView } from '../../shared/ipc/channels/cache-domains';
import type { InterviewDetail } from '../../shared/ipc/channels/views';
import type { IpcContract } from '../../shared/ipc/contract';
import type { InputOf, OutputOf } from '../../shared/ipc/define';
import type { ExportSource } from './run-export';

/** A call through the core's own dispatcher (inputs validated as for the app); failures throw AppError. */
export type LocalCall = <K extends keyof IpcContract & string>(channel: K, input: InputOf<IpcContract[K]>) => Promise<OutputOf<IpcContract[K]>>;

/**
 * The saved data, read through the same handlers the app's screens use, so an export (from the app or the
 * CLI) holds exactly what Fieldwork shows. `videoFile` answers where an interview's offline video is.
 */
export function cacheExportSource(call: LocalCall, workspaceId: string, projectId: string, videoFile: (interviewId: string) => Promise<string | null>): ExportSource {
  return {
    project: () => call('projects.get', { workspace_id: workspaceId, project_id: projectId }),
    interviews: async (ids) => {
      const rows = (await call('interviews.list', { workspace_id: workspaceId, project_id: projectId, limit: 10_000 })).items;
      const wanted = ids ? rows.filter((r) => ids.includes(r.id)) : rows;
      const details: InterviewDetail[] = [];
      for (const r of wanted) {
        const d = await call('interviews.get', { workspace_id: workspaceId, interview_id: r.id });
        if (d) details.push(d);
      }
      return details;
    },
    highlights: (): Promise<HighlightView[]> => call('highlights.list', { workspace_id: workspaceId, project_id: projectId }),
    locateQuote: (quote) => call('search.locateQuote', { workspace_id: workspaceId, project_id: projectId, quote: quote.slice(0, 2000) }),
    videoFile,
  };
}
