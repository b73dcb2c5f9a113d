import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';

export function NewStudy({ workspace }: { workspace: WorkspaceSummary }) {
  return <p className="empty">Not built yet: new study in {workspace.name}</p>;
}
