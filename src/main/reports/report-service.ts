import type { RuntimeManager } from '../workspaces/runtime';
import { reportVersions } from './versions';

export type ReportServiceDeps = { runtimes: Pick<RuntimeManager, 'get'> };

/** A study's AI report: asking for one and following it (the workspace's poller), and its kept versions. */
export function createReportService(d: ReportServiceDeps) {
  const versions = async (workspaceId: string) => reportVersions((await d.runtimes.get(workspaceId)).cache);
  return {
    start: async (workspaceId: string, projectId: string) => (await d.runtimes.get(workspaceId)).poller.start(projectId),
    poll: async (workspaceId: string, projectId: string) => (await d.runtimes.get(workspaceId)).poller.status(projectId),
    versions: async (workspaceId: string, projectId: string) => (await versions(workspaceId)).listVersions(projectId),
    diff: async (workspaceId: string, projectId: string, fromId: number, toId: number) =>
      (await versions(workspaceId)).diffVersions(fromId, toId, { projectId }),
  };
}
export type ReportService = ReturnType<typeof createReportService>;
