import type { OpArgs } from '../cache/ops';
import type { StudyDataDeps } from './project-service';

export type SearchQuery = { query: string; projectId?: string; role?: OpArgs<'search.query'>['role']; limit?: number };

/** Search answers from the offline index, so it works without a network. */
export function createSearchService(d: StudyDataDeps) {
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  return {
    /** The hits, best first; the index's rank orders them and is not given out. */
    async query(workspaceId: string, q: SearchQuery) {
      const hits = await (
        await cache(workspaceId)
      ).call('search.query', {
        query: q.query,
        ...(q.projectId ? { projectId: q.projectId } : {}),
        ...(q.role ? { role: q.role } : {}),
        ...(q.limit ? { limit: q.limit } : {}),
      });
      return hits.map(({ rank: _rank, ...h }) => h);
    },
    /**
     * Indexes every turn still waiting for the search index (the app does it while idle), reporting how
     * many are done of how many were waiting, so a command that exits next leaves a ready index.
     */
    async indexBacklog(workspaceId: string, onProgress: (done: number, total: number) => void) {
      const c = await cache(workspaceId);
      const total = await c.call('search.backlog');
      for (let left = total; left > 0;) {
        onProgress(total - left, total);
        left = (await c.call('search.indexBacklog', { maxRows: 20_000 })).remaining;
      }
    },
    /** The interviews that asked a question (a question hit's `question_key`), `limit` from `offset`, and how many asked it in all. */
    askedIn: async (workspaceId: string, projectId: string, questionKey: string, page: { offset: number; limit: number }) =>
      (await cache(workspaceId)).call('search.askedIn', { projectId, questionKey, ...page }),
    locateQuote: async (workspaceId: string, projectId: string, quote: string) => (await cache(workspaceId)).call('search.locateQuote', { projectId, quote }),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
