import { create } from 'zustand';
import type { InterviewRow } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';
import { trailingLoads } from '../../lib/trailing-load';
import { useDownloads } from './downloads-store';

export const PAGE_SIZE = 100;
/** Rows per read when collecting every matching ID (select all): the channel's largest page. */
const ID_PAGE = 10_000;
/** A burst of landed videos ("download all") is re-read once, this long after the last of them. */
const LANDED_SETTLE_MS = 300;

export type InterviewFilters = { status: '' | 'STARTED' | 'INCOMPLETE' | 'COMPLETE'; screener: '' | 'passed' | 'failed' | 'none'; text: string };

/** One list on screen: the pages of its query read so far (the query is the list and its filters, see listQuery). */
export type InterviewPages = {
  query: string | null;
  status: 'loading' | 'ready' | 'error';
  total: number;
  pages: Map<number, InterviewRow[]>;
  error: UiError | null;
};
export const NO_PAGES: InterviewPages = { query: null, status: 'loading', total: 0, pages: new Map(), error: null };

export const listKey = (workspaceId: string, projectId: string) => `${workspaceId}/${projectId}`;
/** The list and its filters as one comparable value: a page read for another query is never shown. */
export const listQuery = (workspaceId: string, projectId: string, f: InterviewFilters) =>
  JSON.stringify([workspaceId, projectId, f.status, f.screener, f.text.trim()]);

type InterviewsState = {
  /** The interview lists on screen, per `${workspace}/${project}`: only the pages someone scrolled to. */
  byKey: Record<string, InterviewPages>;
  /** Shows a list until the returned function is called, which forgets its pages. */
  open(workspaceId: string, projectId: string): () => void;
  /** New filters: reads the first page of the query; the previous rows stay until it arrives. */
  setQuery(workspaceId: string, projectId: string, query: string): void;
  /** Makes sure the pages covering rows [start, end) are loaded or on their way. */
  ensure(workspaceId: string, projectId: string, start: number, end: number): void;
  retry(workspaceId: string, projectId: string): void;
  /**
   * The IDs of every interview a query matches (all pages, not only those read), for "select all"; null
   * when the read failed (the error is shown on the list).
   */
  matchingIds(query: string): Promise<string[] | null>;
  /** Re-reads the pages shown after each sync of this workspace and after videos land, while the shell shows it. */
  attach(workspaceId: string): () => void;
};

/** What a list on screen is after: the query it shows and the pages of that query on their way. */
type OpenList = { workspaceId: string; query: string | null; inFlight: Set<number> };
const lists = new Map<string, OpenList>();
/** Re-reads of a list: one at a time, a sync during one queueing one more (see trailingLoads). */
const reloads = trailingLoads();

/**
 * Interview lists read from the cache a page at a time as the table scrolls: the renderer never holds
 * more than the pages someone looked at, and forgets them when the list leaves the screen.
 */
export const useInterviews = create<InterviewsState>((set, get) => {
  const patch = (key: string, f: (prev: InterviewPages) => InterviewPages) => set((s) => ({ byKey: { ...s.byKey, [key]: f(s.byKey[key] ?? NO_PAGES) } }));

  async function fetchPage(key: string, page: number): Promise<void> {
    const list = lists.get(key);
    const q = list?.query;
    if (!list || !q) return;
    const flying = list.inFlight;
    flying.add(page);
    // A later query (or the list closing) makes this answer moot.
    const current = () => lists.get(key) === list && list.query === q;
    try {
      const [ws, project, status, screener, text] = JSON.parse(q) as [string, string, InterviewFilters['status'], InterviewFilters['screener'], string];
      const res = await call(
        api().interviews.list({
          workspace_id: ws,
          project_id: project,
          ...(status ? { status } : {}),
          ...(screener ? { screener } : {}),
          ...(text ? { text } : {}),
          limit: PAGE_SIZE,
          offset: page * PAGE_SIZE,
        }),
      );
      if (!current()) return;
      patch(key, (prev) => {
        const pages = prev.query === q ? new Map(prev.pages) : new Map<number, InterviewRow[]>();
        pages.set(page, res.items);
        return { query: q, status: 'ready', total: res.total, pages, error: null };
      });
    } catch (e) {
      if (!current()) return;
      // Rows already shown stay, with the error beside them.
      patch(key, (prev) =>
        prev.query === q && prev.pages.size
          ? { ...prev, error: UiError.from(e) }
          : { query: q, status: 'error', total: 0, pages: new Map(), error: UiError.from(e) },
      );
    } finally {
      flying.delete(page);
    }
  }

  /** The pages of the current query that are shown, or on their way (which may have started before a sync). */
  function shownPages(key: string): number[] {
    const list = lists.get(key);
    const slice = get().byKey[key];
    if (!list?.query) return [];
    const loaded = slice?.query === list.query ? [...slice.pages.keys()] : [];
    return [...new Set([...loaded, ...list.inFlight])];
  }

  function reload(key: string): Promise<void> {
    return reloads.run(key, async () => {
      await Promise.all(shownPages(key).map((page) => fetchPage(key, page)));
    });
  }

  return {
    byKey: {},
    open(workspaceId, projectId) {
      const key = listKey(workspaceId, projectId);
      const list: OpenList = { workspaceId, query: null, inFlight: new Set() };
      lists.set(key, list);
      set((s) => ({ byKey: { ...s.byKey, [key]: NO_PAGES } }));
      return () => {
        if (lists.get(key) !== list) return;
        lists.delete(key);
        set((s) => {
          const { [key]: _gone, ...rest } = s.byKey;
          return { byKey: rest };
        });
      };
    },
    setQuery(workspaceId, projectId, query) {
      const key = listKey(workspaceId, projectId);
      const list = lists.get(key);
      if (!list || list.query === query) return;
      list.query = query;
      list.inFlight = new Set();
      void fetchPage(key, 0);
    },
    ensure(workspaceId, projectId, start, end) {
      const key = listKey(workspaceId, projectId);
      const list = lists.get(key);
      if (!list?.query || end <= start) return;
      const slice = get().byKey[key];
      const loaded = slice?.query === list.query ? slice.pages : NO_PAGES.pages;
      for (let p = Math.floor(start / PAGE_SIZE); p <= Math.floor((end - 1) / PAGE_SIZE); p++) {
        if (!loaded.has(p) && !list.inFlight.has(p)) void fetchPage(key, p);
      }
    },
    async matchingIds(query) {
      const [ws, project, status, screener, text] = JSON.parse(query) as [string, string, InterviewFilters['status'], InterviewFilters['screener'], string];
      const ids: string[] = [];
      const key = listKey(ws, project);
      try {
        for (let offset = 0; ; offset += ID_PAGE) {
          const res = await call(
            api().interviews.list({
              workspace_id: ws,
              project_id: project,
              ...(status ? { status } : {}),
              ...(screener ? { screener } : {}),
              ...(text ? { text } : {}),
              limit: ID_PAGE,
              offset,
            }),
          );
          ids.push(...res.items.map((r) => r.id));
          if (res.items.length < ID_PAGE || ids.length >= res.total) return ids;
        }
      } catch (e) {
        patch(key, (prev) => ({ ...prev, error: UiError.from(e) }));
        return null;
      }
    },
    retry(workspaceId, projectId) {
      void fetchPage(listKey(workspaceId, projectId), 0);
    },
    attach(workspaceId) {
      const reloadShown = () => {
        for (const [key, list] of lists) if (list.workspaceId === workspaceId) void reload(key);
      };
      const offSync = api().events.on('sync.finished', (e) => {
        if (e.workspace_id === workspaceId) reloadShown();
      });
      let settle: ReturnType<typeof setTimeout> | undefined;
      const offLanded = useDownloads.subscribe((s, prev) => {
        if (s.landed === prev.landed) return;
        clearTimeout(settle);
        settle = setTimeout(reloadShown, LANDED_SETTLE_MS);
      });
      return () => {
        offSync();
        offLanded();
        clearTimeout(settle);
      };
    },
  };
});
