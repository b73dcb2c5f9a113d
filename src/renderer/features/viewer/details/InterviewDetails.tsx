import type { InterviewDetail } from '../../../../shared/ipc/channels/views';

/** Participant metadata (every custom field) and the screener with answers and approval. */
export function InterviewDetails({ interview }: { interview: InterviewDetail }) {
  return <p className="empty">Details not built yet ({interview.id}).</p>;
}
