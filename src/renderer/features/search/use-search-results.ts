import { useEffect } from 'react';
import { useSearch } from './store';

/** Typing settles for this long before a query runs: one query per pause, not per keystroke. */
const DEBOUNCE_MS = 160;

/**
 * Runs the palette's query (debounced) whenever it or a filter changes, and gives the results. While a
 * newer query waits or runs, the last hits stay, marked stale; closing the palette drops what is in flight.
 */
export function useSearchResults(workspaceId: string) {
  const query = useSearch((s) => s.query);
  const projectId = useSearch((s) => s.projectId);
  const role = useSearch((s) => s.role);
  const results = useSearch((s) => s.results);
  const answers = useSearch((s) => s.answers);
  const { expect, clear, run } = useSearch.getState();

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      clear();
      return;
    }
    expect();
    const h = setTimeout(() => void run(workspaceId, q, { projectId, role }), DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [query, projectId, role, workspaceId, expect, clear, run]);

  // Its own effect, so only closing clears (a new keystroke keeps the stale hits on screen).
  useEffect(() => clear, [clear]);

  return { query, projectId, role, results, answers, hits: 'hits' in results ? results.hits : [] };
}
