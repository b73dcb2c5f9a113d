import { AppError } from '../errors';

export type Page<T> = { items: T[]; has_more: boolean; page: number | null; total: number | null };

/**
 * Follows `has_more` page by page. Stops with an error, rather than looping or quietly returning
 * part of the list, when a page repeats the previous one, a page claims more but is empty, or the
 * page cap is reached; a failure part-way never looks like a complete list.
 */
export async function* walkPages<T extends { id: string }>(
  fetchPage: (page: number) => Promise<Page<T>>,
  opts: { maxPages?: number; startPage?: number; signal?: AbortSignal } = {},
): AsyncGenerator<Page<T> & { pageNumber: number }> {
  const maxPages = opts.maxPages ?? 10_000;
  let previous: string | null = null;
  for (let n = opts.startPage ?? 1; ; n++) {
    if (opts.signal?.aborted) throw new AppError('aborted', 'Cancelled.');
    const page = await fetchPage(n);
    const fingerprint = page.items.map((i) => i.id).join(',');
    if (page.items.length > 0 && fingerprint === previous) {
      throw new AppError('repeated_page', `The service sent page ${n} with the same records as page ${n - 1}, so the list was not read to the end.`);
    }
    if (page.page !== null && page.page !== n) {
      throw new AppError('repeated_page', `The service answered page ${page.page} when page ${n} was asked for, so the list was not read to the end.`);
    }
    if (page.has_more && page.items.length === 0) {
      throw new AppError('empty_page', `The service sent an empty page ${n} but said more would follow, so the list was not read to the end.`);
    }
    previous = fingerprint;
    yield { ...page, pageNumber: n };
    if (!page.has_more) return;
    if (n - (opts.startPage ?? 1) + 1 >= maxPages) {
      throw new AppError('too_many_pages', `Stopped after ${maxPages} pages; the list may be incomplete.`);
    }
  }
}
