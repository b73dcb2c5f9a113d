import { useEffect, useRef, useState } from 'react';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { timecode } from '../../lib/timecode';
import { codedBy, isOwnCoding, shortQuote } from '../highlights/coding-text';

/**
 * The coding chosen in the transcript's margin: its codes, words, coder and when, and what can be done to it:
 * recode (the picker), move or resize (select the new words, then "Move coding here"), remove. Another coder's
 * codings are shown as they coded them, and can only be removed.
 */
export function SelectedCoding({
  highlight: h,
  researcherName,
  canMove,
  onRecode,
  onMove,
  onRemove,
  onSeek,
  onClose,
}: {
  highlight: HighlightView;
  researcherName: string;
  canMove: boolean;
  onRecode: () => void;
  onMove: () => Promise<void>;
  onRemove: () => Promise<void>;
  onSeek: (ms: number) => void;
  onClose: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [moved, setMoved] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const own = isOwnCoding(h);
  const run = async (what: () => Promise<void>, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await what();
      after?.();
    } catch (e) {
      setError(UiError.from(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`coding-panel${own ? '' : ' is-other-coder'}`} aria-label="Selected coding">
      <div className="coding-panel-head">
        <ul className="hl-tag-list" aria-label="Codes">
          {h.codes.map((c) => (
            <li key={c.id} className="hl-chip">
              <span className="code-dot" style={{ background: c.color }} aria-hidden="true" />
              {c.name}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="seek-chip hl-seek num"
          aria-label={h.start_ms === null ? 'Play from the start' : `Play from ${timecode(h.start_ms)}`}
          onClick={() => onSeek(h.start_ms ?? 0)}
        >
          <span aria-hidden="true">▶</span> {h.start_ms === null ? 'Start' : timecode(h.start_ms)}
        </button>
        <span className="coding-quote">“{shortQuote(h.quote, 80)}”</span>
        <button type="button" className="btn btn-ghost btn-small coding-close" aria-label="Close the selected coding" onClick={onClose}>
          ✕
        </button>
      </div>
      <p className="muted coding-by">{codedBy(h, researcherName)}</p>
      {confirming ? (
        <div className="hl-confirm" role="group" aria-label="Confirm remove">
          <span>Remove this coding? Its codes and note go with it; the words stay in the transcript.</span>
          <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => void run(onRemove)}>
            Remove coding
          </button>
          <button
            ref={keep}
            type="button"
            className="btn btn-small"
            onClick={() => {
              setConfirming(false);
              queueMicrotask(() => removeButton.current?.focus());
            }}
          >
            Keep
          </button>
        </div>
      ) : (
        <div className="coding-actions">
          {own && (
            <>
              <button type="button" className="btn btn-small" onClick={onRecode}>
                Recode…
              </button>
              <button
                type="button"
                className="btn btn-small"
                disabled={!canMove || busy}
                title={canMove ? 'The coding takes the words selected now' : 'Select the words the coding should cover first'}
                // The click must not take the transcript's selection away before it is read.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void run(onMove, () => setMoved(true))}
              >
                Move coding here
              </button>
            </>
          )}
          <button ref={removeButton} type="button" className="btn btn-small hl-delete" onClick={() => setConfirming(true)}>
            Remove…
          </button>
        </div>
      )}
      <p className="muted coding-hint" role="status">
        {moved
          ? 'Moved to the selected words.'
          : confirming
            ? ''
            : own
              ? canMove
                ? ''
                : 'To move or resize it, select the words it should cover.'
              : `${h.coder}'s coding is shown as they coded it.`}
      </p>
      {error && <ErrorNote error={error} />}
    </section>
  );
}
