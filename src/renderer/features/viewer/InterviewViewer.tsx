import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';

export function InterviewViewer({ interviewId }: { workspace: WorkspaceSummary; projectId: string; interviewId: string; atMs: number | null }) {
  return <p className="empty">Not built yet: {interviewId}</p>;
}
