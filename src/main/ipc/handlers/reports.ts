import type { reportChannels } from '../../../shared/ipc/channels/reports';
import type { ReportService } from '../../reports/report-service';
import type { HandlerMap } from '../dispatcher';

export function reportHandlers(d: { reports: ReportService }): HandlerMap<typeof reportChannels> {
  return {
    'reports.start': async ({ workspace_id, project_id }) => d.reports.start(workspace_id, project_id),
    'reports.poll': async ({ workspace_id, project_id }) => d.reports.poll(workspace_id, project_id),
    'reports.versions': async ({ workspace_id, project_id }) => d.reports.versions(workspace_id, project_id),
    'reports.diff': async ({ workspace_id, project_id, from_id, to_id }) => d.reports.diff(workspace_id, project_id, from_id, to_id),
  };
}
