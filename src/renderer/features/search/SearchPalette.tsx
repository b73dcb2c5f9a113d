import { useId } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { SearchBox } from './SearchBox';
import { SearchFilters } from './SearchFilters';
import { SearchResults } from './SearchResults';
import { useHitList } from './use-hit-list';
import { usePaletteDialog } from './use-palette-dialog';
import { useSearchResults } from './use-search-results';
import './search.css';

/**
 * Ctrl/Cmd+K: full-text search over every saved transcript turn, report quote and highlight of the workspace. It
 * reads the offline cache only, so it works without a network. Results are a listbox driven from the
 * input (↑/↓ move, Enter opens the moment, Escape closes).
 */
export function SearchPalette({ workspace, onClose }: { workspace: WorkspaceSummary; onClose: () => void }) {
  const { ref, inputRef } = usePaletteDialog();
  const id = useId();
  const search = useSearchResults(workspace.id);
  const list = useHitList({ workspaceId: workspace.id, hits: search.hits, answers: search.answers, inputRef, onClose });

  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-hit-${i}`;
  return (
    <dialog
      ref={ref}
      className="dialog search-palette"
      aria-label="Search"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) onClose();
      }}
      onKeyDown={list.onKeyDown}
    >
      <SearchBox
        inputRef={inputRef}
        query={search.query}
        expanded={list.rows.length > 0}
        listId={listId}
        activeId={list.rows.length ? optionId(list.active) : undefined}
        onClose={onClose}
      />
      <SearchFilters workspaceId={workspace.id} projectId={search.projectId} role={search.role} results={search.results} />
      <SearchResults workspaceName={workspace.name} search={search} list={list} listId={listId} optionId={optionId} onClose={onClose} />
      <footer className="search-foot muted">
        <span>
          <kbd className="kbd">↑</kbd> <kbd className="kbd">↓</kbd> move
        </span>
        <span>
          <kbd className="kbd">Enter</kbd> open at that moment
        </span>
        <span>
          <kbd className="kbd">Esc</kbd> close
        </span>
      </footer>
    </dialog>
  );
}
