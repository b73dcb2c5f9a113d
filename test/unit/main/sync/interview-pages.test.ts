// The page walks of one sync run, on their own: a SyncRun over a fake client and an in-memory cache.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/main/api/client';
import type { Cache } from '../../../../src/main/cache/cache';
import { silentLogger } from '../../../../src/main/logging/logger';
import { readAllPages, readTailOnly } from '../../../../src/main/sync/interview-pages';
import { SyncRun } from '../../../../src/main/sync/run-context';
import type { InterviewRecord, InterviewsPage, InterviewsQuery } from '../../../../src/shared/schemas/interview';
import { memoryCache } from '../../../support/workspace';

const PROJECT = 'a1b2c3d4-0000-4000-8000-000000000002';
const rec = (n: number, status: InterviewRecord['status'] = 'COMPLETE'): InterviewRecord => ({
  id: `rec-${String(n).padStart(7, '0')}`,
  status,
  completed_at: status === 'COMPLETE' ? new Date(Date.UTC(2026, 10, 1) - n * 60_000).toISOString() : null,
  duration_minutes: 10,
  video_url: null,
  video_url_expires_at: null,
  thumbnail_url: null,
  participant: { name: `P${n}`, email: null, fields: {} },
  transcript: [],
  screener: null,
});

let cache: Cache | null = null;
afterEach(async () => {
  await cache?.close();
  cache = null;
});

/** A run over `records`, paged as asked (or at `served` per page); every page asked for is logged. */
async function setup(records: InterviewRecord[], o: { served?: number; pageSize?: number } = {}) {
  cache = await memoryCache();
  const asked: number[] = [];
  const client = {
    listInterviews: async (_p: string, q: InterviewsQuery = {}): Promise<InterviewsPage> => {
      const page = q.page ?? 1;
      asked.push(page);
      const size = o.served ?? q.limit ?? 20;
      const items = records.slice((page - 1) * size, page * size);
      return { items, total: records.length, page, limit: size, has_more: page * size < records.length, rejected: 0 };
    },
  } as unknown as ApiClient;
  const run = new SyncRun({ client, cache, log: silentLogger, pageSize: o.pageSize ?? 10, concurrency: 2 }, undefined);
  return { run, asked, cache };
}

describe('readAllPages', () => {
  it('reads every page once, counts each request and record, and gives the total from page 1', async () => {
    const records = Array.from({ length: 45 }, (_, i) => rec(i));
    const { run, asked } = await setup(records);
    const totals: number[] = [];
    const got: string[] = [];
    await readAllPages(run, PROJECT, { full: false, onTotal: (t) => totals.push(t), onPage: async (p) => void got.push(...p.items.map((i) => i.id)) });
    expect(asked.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(run.requests).toBe(5);
    expect(run.seen).toBe(45);
    expect(totals).toEqual([45]);
    expect(new Set(got).size).toBe(45);
  });

  it('a service serving smaller pages than asked is read to the end by its own size', async () => {
    const { run, asked } = await setup(
      Array.from({ length: 12 }, (_, i) => rec(i)),
      { served: 4 },
    );
    await readAllPages(run, PROJECT, { full: false, onTotal: () => undefined, onPage: async () => undefined });
    expect(asked.sort((a, b) => a - b)).toEqual([1, 2, 3]);
    expect(run.seen).toBe(12);
  });
});

describe('readTailOnly', () => {
  it('falls back (false) when page 1 changed, and leaves the tallies as if it had not counted page 1', async () => {
    const { run } = await setup(Array.from({ length: 25 }, (_, i) => rec(i)));
    run.progress.done = 0;
    const ok = await readTailOnly(
      run,
      PROJECT,
      25,
      () => undefined,
      async (p) => {
        run.progress.done += p.items.length;
        return { changed: ['rec-0000001'] };
      },
    );
    expect(ok).toBe(false);
    expect(run.seen).toBe(0);
    expect(run.progress.done).toBe(0);
  });

  it('falls back when the total moved, and when an unfinished record sits on a first page that is not the last', async () => {
    const moved = await setup(Array.from({ length: 25 }, (_, i) => rec(i)));
    expect(
      await readTailOnly(
        moved.run,
        PROJECT,
        24,
        () => undefined,
        async () => ({ changed: [] }),
      ),
    ).toBe(false);
    await moved.cache.close();
    const open = await setup([rec(0), rec(1, 'STARTED'), ...Array.from({ length: 20 }, (_, i) => rec(i + 2))]);
    expect(
      await readTailOnly(
        open.run,
        PROJECT,
        22,
        () => undefined,
        async () => ({ changed: [] }),
      ),
    ).toBe(false);
    expect(open.asked).toEqual([1]);
  });

  it('with page 1 unchanged and everything finished, reads only the tail pages', async () => {
    const { run, asked } = await setup(Array.from({ length: 35 }, (_, i) => rec(i)));
    expect(
      await readTailOnly(
        run,
        PROJECT,
        35,
        () => undefined,
        async () => ({ changed: [] }),
      ),
    ).toBe(true);
    // Nothing unfinished in the (empty) cache: the tail is the last page.
    expect(asked).toEqual([1, 4]);
  });

  it('uses page 1 asked for at the start of the run, and asks again when that request failed', async () => {
    const { run, asked } = await setup(Array.from({ length: 5 }, (_, i) => rec(i)));
    run.firstPages.set(PROJECT, Promise.reject(new Error('reset')));
    expect(
      await readTailOnly(
        run,
        PROJECT,
        5,
        () => undefined,
        async () => ({ changed: [] }),
      ),
    ).toBe(true);
    expect(asked).toEqual([1]);
    expect(run.firstPages.has(PROJECT)).toBe(false);
  });
});
