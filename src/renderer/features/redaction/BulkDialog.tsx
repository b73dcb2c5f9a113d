import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { KIND, plural } from './redaction-labels';
import { useRedaction } from './store';

/** "Redact all shown" / "Keep all shown": a confirmation that names how many terms and which. */
export function BulkDialog({ decision, onClose }: { decision: 'accept' | 'reject'; onClose: () => void }) {
  const total = useRedaction((s) => s.meta?.total_terms ?? 0);
  const filter = useRedaction((s) => s.filter);
  const decideAll = useRedaction((s) => s.decideAll);
  // While a read is on its way the count is the last filter's: confirmed only once it is this one's.
  const loading = useRedaction((s) => s.status === 'loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const what = [
    filter.possible ? 'possible only' : null,
    filter.kind ? KIND.get(filter.kind)!.label.toLowerCase() : null,
    filter.query.trim() ? `matching “${filter.query.trim()}”` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await decideAll(decision);
      onClose();
    } catch (e) {
      setError(UiError.from(e));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={decision === 'accept' ? 'Redact all shown' : 'Keep all shown'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy || loading} onClick={() => void run()}>
            {decision === 'accept' ? `Redact ${plural(total, 'term')}` : `Keep ${plural(total, 'term')}`}
          </button>
        </>
      }
    >
      <p>
        {decision === 'accept'
          ? `Redact ${plural(total, 'term')}${what ? ` (${what})` : ''}, including those not loaded yet. Exports that redact will replace each of them with its pseudonym.`
          : `Keep ${plural(total, 'term')}${what ? ` (${what})` : ''} as written, including those not loaded yet. Exports that redact will leave them in.`}
      </p>
      {error && <ErrorNote error={error} />}
    </Dialog>
  );
}
