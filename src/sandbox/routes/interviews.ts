import { LIMITS } from '../../shared/schemas/limits';
import type { ApiHandler } from '../context';
import { formatCents } from '../domain/billing';
import { invalid, notFound } from '../http/errors';
import { pageInterviews } from '../store/interviews';
import { getProject } from '../store/projects';
import { interviewRecord } from './views';

function bool(v: string | null, name: string): boolean {
  if (v === null) return false;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw invalid(`${name} must be true or false.`);
}

function int(v: string | null, name: string, fallback: number): number {
  if (v === null) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw invalid(`${name} must be a whole number of at least 1.`);
  return Number(v);
}

export const listInterviewsRoute: ApiHandler = (_req, params, ctx, url) => {
  const project = getProject(ctx.db, ctx.org.id, params.project_id!);
  if (!project) throw notFound();
  const q = url.searchParams;
  const transcripts = bool(q.get('transcripts'), 'transcripts');
  const screener = bool(q.get('screener'), 'screener');
  const page = int(q.get('page'), 'page', 1);
  // Larger limits are clamped to the maximum rather than refused.
  const limit = Math.min(int(q.get('limit'), 'limit', LIMITS.interviewsPageDefault), LIMITS.interviewsPageMax);
  const interviewId = q.get('interview_id') ?? undefined;
  const offset = (page - 1) * limit;
  const { items, total } = pageInterviews(ctx.db, project.id, { offset, limit, full: transcripts || screener, ...(interviewId ? { interviewId } : {}) });
  return {
    status: 200,
    body: {
      items: items.map((i) => interviewRecord(ctx, i, { transcripts, screener })),
      total,
      page,
      limit,
      has_more: offset + items.length < total,
    },
  };
};

export const creditsRoute: ApiHandler = (_req, _p, ctx) => ({
  status: 200,
  body: { balance: formatCents(ctx.org.balance_cents), trial_credits: ctx.org.trial_credits },
});
