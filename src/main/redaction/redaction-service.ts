import type { RedactionDecisionView, RedactionFindingView, RedactionScanView, RedactionTermView } from '../../shared/ipc/channels/redaction';
import type { RedactionKind } from '../../shared/redaction/detect';
import type { DecisionRow, TermRow } from '../cache/queries/redaction';
import { AppError } from '../errors';
import type { SecretStore } from '../secrets/secret-store';
import type { RuntimeManager } from '../workspaces/runtime';
import { scanStudy, type Finding } from './scan';

export type RedactionDeps = { runtimes: Pick<RuntimeManager, 'get'>; secrets: SecretStore };

// Built field by field: nothing but what the view knows crosses to the page.
const findingView = (f: Finding): RedactionFindingView => ({
  interview_id: f.interview_id,
  kind: f.kind,
  text: f.text,
  start_ms: f.start_ms,
  suggested: f.suggested,
  source: f.source,
  at: f.at,
  term: f.term,
  before: f.before,
  after: f.after,
  decision: f.decision,
  confidence: f.confidence === 'possible' ? 'possible' : 'sure',
  reason: f.confidence === 'possible' ? (f.reason ?? null) : null,
});
const decisionView = (d: DecisionRow): RedactionDecisionView => ({ kind: d.kind, term: d.term, decision: d.decision, decided_at: d.decided_at });
const termView = (t: TermRow): RedactionTermView => ({ term: t.term, text: t.text, kind: t.kind, added_at: t.added_at });

/** The review's service: scan a study, keep the researcher's decisions and own terms (the CLI and the IPC handlers call it). */
export function createRedactionService(d: RedactionDeps) {
  const studyCache = async (workspaceId: string, projectId: string) => {
    const cache = (await d.runtimes.get(workspaceId)).cache;
    if (!(await cache.call('projects.get', { id: projectId }))) {
      throw new AppError('unknown_project', `No project ${projectId} in the saved data. Sync it first, then review its personal data.`);
    }
    return cache;
  };
  const now = () => new Date().toISOString();
  return {
    async scan(workspaceId: string, projectId: string): Promise<RedactionScanView> {
      const r = await scanStudy(await studyCache(workspaceId, projectId), d.secrets, projectId);
      return { findings: r.findings.map(findingView), interviews: r.interviews.length, warning: r.warning };
    },
    async decisions(workspaceId: string, projectId: string) {
      const cache = await studyCache(workspaceId, projectId);
      const [decisions, terms] = await Promise.all([cache.call('redaction.decisions', { projectId }), cache.call('redaction.terms', { projectId })]);
      return { decisions: decisions.map(decisionView), terms: terms.map(termView) };
    },
    async decide(workspaceId: string, projectId: string, kind: RedactionKind, text: string, decision: 'accept' | 'reject' | null) {
      const row = await (await studyCache(workspaceId, projectId)).call('redaction.decide', { projectId, kind, text, decision, now: now() });
      return row ? decisionView(row) : null;
    },
    async addTerm(workspaceId: string, projectId: string, text: string, kind: RedactionKind) {
      return termView(await (await studyCache(workspaceId, projectId)).call('redaction.addTerm', { projectId, text, kind, now: now() }));
    },
    async removeTerm(workspaceId: string, projectId: string, text: string) {
      return { removed: await (await studyCache(workspaceId, projectId)).call('redaction.removeTerm', { projectId, text }) };
    },
  };
}
export type RedactionService = ReturnType<typeof createRedactionService>;
