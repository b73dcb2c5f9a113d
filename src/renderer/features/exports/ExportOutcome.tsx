import type { ReactNode } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import type { UiError } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { useExport } from './store';

/** How an export ended, said the same way by every export dialog: what was written and where, then its notes. */
export function ExportedTo({
  what,
  bytes,
  location,
  notes,
  notesLabel,
  children,
}: {
  what: string;
  bytes: number;
  location: string;
  notes: string[];
  notesLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="export-done" role="status">
      <p>
        <strong>Exported {what}</strong> ({formatBytes(bytes)}) to
      </p>
      <p className="mono export-path">{location}</p>
      {children}
      {notes.length > 0 && (
        <ul className="export-notes" aria-label={notesLabel}>
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A failed export's error (with what to do), or that a cancelled one left nothing behind. */
export function ExportStopped({ state, error, onRetry }: { state: string | undefined; error: UiError | null | undefined; onRetry?: () => void }) {
  if (state === 'failed' && error) return <ErrorNote error={error} {...(onRetry ? { onRetry, retryLabel: 'Export again' } : {})} />;
  if (state === 'cancelled') {
    return (
      <p className="export-cancelled" role="status">
        The export was cancelled. No files were left behind.
      </p>
    );
  }
  return null;
}

/** "Show in folder" (the exports feature's reveal) and "Done", at the end of an export. */
export function DoneButtons({ reveal, onClose }: { reveal: string; onClose: () => void }) {
  const showInFolder = useExport((s) => s.showInFolder);
  return (
    <>
      <button type="button" className="btn" onClick={() => void showInFolder(reveal)}>
        Show in folder
      </button>
      <button type="button" className="btn btn-primary" onClick={onClose}>
        Done
      </button>
    </>
  );
}
