import { ErrorNote } from '../../components/ErrorNote';
import { SearchHit } from './SearchHit';
import type { useHitList } from './use-hit-list';
import type { useSearchResults } from './use-search-results';

/** What the palette shows under the filters: a hint, an error, "no matches", or the hits (marked stale while a newer query runs). */
export function SearchResults({
  workspaceName,
  search,
  list,
  listId,
  optionId,
  onClose,
}: {
  workspaceName: string;
  search: ReturnType<typeof useSearchResults>;
  list: ReturnType<typeof useHitList>;
  listId: string;
  optionId: (i: number) => string;
  onClose: () => void;
}) {
  const { results, hits, projectId, role } = search;
  return (
    <div className="search-results">
      {results.status === 'idle' && (
        <div className="search-empty">
          <p>
            Search the words people said across every saved interview, the report quotes, and your highlights with their codes and notes, in {workspaceName}.
          </p>
          <p className="muted">It reads the data saved on this computer, so it works offline. Use "quotes" for an exact phrase.</p>
        </div>
      )}
      {results.status === 'error' && <ErrorNote error={results.error} />}
      {results.status === 'ready' && hits.length === 0 && (
        <div className="search-empty">
          <p>
            No matches for <strong>“{results.query}”</strong>
            {projectId || role ? ' with these filters' : ''}.
          </p>
          <p className="muted">
            Try fewer or shorter words{projectId || role ? ', or clear the filters' : ''}. Only interviews synced to this computer are searched.
          </p>
        </div>
      )}
      {hits.length > 0 && (
        <ul ref={list.listRef} id={listId} role="listbox" aria-label="Results" className={`search-list ${results.status === 'loading' ? 'is-stale' : ''}`}>
          {list.rows.map((row, r) => (
            <SearchHit
              key={`${row.hit.kind}-${row.hitIndex}-${row.asked?.interview_id ?? ''}`}
              hit={row.hit}
              asked={row.asked}
              expanded={list.expanded.has(row.hitIndex)}
              askedList={row.asked ? undefined : list.asked[row.hitIndex]}
              index={r}
              id={optionId(r)}
              active={r === list.active}
              opening={!row.asked && list.opening === row.hitIndex}
              note={row.asked ? undefined : list.notes[row.hitIndex]}
              onActivate={() => list.setActive(r)}
              onOpen={() => void list.open(r)}
              onClose={onClose}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
