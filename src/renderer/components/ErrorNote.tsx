import type { UiError } from '../lib/api';

/** An inline error: what happened and what to do, with the code behind "Show details". */
export function ErrorNote({ error, onRetry, retryLabel = 'Try again' }: { error: UiError; onRetry?: () => void; retryLabel?: string }) {
  return (
    <div className="error-note" role="alert">
      <p>{error.message}</p>
      {onRetry && (
        <p style={{ marginTop: 'var(--sp-8)' }}>
          <button type="button" className="btn" onClick={onRetry}>
            {retryLabel}
          </button>
        </p>
      )}
      <details>
        <summary>Show details</summary>
        <span className="mono">code: {error.code}</span>
      </details>
    </div>
  );
}
