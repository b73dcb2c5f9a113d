import type { ReportPollView, reportChannels } from '../../../shared/ipc/channels/reports';
import type { ReportPoll } from '../../cache/queries/jobs';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

const view = (p: ReportPoll | null): ReportPollView =>
  p ? { state: p.state, started_at: p.started_at, deadline_at: p.deadline_at, attempts: p.attempts, last_error: p.last_error } : null;

export function reportHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof reportChannels> {
  return {
    'reports.start': async ({ workspace_id, project_id }) => view(await (await d.runtimes.get(workspace_id)).poller.start(project_id)),
    'reports.poll': async ({ workspace_id, project_id }) => view(await (await d.runtimes.get(workspace_id)).poller.status(project_id)),
  };
}
