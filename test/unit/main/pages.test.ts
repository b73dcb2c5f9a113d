import { describe, expect, it } from 'vitest';
import { walkPages, type Page } from '../../../src/main/api/pages';
import { ServiceError } from '../../../src/main/api/errors';
import { failure } from '../../support/sandbox';

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
    expect((await failure(collect(walkPages(async () => page(1, ['x'], true)))))).toMatchObject({ code: 'repeated_page' });
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
