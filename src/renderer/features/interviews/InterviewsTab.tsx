import type { ProjectDetail } from '../../../shared/ipc/channels/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

export function InterviewsTab({ project }: TabProps) {
  return <p className="empty">Not built yet: {project.title}</p>;
}
