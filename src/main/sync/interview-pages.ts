import type { InterviewsPage } from '../../shared/schemas/interview';
import { PageGuard } from '../api/page-guard';
import { AppError } from '../errors';
import type { SyncRun } from './run-context';

type PageSummary = Pick<InterviewsPage, 'has_more' | 'total'>;

/**
 * Reads every page of a project's interviews. Page 1 gives the page size and the total, then the
 * remaining pages are read in parallel (within the shared limit), each written as it arrives, and the
 * walk carries on past the expected last page while `has_more` says so. The PageGuard (the same rules as
 * the API client's sequential `walkPages`) bounds it all from what the pages hold, never from the `total`
 * claimed, so nothing is allocated from a billion: pages are started one at a time as a slot frees up,
 * not listed up front.
 */
export async function readAllPages(
  run: SyncRun,
  projectId: string,
  o: { full: boolean; onTotal: (total: number) => void; onPage: (p: InterviewsPage) => Promise<unknown> },
): Promise<void> {
  const size = run.pageSize;
  const guard = new PageGuard({ asked: size });
  // Two bounds: `limit` caps requests in flight, `held` caps pages in memory (being fetched or waiting
  // for the cache). Fetching goes on while the cache writes, yet pages cannot pile up. Only what the walk
  // needs of a page is kept while it is written, so its records can go once the write has what it needs.
  const fetchAndWrite = (page: number, first = false) =>
    run.held(async (): Promise<PageSummary> => {
      const p = await run.listInterviews(projectId, { page, limit: size, transcripts: o.full, screener: o.full });
      guard.check(page, p);
      run.noteRejected(projectId, p);
      run.seen += p.items.length;
      if (first) o.onTotal(guard.expectedPages(p.total).capped ? guard.maxPages * guard.pageSize : (p.total ?? p.items.length));
      const summary: PageSummary = { has_more: p.has_more, total: p.total };
      await o.onPage(p);
      return summary;
    });
  const first = await fetchAndWrite(1, true);
  if (!first.has_more) return;
  const { pages: expected, capped } = guard.expectedPages(first.total);
  let last: PageSummary = first;
  let failed: unknown = null;
  let next = 2;
  // A sliding window over pages 2..expected: as many workers as pages may be held at once.
  const worker = async () => {
    while (failed === null && next <= expected) {
      const n = next++;
      try {
        const page = await fetchAndWrite(n);
        if (n === expected) last = page;
      } catch (e) {
        failed ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(expected - 1, run.concurrency + 1) }, worker));
  if (failed !== null) throw failed;
  if (capped) {
    // What was read is saved; the study's sync reports the rest instead of claiming a complete list.
    throw new AppError(
      'too_many_records',
      `The service says this study has ${first.total} interviews; Fieldwork reads at most ${guard.maxPages * guard.pageSize} of one list, so some are not saved.`,
    );
  }
  for (let n = expected + 1; last.has_more; n++) {
    if (n > guard.maxPages) throw guard.tooMany();
    last = await fetchAndWrite(n);
  }
}

/**
 * The cheap re-sync. The service lists completed interviews first, newest first, and a completed
 * record does not change; records still in progress come last. So when page 1 is exactly what the
 * cache holds and the total is unchanged, nothing new has completed, and only the tail pages (where
 * in-progress records sit) can hold a change. Returns false, having read only page 1, when that does
 * not hold; the caller then walks every light page. A full walk also runs at least daily, in case a
 * service orders or edits records otherwise.
 */
export async function readTailOnly(
  run: SyncRun,
  projectId: string,
  cached: number,
  onTotal: (total: number) => void,
  onPage: (p: InterviewsPage) => Promise<{ changed: string[] }>,
): Promise<boolean> {
  const size = run.pageSize;
  const prefetched = run.firstPages.get(projectId);
  run.firstPages.delete(projectId);
  const first = (prefetched ? await prefetched.catch(() => null) : null) ?? (await run.listInterviews(projectId, { page: 1, limit: size }));
  run.seen += first.items.length;
  onTotal(first.total ?? first.items.length);
  const changes = await onPage(first);
  // The full walk reads page 1 again; count its records once.
  const fallBack = () => {
    run.progress.done -= first.items.length;
    run.seen -= first.items.length;
    return false;
  };
  // Unreadable records can hide a change: only a full walk can be trusted then.
  if (first.rejected > 0) return fallBack();
  if (changes.changed.length > 0 || first.total !== cached || first.total === null) return fallBack();
  // The tail holds every unfinished record only when the service sorts them last: not when one is on a
  // first page that is not the last, nor when unfinished records carry a completed_at (then they may sort
  // among finished ones, anywhere). Then every light page is read instead.
  const openWithTime = await run.cache.call('interviews.countOpenWithTime', { projectId });
  if (openWithTime > 0 || (first.has_more && first.items.some((i) => i.status !== 'COMPLETE'))) return fallBack();
  const total = first.total;
  // The page size the service really uses (it may answer another limit than asked).
  const pageSize = first.has_more && first.items.length > 0 ? Math.min(first.items.length, size) : size;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const notComplete = await run.cache.call('interviews.countNotComplete', { projectId });
  const tailFrom = Math.max(2, Math.floor((total - notComplete) / pageSize) + 1);
  // The pages skipped count as done for the progress bar.
  run.progress.done += Math.max(0, Math.min(total, (tailFrom - 1) * pageSize) - first.items.length);
  await Promise.all(
    Array.from({ length: Math.max(0, lastPage - tailFrom + 1) }, (_, k) => tailFrom + k).map((n) =>
      // The slot is held while the page is written too, as a tail is a handful of pages.
      run.limit(async () => {
        const page = await run.counted(() => run.client.listInterviews(projectId, { page: n, limit: size }, run.so));
        run.seen += page.items.length;
        await onPage(page);
      }),
    ),
  );
  return true;
}
