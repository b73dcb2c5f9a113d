import type { InterviewDetail } from '../../../shared/ipc/channels/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';

/** The highlights of one interview, under the player: tags, note, copy quote with timestamp, jump. */
export function InterviewHighlights({ interview }: { workspace: WorkspaceSummary; interview: InterviewDetail; onSeek: (ms: number) => void }) {
  return <p className="empty">Highlights not built yet ({interview.id}).</p>;
}
