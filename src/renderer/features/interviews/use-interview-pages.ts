import { useCallback, useEffect, useRef, useState } from 'react';
import type { InterviewRow } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';

export const PAGE_SIZE = 100;

export type InterviewFilters = { status: '' | 'STARTED' | 'INCOMPLETE' | 'COMPLETE'; screener: '' | 'passed' | 'failed' | 'none'; text: string };

type PagesState = { query: string | null; status: 'loading' | 'ready' | 'error'; total: number; pages: Map<number, InterviewRow[]>; error: UiError | null };

/**
 * The interview list, read from the cache a page at a time as the table scrolls: the renderer never
 * holds more than the pages someone looked at. A new query (filters) replaces the rows when its first
 * page arrives, so the table never blanks while typing; `reloadKey` re-reads the pages already shown
 * (a sync finished, a video landed).
 */
export function useInterviewPages(workspaceId: string, projectId: string, filters: InterviewFilters, reloadKey: number) {
  const query = JSON.stringify([workspaceId, projectId, filters.status, filters.screener, filters.text.trim()]);
  const [state, setState] = useState<PagesState>({ query: null, status: 'loading', total: 0, pages: new Map(), error: null });
  const inFlight = useRef(new Set<number>());
  const current = useRef(query);

  const fetchPage = useCallback(async (page: number, q: string) => {
    inFlight.current.add(page);
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
      if (current.current !== q) return;
      setState((s) => {
        const pages = s.query === q ? new Map(s.pages) : new Map<number, InterviewRow[]>();
        pages.set(page, res.items);
        return { query: q, status: 'ready', total: res.total, pages, error: null };
      });
    } catch (e) {
      if (current.current !== q) return;
      setState((s) =>
        s.query === q && s.pages.size ? { ...s, error: UiError.from(e) } : { query: q, status: 'error', total: 0, pages: new Map(), error: UiError.from(e) },
      );
    } finally {
      if (current.current === q) inFlight.current.delete(page);
    }
  }, []);

  useEffect(() => {
    current.current = query;
    inFlight.current = new Set();
    void fetchPage(0, query);
  }, [query, fetchPage]);

  // Pages of an older query do not count as loaded for the current one.
  const loaded = useRef(state.pages);
  loaded.current = state.query === query ? state.pages : new Map();
  useEffect(() => {
    if (reloadKey === 0) return;
    for (const page of loaded.current.keys()) void fetchPage(page, current.current);
  }, [reloadKey, fetchPage]);

  /** Makes sure the pages covering rows [start, end) are loaded or on their way. */
  const ensure = useCallback(
    (start: number, end: number) => {
      if (end <= start) return;
      for (let p = Math.floor(start / PAGE_SIZE); p <= Math.floor((end - 1) / PAGE_SIZE); p++) {
        if (!loaded.current.has(p) && !inFlight.current.has(p)) void fetchPage(p, current.current);
      }
    },
    [fetchPage],
  );

  const rowAt = (i: number): InterviewRow | undefined => state.pages.get(Math.floor(i / PAGE_SIZE))?.[i % PAGE_SIZE];
  const retry = () => void fetchPage(0, current.current);
  /** True while a new query's first page is on its way and the previous rows are still shown. */
  const stale = state.query !== query;
  return { ...state, stale, rowAt, ensure, retry };
}
