import type { RefObject } from 'react';
import { useSearch } from './store';

/** The query field (a combobox over the results listbox) and the close button. */
export function SearchBox({
  inputRef,
  query,
  expanded,
  listId,
  activeId,
  onClose,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  expanded: boolean;
  listId: string;
  activeId: string | undefined;
  onClose: () => void;
}) {
  const setQuery = useSearch((s) => s.setQuery);
  return (
    <div className="search-box">
      <span className="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        ref={inputRef}
        className="search-input"
        // Not type=search: Chromium spends Escape on clearing such a field, and Escape must close the palette.
        type="text"
        role="combobox"
        aria-label="Search transcripts, report quotes and highlights"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-autocomplete="list"
        placeholder="Search transcripts, report quotes and your highlights…"
        value={query}
        maxLength={500}
        onChange={(e) => setQuery(e.target.value)}
      />
      <button type="button" className="btn btn-ghost btn-small" aria-label="Close" title="Close (Esc)" onClick={onClose}>
        <kbd className="kbd">Esc</kbd>
      </button>
    </div>
  );
}
