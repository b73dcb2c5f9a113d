import { AppError } from '../errors';
import { PageGuard } from './page-guard';

export type Page<T> = { items: T[]; has_more: boolean; page: number | null; total: number | null };

/**
 * Follows `has_more` page by page, under the same PageGuard rules as the sync engine: it stops with an
 * error, rather than looping or quietly returning part of the list, when a page repeats an earlier one,
 * a page claims more but is empty, a page number is not the one asked for, or the cap is reached.
 */
export async function* walkPages<T extends { id: string }>(
  fetchPage: (page: number) => Promise<Page<T>>,
  opts: { maxPages?: number; startPage?: number; signal?: AbortSignal; pageSize?: number } = {},
): AsyncGenerator<Page<T> & { pageNumber: number }> {
  const size = opts.pageSize ?? 100;
  const guard = new PageGuard({ asked: size, ...(opts.maxPages !== undefined ? { maxPages: opts.maxPages } : {}) });
  const start = opts.startPage ?? 1;
  for (let n = start; ; n++) {
    if (opts.signal?.aborted) throw new AppError('aborted', 'Cancelled.');
    const page = await fetchPage(n);
    // The guard counts pages from 1; a walk that starts later is checked as if it had started there.
    guard.check(n - start + 1, { ...page, page: page.page === null ? null : page.page - start + 1 });
    yield { ...page, pageNumber: n };
    if (!page.has_more) return;
    // The cap is reached without reading a page past it.
    if (n - start + 1 >= guard.maxPages) throw guard.tooMany();
  }
}
