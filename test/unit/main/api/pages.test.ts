import { describe, expect, it } from 'vitest';
import { MAX_LISTED_RECORDS, PageGuard } from '../../../../src/main/api/page-guard';
import { walkPages, type Page } from '../../../../src/main/api/pages';
import { ServiceError } from '../../../../src/main/api/errors';
import { failure } from '../../../support/sandbox';

const page = (n: number, ids: string[], has_more: boolean): Page<{ id: string }> => ({ items: ids.map((id) => ({ id })), has_more, page: n, total: null });

async function collect(gen: AsyncGenerator<Page<{ id: string }>>) {
  const got: string[] = [];
  for await (const p of gen) got.push(...p.items.map((i) => i.id));
  return got;
}

describe('walkPages', () => {
  it('follows has_more to the end', async () => {
    expect(await collect(walkPages(async (n) => page(n, [`a${n}`, `b${n}`], n < 3)))).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  });

  it('stops at the page cap with an error instead of looping forever', async () => {
    let calls = 0;
    const err = await failure(collect(walkPages(async (n) => (calls++, page(n, [`x${n}`], true)), { maxPages: 25 })));
    expect(err.code).toBe('too_many_pages');
    expect(calls).toBe(25);
  });

  it('detects a page that repeats the previous one', async () => {
    expect((await failure(collect(walkPages(async (n) => page(n, ['same'], n < 5))))).code).toBe('repeated_page');
  });

  it('detects a service answering the wrong page number', async () => {
    expect(await failure(collect(walkPages(async () => page(1, ['x'], true))))).toMatchObject({ code: 'repeated_page' });
  });

  it('an empty page that promises more is an error', async () => {
    expect((await failure(collect(walkPages(async (n) => page(n, [], true))))).code).toBe('empty_page');
  });

  it('a failure on page 3 propagates after pages 1 and 2 were yielded: never a silently short list', async () => {
    const got: string[] = [];
    const err = await failure(
      (async () => {
        for await (const p of walkPages(async (n) => {
          if (n === 3) throw new ServiceError(500, 'service_error', 'boom');
          return page(n, [`p${n}`], true);
        }))
          got.push(...p.items.map((i) => i.id));
      })(),
    );
    expect(err.code).toBe('service_error');
    expect(got).toEqual(['p1', 'p2']);
  });
});

describe('PageGuard (the rules walkPages and the sync engine share)', () => {
  const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));

  it('bounds the pages a list may have by the record cap, whatever total the service claims', () => {
    const guard = new PageGuard({ asked: 100 });
    guard.check(1, { items: ids(0, 100), has_more: true, page: 1, total: 1e9 });
    expect(guard.expectedPages(1e9)).toEqual({ pages: MAX_LISTED_RECORDS / 100, capped: true });
    expect(guard.expectedPages(250)).toEqual({ pages: 3, capped: false });
    expect(guard.expectedPages(null)).toEqual({ pages: 1, capped: false });
    expect(guard.expectedPages(Number.NaN)).toEqual({ pages: 1, capped: false });
  });

  it('takes the page size from the first page, not from the limit asked or answered', () => {
    const guard = new PageGuard({ asked: 100 });
    guard.check(1, { items: ids(0, 20), has_more: true, page: 1, total: 95 });
    expect(guard.pageSize).toBe(20);
    expect(guard.expectedPages(95)).toEqual({ pages: 5, capped: false });
    expect(guard.maxPages).toBe(MAX_LISTED_RECORDS / 20);
  });

  it('refuses a page that repeats any earlier page, not only the one before', () => {
    const guard = new PageGuard({ asked: 2 });
    guard.check(1, { items: ids(0, 2), has_more: true, page: 1, total: 6 });
    guard.check(2, { items: ids(2, 2), has_more: true, page: 2, total: 6 });
    expect(() => guard.check(3, { items: ids(0, 2), has_more: false, page: 3, total: 6 })).toThrow(expect.objectContaining({ code: 'repeated_page' }));
  });

  it('a list shifted by one new record is not a repeat', () => {
    const guard = new PageGuard({ asked: 2 });
    guard.check(1, { items: ids(0, 2), has_more: true, page: 1, total: 5 });
    expect(() => guard.check(2, { items: ids(1, 2), has_more: true, page: 2, total: 5 })).not.toThrow();
  });

  it('refuses a page past the cap', () => {
    const guard = new PageGuard({ asked: 10, maxRecords: 30 });
    guard.check(1, { items: ids(0, 10), has_more: true, page: 1, total: null });
    expect(guard.maxPages).toBe(3);
    expect(() => guard.check(4, { items: ids(30, 10), has_more: true, page: 4, total: null })).toThrow(expect.objectContaining({ code: 'too_many_pages' }));
  });
});
