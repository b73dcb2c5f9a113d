import { useId } from 'react';
import './exports.css';
import { useExport } from './store';

/**
 * Where an export goes, and "Choose folder…": the folder the researcher picked in the OS dialog (or the
 * last one exported to). Every export dialog uses this one, so they share the choice and its guard.
 */
export function FolderPicker() {
  const folder = useExport((s) => s.folder);
  const choose = useExport((s) => s.chooseFolder);
  return (
    <div className="export-folder">
      <span className="export-folder-label">To</span>
      <span className={folder ? 'mono export-path' : 'muted export-path'} aria-label="Export folder" title={folder ?? undefined}>
        {/* An isolate keeps the path left-to-right while the box trims its start, so the folder's own name shows. */}
        {folder ? <bdi>{folder}</bdi> : 'No folder chosen yet'}
      </span>
      <button type="button" className={`btn btn-small ${folder ? '' : 'btn-primary'}`} onClick={() => void choose()}>
        Choose folder…
      </button>
    </div>
  );
}

/** A checkbox whose hint describes it (aria-describedby) without becoming part of its name. */
export function CheckChoice({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={`export-choice ${disabled ? 'is-disabled' : ''}`}>
      <input
        id={id}
        type="checkbox"
        disabled={disabled}
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <span id={`${id}-hint`} className="export-hint">
            {hint}
          </span>
        )}
      </span>
    </div>
  );
}
