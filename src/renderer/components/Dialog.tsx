import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * A modal built on <dialog>: the browser traps focus, Escape closes it, and focus returns to what
 * opened it. Every confirmation and sheet in the app uses this one.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    return () => opener?.focus?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${wide ? 'dialog-wide' : ''}`}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="btn btn-ghost btn-small" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </header>
      {/* The header's Close stays outside the boundary, so a dialog that fails to render can still be closed. */}
      <ErrorBoundary view={`the "${title}" dialog`} onClose={onClose}>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-foot">{footer}</footer>}
      </ErrorBoundary>
    </dialog>
  );
}
