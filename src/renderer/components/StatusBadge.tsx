import { statusLabel } from '../lib/format';
import './status.css';

const TONE: Record<string, string> = {
  IN_PROGRESS: 'accent',
  COMPLETE: 'success',
  DRAFT: 'neutral',
  STARTED: 'neutral',
  PAUSED: 'warning',
  unknown: 'neutral',
};

/** Status as a dot plus a word: never colour alone. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`status status-${TONE[status] ?? 'neutral'}`}>
      <span className="status-dot" aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}

export function StatusDot({ status }: { status: string }) {
  return <span className={`status-dot status-${TONE[status] ?? 'neutral'}`} title={statusLabel(status)} aria-hidden="true" />;
}
