import { AppError } from '../errors';

/** At most this many records are read from one list: a hostile `total` or endless `has_more` stops here. */
export const MAX_LISTED_RECORDS = 100_000;

export type GuardedPage = { items: readonly { id: string }[]; has_more: boolean; page: number | null; total: number | null };

/**
 * The one set of rules for walking a paginated list, used by the sync engine and by `walkPages`. It
 * decides everything from the pages themselves, never from what the service claims up front, so nothing
 * is allocated from a `total` of a billion:
 * - the page size is what the first full page held, whatever `limit` was asked or answered;
 * - the walk stops, with an error saying so, on a page number other than asked, an empty page that
 *   claims more will follow, a page whose records repeat an earlier page's, or past the record cap.
 * A failure part-way never looks like a complete list.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private size: number | null = null;

  constructor(private readonly o: { asked: number; maxRecords?: number; maxPages?: number }) {}

  /** The most pages this walk may read, from the page size the service really uses. */
  get maxPages(): number {
    const byRecords = Math.max(1, Math.ceil((this.o.maxRecords ?? MAX_LISTED_RECORDS) / Math.max(1, this.size ?? this.o.asked)));
    return Math.min(byRecords, this.o.maxPages ?? Infinity);
  }

  /** The page size the service uses: the first page's item count when it says more follow. */
  get pageSize(): number {
    return this.size ?? this.o.asked;
  }

  /**
   * How many pages the list should have, bounded by `maxPages`. `capped` says the service claimed more
   * records than the cap allows (they are not all read, and the caller says so).
   */
  expectedPages(total: number | null): { pages: number; capped: boolean } {
    if (total === null || !Number.isFinite(total) || total <= 0) return { pages: 1, capped: false };
    const pages = Math.ceil(total / this.pageSize);
    return { pages: Math.min(pages, this.maxPages), capped: pages > this.maxPages };
  }

  /** The error for a list that would not end within the cap. */
  tooMany(): AppError {
    return new AppError('too_many_pages', `Stopped after ${this.maxPages} pages; the service kept saying more would follow, so the list may be incomplete.`);
  }

  /** Checks one page; throws an AppError naming what was wrong. Call it before the page's records are used. */
  check(asked: number, page: GuardedPage): void {
    if (page.page !== null && page.page !== asked) {
      throw new AppError('repeated_page', `The service answered page ${page.page} when page ${asked} was asked for, so the list was not read to the end.`);
    }
    if (page.has_more && page.items.length === 0) {
      throw new AppError('empty_page', `The service sent an empty page ${asked} but said more would follow, so the list was not read to the end.`);
    }
    if (asked > this.maxPages) throw this.tooMany();
    if (asked === 1 && page.has_more) this.size = Math.min(page.items.length, this.o.asked);
    if (page.items.length > 0) {
      const fingerprint = `${page.items.length}:${page.items[0]!.id}:${page.items[page.items.length - 1]!.id}:${page.items.map((i) => i.id).join(',').length}`;
      if (this.seen.has(fingerprint)) {
        throw new AppError('repeated_page', `The service sent page ${asked} with the same records as an earlier page, so the list was not read to the end.`);
      }
      this.seen.add(fingerprint);
    }
  }
}
