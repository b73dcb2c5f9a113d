import { useCallback, useEffect } from 'react';
import type { InterviewRow } from '../../../shared/views';
import { listKey, listQuery, NO_PAGES, PAGE_SIZE, useInterviews, type InterviewFilters } from './store';

/**
 * The interview list of one study as the table needs it, from the interviews store: a new query (filters)
 * replaces the rows when its first page arrives, so the table never blanks while typing.
 */
export function useInterviewPages(workspaceId: string, projectId: string, filters: InterviewFilters) {
  const query = listQuery(workspaceId, projectId, filters);
  const state = useInterviews((s) => s.byKey[listKey(workspaceId, projectId)]) ?? NO_PAGES;
  const open = useInterviews((s) => s.open);
  const setQuery = useInterviews((s) => s.setQuery);
  const ensureRows = useInterviews((s) => s.ensure);
  const retryList = useInterviews((s) => s.retry);
  useEffect(() => open(workspaceId, projectId), [workspaceId, projectId, open]);
  useEffect(() => setQuery(workspaceId, projectId, query), [workspaceId, projectId, query, setQuery]);

  const ensure = useCallback((start: number, end: number) => ensureRows(workspaceId, projectId, start, end), [workspaceId, projectId, ensureRows]);
  const rowAt = (i: number): InterviewRow | undefined => state.pages.get(Math.floor(i / PAGE_SIZE))?.[i % PAGE_SIZE];
  const retry = () => retryList(workspaceId, projectId);
  /** True while a new query's first page is on its way and the previous rows are still shown. */
  const stale = state.query !== query;
  return { ...state, stale, rowAt, ensure, retry };
}
