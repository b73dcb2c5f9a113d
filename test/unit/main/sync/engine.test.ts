// The sync engine's branches against a fake client: hostile pagination, side reads that fail every way,
// and no rejection left unhandled. The fake answers as the transport would (parsed values or ServiceErrors).
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/main/api/client';
import { ServiceError } from '../../../../src/main/api/errors';
import type { Cache } from '../../../../src/main/cache/cache';
import { silentLogger } from '../../../../src/main/logging/logger';
import { SyncEngine } from '../../../../src/main/sync/engine';
import type { InterviewRecord, InterviewsPage, InterviewsQuery } from '../../../../src/shared/schemas/interview';
import type { ProjectListItem } from '../../../../src/shared/schemas/project';
import { memoryCache } from '../../../support/workspace';

const PROJECT = 'a1b2c3d4-0000-4000-8000-000000000001';

const project = (over: Partial<ProjectListItem> = {}): ProjectListItem =>
  ({
    id: PROJECT,
    title: 'Churn',
    status: 'IN_PROGRESS',
    created_at: '2026-10-01T00:00:00Z',
    recruiting: { completed_participants: 3, has_launched: true, target_participants: 10, type: 'INTERNAL' },
    ...over,
  }) as ProjectListItem;

const record = (n: number, over: Partial<InterviewRecord> = {}): InterviewRecord => ({
  id: `rec-${String(n).padStart(7, '0')}`,
  status: 'COMPLETE',
  completed_at: new Date(Date.UTC(2026, 10, 1) - n * 60_000).toISOString(),
  duration_minutes: 10,
  video_url: null,
  video_url_expires_at: null,
  thumbnail_url: null,
  participant: { name: `P${n}`, email: null, fields: {} },
  transcript: [{ index: 0, role: 'User', text: 'hello', start_ms: 0, end_ms: 1000 }],
  screener: null,
  ...over,
});

type Pager = (q: InterviewsQuery) => Omit<InterviewsPage, 'rejected'> | Promise<Omit<InterviewsPage, 'rejected'>>;

/** A client whose every call is scripted; anything not given answers like a quiet, empty service. */
function fakeClient(o: {
  pages: Pager;
  projects?: ProjectListItem[];
  side?: Partial<Record<'embed' | 'allow' | 'stimuli' | 'report' | 'credits', () => Promise<unknown>>>;
}): ApiClient {
  const side = o.side ?? {};
  const none = (status: number) => () => Promise.reject(new ServiceError(status, 'not_found', 'Nothing here.'));
  return {
    listProjects: async () => o.projects ?? [project()],
    listProjectsChecked: async () => ({ items: o.projects ?? [project()], rejected: 0 }),
    getCredits: side.credits ?? (async () => ({ balance: '$10.00', trial_credits: 0 })),
    getEmbed: side.embed ?? none(409),
    getAllowList: side.allow ?? (async () => ({ project_id: PROJECT, allowed_urls: [] })),
    listStimuli: side.stimuli ?? none(404),
    getReport: side.report ?? none(404),
    listInterviews: async (_p: string, q: InterviewsQuery = {}) => ({ rejected: 0, ...(await o.pages(q)) }),
  } as unknown as ApiClient;
}

/** A well-behaved list of `n` records, paged as asked. */
/** Answers at once (not a promise), so a test can build a dishonest page from an honest one. */
const honest =
  (records: InterviewRecord[]) =>
  (q: InterviewsQuery): Omit<InterviewsPage, 'rejected'> => {
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const only = q.interview_id ? records.filter((r) => r.id === q.interview_id) : records;
    const items = only.slice((page - 1) * limit, page * limit);
    return { items, total: only.length, page, limit, has_more: page * limit < only.length };
  };

let cache: Cache | null = null;
afterEach(async () => {
  await cache?.close();
  cache = null;
});

async function run(client: ApiClient, pageSize = 10) {
  cache ??= await memoryCache();
  const engine = new SyncEngine({ client, cache, log: silentLogger, pageSize, concurrency: 4 });
  return { result: await engine.run(), cache };
}

describe('sync engine: pagination a hostile or broken service sends', () => {
  it('a total of a billion and a has_more that never ends: bounded work, flat memory, an issue, and what was read is kept', async () => {
    let calls = 0;
    const before = process.memoryUsage().heapUsed;
    const { result, cache } = await run(
      fakeClient({
        // Every page is new records, forever.
        pages: (q) => {
          calls++;
          const page = q.page ?? 1;
          return {
            items: Array.from({ length: 10 }, (_, i) => record(page * 10 + i, { transcript: [] })),
            total: 1_000_000_000,
            page,
            limit: 10,
            has_more: true,
          };
        },
      }),
      10,
    );
    const grown = process.memoryUsage().heapUsed - before;
    expect(result.issues.map((i) => i.code)).toEqual(['too_many_records']);
    expect(result.issues[0]!.message).toMatch(/1000000000 interviews; Fieldwork reads at most 100000/);
    expect(calls).toBeLessThanOrEqual(10_000);
    expect(await cache.call('interviews.count', {})).toBe(calls * 10);
    expect(grown).toBeLessThan(200 * 1024 * 1024);
    // The study is not marked as read to the end.
    expect((await cache.call('sync.state', { scope: `walk:${PROJECT}` }))?.last_completed_at ?? null).toBeNull();
  }, 60_000);

  it('a page that repeats an earlier one stops the walk with an issue; other pages are kept', async () => {
    const records = Array.from({ length: 45 }, (_, i) => record(i));
    const { result, cache } = await run(fakeClient({ pages: (q) => (q.page === 4 ? { ...honest(records)({ ...q, page: 2 }), page: 4 } : honest(records)(q)) }));
    expect(result.issues).toEqual([expect.objectContaining({ project_id: PROJECT, code: 'repeated_page' })]);
    expect(await cache.call('interviews.count', {})).toBeGreaterThanOrEqual(30);
  });

  it('an empty page that says more follow is an issue, not an endless loop', async () => {
    const { result } = await run(
      fakeClient({
        pages: (q) =>
          q.page === 1
            ? { ...honest([record(1), record(2)])(q), has_more: true, total: null }
            : { items: [], total: null, page: q.page ?? 1, limit: 10, has_more: true },
      }),
    );
    expect(result.issues.map((i) => i.code)).toEqual(['empty_page']);
  });

  it('a service answering another page size than asked is read to the end all the same', async () => {
    const records = Array.from({ length: 23 }, (_, i) => record(i));
    // Asked for 10 a page, it answers 4 a page and says limit 4.
    const { result, cache } = await run(fakeClient({ pages: (q) => honest(records)({ ...q, limit: 4 }) }), 10);
    expect(result.issues).toEqual([]);
    expect(await cache.call('interviews.count', {})).toBe(23);
  });
});

describe('sync engine: side reads', () => {
  const statuses: [string, () => Promise<unknown>][] = [
    ['204 no content', () => Promise.reject(new ServiceError(204, 'empty_response', 'The service answered with no content.'))],
    ['404', () => Promise.reject(new ServiceError(404, 'not_found', 'No such thing.'))],
    ['409', () => Promise.reject(new ServiceError(409, 'conflict', 'Not launched.'))],
    ['422', () => Promise.reject(new ServiceError(422, 'unprocessable', 'Nope.'))],
    ['an odd shape', () => Promise.reject(new ServiceError(200, 'invalid_response', 'The service sent data in a shape Fieldwork does not understand.'))],
    ['500 after retries', () => Promise.reject(new ServiceError(500, 'service_error', 'Internal error.'))],
    ['a network failure', () => Promise.reject(new ServiceError(0, 'network_error', 'Unreachable.'))],
  ];

  it.each(statuses)('every side read answering %s: interviews still sync, the study records its completion, reasons are stored', async (_name, fail) => {
    const records = [record(1), record(2), record(3)];
    const { result, cache } = await run(fakeClient({ pages: honest(records), side: { embed: fail, allow: fail, stimuli: fail, report: fail, credits: fail } }));
    expect(await cache.call('interviews.count', {})).toBe(3);
    const state = await cache.call('sync.state', { scope: `project:${PROJECT}` });
    expect(state?.last_completed_at).not.toBeNull();
    expect(state?.last_error ?? null).toBeNull();
    const gaps = await cache.call('sideReads.gaps', { projectId: PROJECT });
    expect(Object.keys(gaps).sort()).toEqual(['allow_list', 'embed', 'report', 'stimuli']);
    expect(Object.keys(await cache.call('sideReads.gaps', { projectId: null }))).toEqual(['credits']);
    // Refusals are states, not failures; a failure is reported, once per side read.
    const failures = result.issues.filter((i) => i.code === 'side_read_failed');
    expect(failures.length === 0 || failures.length === 5).toBe(true);
  });

  it('newly completed interviews are still counted when every side read fails', async () => {
    const records = [record(1), record(2)];
    const fail = () => Promise.reject(new ServiceError(500, 'service_error', 'Down.'));
    const client = fakeClient({ pages: honest(records), side: { embed: fail, allow: fail, stimuli: fail, report: fail } });
    await run(client);
    records.unshift(record(0));
    const { result } = await run(client);
    expect(result.new_complete).toEqual([{ project_id: PROJECT, interview_ids: [record(0).id] }]);
  });

  it('a report answer with no report in it ("no report yet") is not kept as a report', async () => {
    const { cache } = await run(
      fakeClient({
        pages: honest([record(1)]),
        side: {
          report: async () => ({
            report_id: null,
            project_id: null,
            status: 'unknown',
            generated_at: null,
            interviews_analysed: null,
            summary: null,
            themes: [],
          }),
        },
      }),
    );
    expect(await cache.call('reports.get', { projectId: PROJECT })).toBeNull();
    expect((await cache.call('sideReads.gaps', { projectId: PROJECT })).report).toMatch(/no report for this study yet/);
  });

  it('a side read that rejects while the interview walk fails cannot become an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    // eslint-disable-next-line no-restricted-syntax -- removed again in the finally below, within this test
    process.on('unhandledRejection', onUnhandled);
    try {
      let rejectReport!: (e: unknown) => void;
      const report = () => new Promise((_, reject) => (rejectReport = reject));
      const { result } = await run(
        fakeClient({
          pages: () => {
            // The walk fails first; the report read rejects only afterwards.
            setImmediate(() => rejectReport(new ServiceError(500, 'service_error', 'Late failure.')));
            throw new ServiceError(503, 'unavailable', 'Interviews are down.');
          },
          side: { report },
        }),
      );
      expect(result.issues.map((i) => i.code)).toContain('unavailable');
      // Give a stray rejection every chance to surface.
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('reads stimuli for a study whose list item has no type', async () => {
    let asked = 0;
    const stimuli = async () => {
      asked++;
      return { items: [], total: 0 };
    };
    await run(fakeClient({ projects: [project({ type: undefined } as Partial<ProjectListItem>)], pages: honest([record(1)]), side: { stimuli } }));
    expect(asked).toBe(1);
  });
});

describe('sync engine: the cheap re-sync and records sorted in another order', () => {
  it('an unfinished record with a completed_at, sorted among finished ones on a middle page, is caught when it completes', async () => {
    const records = Array.from({ length: 35 }, (_, i) => record(i));
    records[15] = record(15, { status: 'STARTED', transcript: [] });
    const client = fakeClient({ pages: honest(records) });
    await run(client);
    // It finishes: same place in the order, page 1 and the total unchanged.
    records[15] = record(15, { status: 'COMPLETE' });
    const { result, cache } = await run(client);
    expect((await cache.call('interviews.get', { id: record(15).id }))?.status).toBe('COMPLETE');
    expect(result.new_complete).toEqual([{ project_id: PROJECT, interview_ids: [record(15).id] }]);
  });
});

describe('sync engine: hostile open maps', () => {
  it('an interview whose participant field is 100,000 levels deep and 10 MB long still syncs, shortened, and the study reports it', async () => {
    let v: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) v = { next: v };
    const { interviewRecord } = await import('../../../../src/shared/schemas/interview');
    const hostile = interviewRecord.parse({
      id: 'rec-hostile',
      status: 'COMPLETE',
      participant: { name: 'Ana', history: v, essay: 'z'.repeat(10 * 1024 * 1024) },
      transcript: [],
    });
    const { result, cache } = await run(fakeClient({ pages: honest([record(1), hostile]) }));
    expect(await cache.call('interviews.count', {})).toBe(2);
    expect((await cache.call('interviews.get', { id: 'rec-hostile' }))?.participant?.name).toBe('Ana');
    expect(result.issues).toEqual([
      expect.objectContaining({ code: 'values_cut', message: expect.stringMatching(/^1 interview had participant or screener values too large/) }),
    ]);
  });
});

describe('sync engine: the service out of reach', () => {
  const unreachable = new ServiceError(0, 'network_error', "Fieldwork can't reach the service at svc.example. Check your connection and try again.");

  it('a first sync with nothing saved does not claim saved data', async () => {
    const client = { ...fakeClient({ pages: honest([]) }), listProjectsChecked: () => Promise.reject(unreachable) } as unknown as ApiClient;
    const err = await run(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).message).toBe("Fieldwork can't reach the service at svc.example. Check your connection and try again.");
  });

  it('once something is saved, it says the saved data is still there', async () => {
    await run(fakeClient({ pages: honest([record(1)]) }));
    const client = { ...fakeClient({ pages: honest([]) }), listProjectsChecked: () => Promise.reject(unreachable) } as unknown as ApiClient;
    const err = (await run(client).catch((e: unknown) => e)) as ServiceError;
    expect(err.code).toBe('network_error');
    expect(err.message).toBe("Fieldwork can't reach the service at svc.example. Check your connection. Your saved data is still available.");
  });
});
