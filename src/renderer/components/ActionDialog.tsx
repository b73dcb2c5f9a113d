import { useState, type ReactNode } from 'react';
import { UiError } from '../lib/api';
import { Dialog } from './Dialog';

/**
 * A dialog's one action: busy while it runs (its button disabled), closes the dialog when done, and keeps
 * the dialog open with the error when main refuses.
 */
export function useDialogAction(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onClose();
    } catch (err) {
      setError(UiError.from(err));
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/**
 * The shell of a dialog with one action: Cancel (or `cancelLabel`) and the action's button in the footer. The
 * action submits the form `form` names, or else calls `onAction`.
 */
export function ActionDialog({
  title,
  onClose,
  action,
  cancelLabel = 'Cancel',
  wide,
  children,
}: {
  title: string;
  onClose: () => void;
  action: { label: string; className: string; disabled: boolean; form?: string; onAction?: () => void };
  cancelLabel?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      wide={wide}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type={action.form ? 'submit' : 'button'}
            form={action.form}
            className={`btn ${action.className}`}
            disabled={action.disabled}
            onClick={action.onAction}
          >
            {action.label}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
