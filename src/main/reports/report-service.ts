import type { ReportDiffView, ReportPollView, ReportVersionView } from '../../shared/ipc/channels/reports';
import type { ReportPoll } from '../cache/queries/jobs';
import type { RuntimeManager } from '../workspaces/runtime';
import { reportVersions, type VersionDiff, type VersionListing } from './versions';

export type ReportServiceDeps = { runtimes: Pick<RuntimeManager, 'get'> };

const pollView = (p: ReportPoll): NonNullable<ReportPollView> => ({
  state: p.state,
  started_at: p.started_at,
  deadline_at: p.deadline_at,
  attempts: p.attempts,
  last_error: p.last_error,
});
const view = (p: ReportPoll | null): ReportPollView => (p ? pollView(p) : null);

const versionView = (v: VersionListing): ReportVersionView => ({
  id: v.id,
  report_id: v.report_id,
  generated_at: v.generated_at,
  seen_at: v.seen_at,
  interviews_analysed: v.interviews_analysed,
  themes: v.themes,
});

const diffView = (d: VersionDiff): ReportDiffView => ({
  project_id: d.project_id,
  from: versionView(d.from),
  to: versionView(d.to),
  summary_changed: d.summary_changed,
  added: d.added.map((t) => ({ title: t.title, frequency_pct: t.frequency_pct })),
  removed: d.removed.map((t) => ({ title: t.title, frequency_pct: t.frequency_pct })),
  reworded: d.reworded.map((r) => ({ from_title: r.from_title, to_title: r.to_title, similarity: r.similarity })),
  frequency_changes: d.frequency_changes.map((f) => ({ title: f.title, from_pct: f.from_pct, to_pct: f.to_pct, change_points: f.change_points })),
  quotes: d.quotes.map((q) => ({ title: q.title, gained: [...q.gained], lost: [...q.lost] })),
});

/** A study's AI report: asking for one and following it (the workspace's poller), the cached one, and its kept versions, as their views. */
export function createReportService(d: ReportServiceDeps) {
  const versions = async (workspaceId: string) => reportVersions((await d.runtimes.get(workspaceId)).cache);
  return {
    start: async (workspaceId: string, projectId: string) => pollView(await (await d.runtimes.get(workspaceId)).poller.start(projectId)),
    poll: async (workspaceId: string, projectId: string) => view(await (await d.runtimes.get(workspaceId)).poller.status(projectId)),
    /** The report as last cached, or null. */
    cached: async (workspaceId: string, projectId: string) => (await d.runtimes.get(workspaceId)).cache.call('reports.get', { projectId }),
    versions: async (workspaceId: string, projectId: string) => (await (await versions(workspaceId)).listVersions(projectId)).map(versionView),
    diff: async (workspaceId: string, projectId: string, fromId: number, toId: number) =>
      diffView(await (await versions(workspaceId)).diffVersions(fromId, toId, { projectId })),
  };
}
export type ReportService = ReturnType<typeof createReportService>;
