import { create } from 'zustand';
import type { SearchHitView } from '../../../shared/ipc/channels/search';
import { api, call, UiError } from '../../lib/api';

/** Hits asked for; the palette shows a full page as "60+". */
export const LIMIT = 60;

export type Role = '' | 'User' | 'AI';
export type SearchFilters = { projectId: string; role: Role };
export type Results =
  | { status: 'idle' }
  /** A newer query is on its way: the hits of the last answer stay on screen, marked stale, until it comes. */
  | { status: 'loading'; hits: SearchHitView[] }
  | { status: 'ready'; hits: SearchHitView[]; query: string }
  | { status: 'error'; error: UiError; hits: SearchHitView[] };

export type QuoteMoment = { interview_id: string; start_ms: number | null };

type SearchState = SearchFilters & {
  /** What was typed, and the filters: they survive closing the palette, so reopening it picks up where it was. */
  query: string;
  results: Results;
  /** Counts the answers shown: a new answer resets what the palette keeps per hit (the active one, notes). */
  answers: number;
  setQuery(query: string): void;
  setFilters(filters: Partial<SearchFilters>): void;
  /** A newer query is coming: keep the hits shown, mark them stale, and ignore any answer still in flight. */
  expect(): void;
  /** Nothing to search (or the palette closed): no results, and any answer in flight is ignored. */
  clear(): void;
  /** Runs one query; its answer replaces the results only if no newer query (or clear) came after it. */
  run(workspaceId: string, query: string, filters: SearchFilters): Promise<void>;
  /** The moment a report quote (its text) was taken from, or null when no saved transcript holds it. Throws a UiError. */
  locateQuote(workspaceId: string, projectId: string, quote: string): Promise<QuoteMoment | null>;
};

const hitsOf = (r: Results) => ('hits' in r ? r.hits : []);

export const useSearch = create<SearchState>((set) => {
  /** The newest query (or clear); an answer carrying an older number is stale and dropped. */
  let latest = 0;
  return {
    query: '',
    projectId: '',
    role: '',
    results: { status: 'idle' },
    answers: 0,
    setQuery: (query) => set({ query }),
    setFilters: (filters) => set(filters),
    expect() {
      latest++;
      set((s) => ({ results: { status: 'loading', hits: hitsOf(s.results) } }));
    },
    clear() {
      latest++;
      set({ results: { status: 'idle' } });
    },
    async run(workspaceId, query, { projectId, role }) {
      const mine = ++latest;
      try {
        const hits = await call(
          api().search.query({ workspace_id: workspaceId, query, limit: LIMIT, ...(projectId ? { project_id: projectId } : {}), ...(role ? { role } : {}) }),
        );
        if (mine === latest) set((s) => ({ results: { status: 'ready', hits, query }, answers: s.answers + 1 }));
      } catch (e) {
        if (mine === latest) set({ results: { status: 'error', error: UiError.from(e), hits: [] } });
      }
    },
    async locateQuote(workspaceId, projectId, quote) {
      const at = await call(api().search.locateQuote({ workspace_id: workspaceId, project_id: projectId, quote: quote.slice(0, 2000) }));
      return at && { interview_id: at.interview_id, start_ms: at.start_ms };
    },
  };
});
