import type { redactionChannels } from '../../../shared/ipc/channels/redaction';
import type { RedactionService } from '../../redaction/redaction-service';
import type { ReviewService } from '../../redaction/review-service';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the redaction service (redaction/redaction-service.ts) or its review (review-service.ts). */
export function redactionHandlers(d: { redaction: RedactionService; review: ReviewService }): HandlerMap<typeof redactionChannels> {
  return {
    'redaction.scan': ({ workspace_id, project_id }) => d.redaction.scan(workspace_id, project_id),
    'redaction.review': ({ workspace_id, project_id, kind, decision, query, possible, offset, limit }) =>
      d.review.page(workspace_id, project_id, { kind, decision, query, possible, offset, limit }),
    'redaction.decideAll': ({ workspace_id, project_id, filter, decision }) => d.review.decideAll(workspace_id, project_id, filter, decision),
    'redaction.decisions': ({ workspace_id, project_id }) => d.redaction.decisions(workspace_id, project_id),
    'redaction.decide': ({ workspace_id, project_id, kind, text, decision }) => d.redaction.decide(workspace_id, project_id, kind, text, decision),
    'redaction.addTerm': ({ workspace_id, project_id, text, kind }) => d.redaction.addTerm(workspace_id, project_id, text, kind),
    'redaction.removeTerm': ({ workspace_id, project_id, text }) => d.redaction.removeTerm(workspace_id, project_id, text),
    'redaction.mentions': ({ workspace_id, project_id, text }) => d.review.mentions(workspace_id, project_id, text),
    'redaction.interviews': async ({ workspace_id, project_id }) => ({ interviews: await d.review.interviews(workspace_id, project_id) }),
    'redaction.markReviewed': ({ workspace_id, project_id, interview_id, reviewed }) => d.review.markReviewed(workspace_id, project_id, interview_id, reviewed),
  };
}
