import { interviewsPage, type InterviewsQuery } from '../../../shared/schemas/interview';
import { LIMITS } from '../../../shared/schemas/limits';
import { walkPages } from '../pages';
import type { Transport } from '../transport';
import { seg } from './validate';

type Opts = { signal?: AbortSignal | undefined };

export const listInterviews = (t: Transport, projectId: string, q: InterviewsQuery = {}, o: Opts = {}) =>
  t.send({
    method: 'GET',
    path: `/v1/projects/${seg(projectId)}/interviews`,
    query: {
      transcripts: q.transcripts,
      screener: q.screener,
      interview_id: q.interview_id,
      page: q.page,
      limit: q.limit === undefined ? undefined : Math.min(q.limit, LIMITS.interviewsPageMax),
    },
    schema: interviewsPage,
    signal: o.signal,
  });

/** Every page of a project's interviews, in order; see walkPages for how it refuses to loop. */
export function walkInterviews(
  t: Transport,
  projectId: string,
  q: Omit<InterviewsQuery, 'page'> = {},
  o: Opts & { maxPages?: number; startPage?: number } = {},
) {
  return walkPages(
    async (page) => {
      const p = await listInterviews(t, projectId, { ...q, page, limit: q.limit ?? LIMITS.interviewsPageMax }, o);
      return { items: p.items, has_more: p.has_more, page: p.page, total: p.total };
    },
    {
      pageSize: q.limit ?? LIMITS.interviewsPageMax,
      ...(o.maxPages !== undefined ? { maxPages: o.maxPages } : {}),
      ...(o.startPage !== undefined ? { startPage: o.startPage } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
    },
  );
}
