import type { ReactNode } from 'react';
import './draft-note.css';

/**
 * Says where an unsaved edit stands: restored from an earlier visit (with Discard), changed underneath by a
 * sync (the saved version one click away, the draft untouched), or not kept because this computer refused.
 * Renders nothing when there is nothing to say.
 */
export function DraftNote({
  restored,
  changedUnderneath,
  kept,
  what,
  onDiscard,
  saved,
}: {
  restored: boolean;
  changedUnderneath: boolean;
  kept: boolean;
  /** What is being edited, as in "the saved guide". */
  what: string;
  onDiscard: () => void;
  /** The saved version as it is now, shown on request when it changed underneath the draft. */
  saved?: ReactNode;
}) {
  if (!restored && !changedUnderneath && kept) return null;
  return (
    <div className="draft-note" role="note" aria-label="Draft">
      <p>
        {restored && <strong>Unsaved draft restored</strong>}
        {restored && <span aria-hidden="true"> · </span>}
        <button type="button" className="btn-link" onClick={onDiscard}>
          Discard
        </button>
        {restored && <span className="muted"> Kept on this computer until you save or discard it.</span>}
      </p>
      {changedUnderneath && (
        <p className="draft-note-changed">
          The saved {what} changed since this draft began (a sync or an edit elsewhere). Your draft is kept as it is; saving it replaces the saved {what},
          Discard goes back to it.
        </p>
      )}
      {changedUnderneath && saved && (
        <details className="draft-note-saved">
          <summary>Show the saved {what}</summary>
          {saved}
        </details>
      )}
      {!kept && <p className="field-error">This computer would not keep a draft (its storage is full or off). Save before you close the window.</p>}
    </div>
  );
}
