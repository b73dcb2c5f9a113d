import type { ReportDiffView, ReportPollView, ReportVersionView, reportChannels } from '../../../shared/ipc/channels/reports';
import type { ReportPoll } from '../../cache/queries/jobs';
import type { ReportService } from '../../reports/report-service';
import type { VersionDiff, VersionListing } from '../../reports/versions';
import type { HandlerMap } from '../dispatcher';

const view = (p: ReportPoll | null): ReportPollView =>
  p ? { state: p.state, started_at: p.started_at, deadline_at: p.deadline_at, attempts: p.attempts, last_error: p.last_error } : null;

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

export function reportHandlers(d: { reports: ReportService }): HandlerMap<typeof reportChannels> {
  return {
    'reports.start': async ({ workspace_id, project_id }) => view(await d.reports.start(workspace_id, project_id)),
    'reports.poll': async ({ workspace_id, project_id }) => view(await d.reports.poll(workspace_id, project_id)),
    'reports.versions': async ({ workspace_id, project_id }) => (await d.reports.versions(workspace_id, project_id)).map(versionView),
    'reports.diff': async ({ workspace_id, project_id, from_id, to_id }) => diffView(await d.reports.diff(workspace_id, project_id, from_id, to_id)),
  };
}
