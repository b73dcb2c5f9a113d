import { create } from 'zustand';
import type { AskedIn, SearchHitView } from '../../../shared/ipc/channels/search';
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

/** Every interview that asked an expanded question, as main lists them: a hit carries only the first page. */
export type AskedList = { status: 'loading' } | { status: 'ready'; asked_in: AskedIn[] } | { status: 'error'; error: UiError };

/** Interviews asked for at a time when listing all of a question's: a guide question's thousands take a few pages. */
export const ASKED_FETCH = 2000;

type SearchState = SearchFilters & {
  /** What was typed, and the filters: they survive closing the palette, so reopening it picks up where it was. */
  query: string;
  results: Results;
  /** Counts the answers shown: a new answer resets what the palette keeps per hit (the active one, notes, asked lists). */
  answers: number;
  /** The full lists of the expanded questions of the answer shown, by the hit's index. */
  asked: Record<number, AskedList>;
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
  /**
   * Lists every interview that asked the question of hit `hitIndex` (in `asked`), when its first page is
   * not all of them: once, page by page; dropped if a newer answer came meanwhile.
   */
  listAskedIn(workspaceId: string, hitIndex: number, hit: SearchHitView): Promise<void>;
};

const hitsOf = (r: Results) => ('hits' in r ? r.hits : []);

export const useSearch = create<SearchState>((set, get) => {
  /** The newest query (or clear); an answer carrying an older number is stale and dropped. */
  let latest = 0;
  return {
    query: '',
    projectId: '',
    role: '',
    results: { status: 'idle' },
    answers: 0,
    asked: {},
    setQuery: (query) => set({ query }),
    setFilters: (filters) => set(filters),
    expect() {
      latest++;
      set((s) => ({ results: { status: 'loading', hits: hitsOf(s.results) } }));
    },
    clear() {
      latest++;
      set({ results: { status: 'idle' }, asked: {} });
    },
    async run(workspaceId, query, { projectId, role }) {
      const mine = ++latest;
      try {
        const hits = await call(
          api().search.query({ workspace_id: workspaceId, query, limit: LIMIT, ...(projectId ? { project_id: projectId } : {}), ...(role ? { role } : {}) }),
        );
        if (mine === latest) set((s) => ({ results: { status: 'ready', hits, query }, answers: s.answers + 1, asked: {} }));
      } catch (e) {
        if (mine === latest) set({ results: { status: 'error', error: UiError.from(e), hits: [] } });
      }
    },
    async locateQuote(workspaceId, projectId, quote) {
      const at = await call(api().search.locateQuote({ workspace_id: workspaceId, project_id: projectId, quote: quote.slice(0, 2000) }));
      return at && { interview_id: at.interview_id, start_ms: at.start_ms };
    },
    async listAskedIn(workspaceId, hitIndex, hit) {
      const { question_key, asked_count = 0, asked_in = [] } = hit;
      if (hit.kind !== 'question' || !question_key || asked_in.length >= asked_count) return;
      // Once per answer; after a failure, expanding again tries again.
      const known = get().asked[hitIndex];
      if (known && known.status !== 'error') return;
      const answer = get().answers;
      const put = (list: AskedList) => {
        if (get().answers === answer) set((s) => ({ asked: { ...s.asked, [hitIndex]: list } }));
      };
      put({ status: 'loading' });
      try {
        // From the start, so the list is one consistent reading even if a sync changed it since the search.
        const all: AskedIn[] = [];
        for (;;) {
          const page = await call(
            api().search.askedIn({ workspace_id: workspaceId, project_id: hit.project_id, question_key, offset: all.length, limit: ASKED_FETCH }),
          );
          all.push(...page.asked_in);
          if (page.asked_in.length < ASKED_FETCH || all.length >= page.asked_count) break;
        }
        put({ status: 'ready', asked_in: all });
      } catch (e) {
        put({ status: 'error', error: UiError.from(e) });
      }
    },
  };
});
