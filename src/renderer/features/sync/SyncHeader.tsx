import { useEffect, useState } from 'react';
import { ProgressBar } from '../../components/ProgressBar';
import { relativeTime } from '../../lib/format';
import { useSync } from './store';

/** The header's right side: sync state (dot, freshness, progress, Sync now) and credits. */
export function SyncHeader() {
  const { status, credits, offline, error, syncNow, cancel } = useSync();
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);
  const running = status?.running ?? false;
  const p = status?.progress;
  return (
    <div className="sync-header">
      <div className="sync-state" role="status" aria-live="polite">
        <span className={`sync-dot ${offline ? 'sync-dot-offline' : running ? 'sync-dot-running' : 'sync-dot-ok'}`} aria-hidden="true" />
        {running ? (
          <span>Syncing{p && p.total > 0 ? ` ${p.phase} ${p.done} of ${p.total}` : '…'}</span>
        ) : offline ? (
          // "Showing saved data" is only true once a sync has finished; before that a cancelled or cut-off first
          // sync may have saved part of the list, so "nothing saved" would be wrong too.
          <span>{status?.last_completed_at ? 'Offline: showing saved data' : 'Offline: not synced yet'}</span>
        ) : (
          <span className="muted">
            {!status ? 'Checking sync…' : status.last_completed_at ? `Synced ${relativeTime(status.last_completed_at)}` : 'Not synced yet'}
            {error && <> · {error.message}</>}
          </span>
        )}
        {running && p && p.total > 0 && <ProgressBar value={p.done} max={p.total} label="Sync progress" />}
      </div>
      {running ? (
        <button type="button" className="btn btn-small" onClick={() => void cancel()} title="Stop this sync; what it already saved stays">
          Cancel sync
        </button>
      ) : (
        <button type="button" className="btn btn-small" onClick={() => void syncNow()} title="Sync now (Ctrl+R)">
          Sync now
        </button>
      )}
      <div className="credits" aria-label="Credits">
        {credits ? (
          <>
            <span className="muted">Balance </span>
            <span className="num">{credits.balance ?? 'not stated'}</span>
            <span className="muted"> · </span>
            {credits.trial_credits === null ? (
              <span className="muted">trial credits not stated</span>
            ) : (
              <>
                <span className="num">{credits.trial_credits}</span>
                <span className="muted"> trial credits</span>
              </>
            )}
          </>
        ) : (
          <span className="muted">Credits unknown</span>
        )}
      </div>
    </div>
  );
}
