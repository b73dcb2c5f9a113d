import type { RedactionInterviewView, RedactionKind, RedactionMentionsView, RedactionReviewPage } from '../../shared/ipc/channels/redaction';
import type { Cache } from '../cache/cache';
import { AppError } from '../errors';
import type { RedactionService } from './redaction-service';
import { filterGroups, groupFindings, reviewPage, type ReviewFilter } from './review-page';
import { interviewTally, interviewViews, mentionsView, view } from './review-interviews';
import { termKeyOf } from './term-outcome';

export type ReviewDeps = {
  redaction: Pick<RedactionService, 'scan' | 'decisions'>;
  /** The study's participant code numbers (cache op interviews.numbers), for "P07". */
  interviewNumbers(workspaceId: string, projectId: string): Promise<ReadonlyMap<string, number>>;
  /** One decision for many terms in one write (cache op redaction.decideMany). */
  decideMany(workspaceId: string, projectId: string, items: { kind: RedactionKind; text: string }[], decision: 'accept' | 'reject'): Promise<number>;
  /** The workspace's cache: mentions and the reviewed marks are read and written there. */
  cache(workspaceId: string): Promise<Pick<Cache, 'call'>>;
  now?: () => string;
};

/**
 * The Redaction view's reads and bulk decision, over the redaction service's scan: the scan stays in main,
 * and only a page of terms (or counts per interview, or a term's mentions) crosses to the window.
 */
export function createReviewService(d: ReviewDeps) {
  const now = d.now ?? (() => new Date().toISOString());
  const current = async (workspaceId: string, projectId: string) => {
    const [scan, decided, numbers] = await Promise.all([
      d.redaction.scan(workspaceId, projectId),
      d.redaction.decisions(workspaceId, projectId),
      d.interviewNumbers(workspaceId, projectId),
    ]);
    return { scan, decisions: decided.decisions, decided: new Map(decided.decisions.map((x) => [termKeyOf(x), x.decision])), numbers };
  };
  return {
    async page(workspaceId: string, projectId: string, filter: ReviewFilter & { offset: number; limit: number }): Promise<RedactionReviewPage> {
      const c = await current(workspaceId, projectId);
      return reviewPage(c.scan, c.decisions, c.numbers, filter);
    },
    /** One decision for every term the filters keep, on every page, in one write; those already so are left. */
    async decideAll(workspaceId: string, projectId: string, filter: ReviewFilter, decision: 'accept' | 'reject'): Promise<{ decided: number }> {
      const [scan, decided] = await Promise.all([d.redaction.scan(workspaceId, projectId), d.redaction.decisions(workspaceId, projectId)]);
      const terms = filterGroups(groupFindings(scan.findings, decided.decisions), filter).filter((g) => g.decision !== decision);
      if (terms.length === 0) return { decided: 0 };
      return {
        decided: await d.decideMany(
          workspaceId,
          projectId,
          terms.map((t) => ({ kind: t.kind, text: t.text })),
          decision,
        ),
      };
    },
    /** Every interview: places replaced and left, and the researcher's reviewed mark. */
    async interviews(workspaceId: string, projectId: string): Promise<RedactionInterviewView[]> {
      const [c, reviewed] = await Promise.all([current(workspaceId, projectId), (await d.cache(workspaceId)).call('redaction.reviewed', { projectId })]);
      return interviewViews(c.scan.findings, c.decided, c.numbers, reviewed);
    },
    /** Marks an interview reviewed with a hash of what is found in it now (or unmarks it). */
    async markReviewed(workspaceId: string, projectId: string, interviewId: string, reviewed: boolean): Promise<RedactionInterviewView> {
      const c = await current(workspaceId, projectId);
      if (!c.numbers.has(interviewId)) {
        throw new AppError('unknown_interview', `No interview ${interviewId} in this study's saved data. Sync the study, then mark it reviewed.`);
      }
      const t = interviewTally(c.scan.findings, c.decided, interviewId);
      const row = await (
        await d.cache(workspaceId)
      ).call('redaction.markReviewed', { projectId, interviewId, hash: reviewed ? t.hash : null, findings: t.findings, now: now() });
      return view(interviewId, c.numbers, t, row ?? undefined);
    },
    /** "Find every mention" of a term across the study's turns, by participant code. */
    async mentions(workspaceId: string, projectId: string, text: string): Promise<RedactionMentionsView> {
      await d.redaction.decisions(workspaceId, projectId); // says "unknown project" as the other reads do
      const [m, numbers] = await Promise.all([
        (await d.cache(workspaceId)).call('redaction.mentions', { projectId, text }),
        d.interviewNumbers(workspaceId, projectId),
      ]);
      return mentionsView(text, m, numbers);
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
