import type { Cache } from '../cache/cache';
import { readInterviewDetail, readProjectDetail } from '../cache/read-models';
import type { ExportSource } from './run-export';

/**
 * The saved data, read straight from the workspace's cache with the same read models the screens use,
 * so an export (from the app or the CLI) holds exactly what Fieldwork shows, and every interview of the
 * study: the list has no limit, and ids are read in stable order. Quotes are located whole, never cut to
 * fit an IPC schema. `videoFile` answers where an interview's offline video is.
 */
export function cacheExportSource(cache: Cache, projectId: string, videoFile: (interviewId: string) => Promise<string | null>): ExportSource {
  return {
    project: () => readProjectDetail(cache, projectId),
    interviews: async (ids) => {
      // Codes for any interview that has none yet (an export during a study's first sync), before they are read.
      await cache.call('participants.assign', { projectId });
      const all = await cache.call('interviews.ids', { projectId });
      const only = ids ? new Set(ids) : null;
      const wanted = only ? all.filter((id) => only.has(id)) : all;
      const details = [];
      for (const id of wanted) {
        const d = await readInterviewDetail(cache, id);
        if (d) details.push(d);
      }
      // In the order the screens list them: newest first.
      return details.sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? '') || a.id.localeCompare(b.id));
    },
    highlights: () => cache.call('highlights.list', { projectId }),
    codes: () => cache.call('codes.list', { projectId }),
    participantCodes: async () => Object.fromEntries((await cache.call('participants.list', { projectId })).map((p) => [p.interview_id, p.code])),
    locateQuote: (quote) => cache.call('search.locateQuote', { projectId, quote }),
    videoFile,
  };
}
