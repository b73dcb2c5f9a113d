import type { RedactionKind, RedactionReviewPage } from '../../shared/ipc/channels/redaction';
import type { RedactionService } from './redaction-service';
import { filterGroups, groupFindings, reviewPage, type ReviewFilter } from './review-page';

export type ReviewDeps = {
  redaction: Pick<RedactionService, 'scan' | 'decisions'>;
  /** The study's participant code numbers (cache op interviews.numbers), for "P07". */
  interviewNumbers(workspaceId: string, projectId: string): Promise<ReadonlyMap<string, number>>;
  /** One decision for many terms in one write (cache op redaction.decideMany). */
  decideMany(workspaceId: string, projectId: string, items: { kind: RedactionKind; text: string }[], decision: 'accept' | 'reject'): Promise<number>;
};

/**
 * The Redaction view's reads and bulk decision, over the redaction service's scan: the scan stays in main,
 * and only a page of terms crosses to the window.
 */
export function createReviewService(d: ReviewDeps) {
  return {
    async page(workspaceId: string, projectId: string, filter: ReviewFilter & { offset: number; limit: number }): Promise<RedactionReviewPage> {
      const [scan, decided, numbers] = await Promise.all([
        d.redaction.scan(workspaceId, projectId),
        d.redaction.decisions(workspaceId, projectId),
        d.interviewNumbers(workspaceId, projectId),
      ]);
      return reviewPage(scan, decided.decisions, numbers, filter);
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
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
