import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/main/api/client';
import type { Cache } from '../../src/main/cache/cache';
import { silentLogger } from '../../src/main/logging/logger';
import { SyncEngine } from '../../src/main/sync/engine';
import { isValidId } from '../../src/shared/ids';
import { variantService, type VariantInterview } from '../support/variant-service';
import { memoryCache } from '../support/workspace';

/**
 * The "done when" of trusting the service as it really is: a server that keeps the contract but chooses
 * differently where it says "not shown" loses no interview, gets every time right, and the sync says
 * plainly what it could not read.
 */
const PROJECT = '7d1f2a8e-0b7c-4c57-9a43-5f2a3c1d9e01';

function interview(n: number, over: Partial<VariantInterview> = {}): VariantInterview {
  const id = `0a5e${String(n).padStart(4, '0')}-1111-4222-8333-444455556666`;
  return {
    id,
    status: 'COMPLETE',
    completed_at: `2026-11-${String(1 + (n % 28)).padStart(2, '0')}T10:${String(n % 60).padStart(2, '0')}:00Z`,
    duration_minutes: 0, // rounded down, or never filled in: it must not decide the unit
    video_url: null,
    participant: { first_name: `Ana${n}`, last_name: 'Silva', email: `ana${n}@example.com`, plan: n % 2 ? 'annual' : 'monthly' },
    screener: { approved: true, questions: { q1: { text: 'Which features do you use?' } }, answers: { q1: ['recipes', 'delivery'] } },
    transcript: {
      turns: [
        { speaker: 'AI', content: 'Why did you cancel?', start: 'PT0S', end: 'PT4.5S' },
        { speaker: 'User', content: 'Mostly the price.', start: 'PT1M23.45S', end: '00:01:25.120000' },
        { speaker: 'AI', content: 'Anything else?', start: '00:01:26.000001', end: '00:01:29.5' },
        { speaker: 'User', content: 'The delivery windows.', start: '89.75s', end: '95000ms' },
      ],
    },
    ...over,
  };
}

let close: (() => Promise<void>) | null = null;
let cache: Cache | null = null;
afterEach(async () => {
  await cache?.close();
  await close?.();
  cache = null;
  close = null;
});

async function setUp(interviews: VariantInterview[], sideReads?: Parameters<typeof variantService>[0]['sideReads']) {
  const svc = await variantService({ projects: [{ id: PROJECT, title: 'Churn (variant service)', interviews }], sideReads });
  close = svc.close;
  cache = await memoryCache();
  const client = createApiClient({ baseUrl: svc.baseUrl, apiKey: () => 'sk_variant', retry: { maxAttempts: 1 } });
  const engine = new SyncEngine({ client, cache, log: silentLogger, pageSize: 20 });
  return { svc, cache, engine };
}

describe('a service that makes other choices where the contract says "not shown"', () => {
  it('keeps every interview with correct times, and side reads that answer 4xx do not fail the study', async () => {
    const records = Array.from({ length: 45 }, (_, i) => interview(i + 1));
    // Unfinished records with a completed_at, sorted among finished ones; one status nobody has heard of.
    records[3] = { ...records[3]!, status: 'STARTED', transcript: [] };
    records[17] = { ...records[17]!, status: 'INCOMPLETE' };
    records[30] = { ...records[30]!, status: 'ABANDONED' };
    // One turn whose time is in no readable form.
    const turns = (records[5]!.transcript as { turns: Record<string, unknown>[] }).turns.map((t) => ({ ...t }));
    turns[1] = { ...turns[1]!, start: 'shortly after', end: undefined };
    records[5] = { ...records[5]!, transcript: { turns } };
    const { engine, cache } = await setUp(records);
    const result = await engine.run();

    expect((await cache.call('interviews.ids', {})).sort()).toEqual(records.map((r) => r.id).sort());
    const one = (await cache.call('interviews.get', { id: records[0]!.id }))!;
    expect(one.transcript?.map((t) => [t.start_ms, t.end_ms])).toEqual([
      [0, 4_500],
      [83_450, 85_120],
      [86_000, 89_500],
      [89_750, 95_000],
    ]);
    expect(one.participant?.name).toBe('Ana1 Silva');
    expect(one.screener?.items).toEqual([{ id: 'q1', text: 'Which features do you use?', answer: 'recipes, delivery' }]);
    expect((await cache.call('interviews.get', { id: records[30]!.id }))?.status).toBe('unknown');

    // The study itself synced: its completion time is recorded with no error.
    const state = await cache.call('sync.state', { scope: `project:${PROJECT}` });
    expect(state?.last_completed_at).not.toBeNull();
    expect(state?.last_error ?? null).toBeNull();
    // What could not be read is said, never thrown: the side reads' reasons are kept for the Share and
    // Report tabs, and the turn whose time was unreadable is reported.
    expect(result.projects).toBe(1);
    const gaps = await cache.call('sideReads.gaps', { projectId: PROJECT });
    expect(gaps).toEqual({
      embed: expect.stringMatching(/^Not available for this study in its current state \(409: Launch the project first\.\)/),
      allow_list: 'The service answered with no content.',
      stimuli: expect.stringMatching(/^The service has none for this study \(404/),
      report: 'The service has no report for this study yet.',
    });
    expect((await cache.call('sideReads.gaps', { projectId: null })).credits).toMatch(/refused it \(403/);
    expect(result.issues).toEqual([
      expect.objectContaining({ project_id: PROJECT, code: 'time_unknown', message: expect.stringMatching(/^1 transcript turn in 1 interview had no time/) }),
    ]);
    const untimed = (await cache.call('interviews.get', { id: records[5]!.id }))!;
    expect(untimed.transcript?.map((t) => t.start_ms)).toEqual([0, null, 86_000, 89_750]);
  });

  it('credits that leave out the balance or the trial credits are kept as not stated, never as 0', async () => {
    const { engine, cache } = await setUp([interview(1)], { credits: { status: 200, body: { balance: '$12.50' } } });
    await engine.run();
    expect(await cache.call('credits.get')).toMatchObject({ balance: '$12.50', trial_credits: null });
    expect((await cache.call('sideReads.gaps', { projectId: null })).credits).toBeUndefined();
  });

  it('an unfinished interview sorted among finished ones is caught when it completes, on the next sync', async () => {
    const records = Array.from({ length: 45 }, (_, i) => interview(i + 1));
    records[25] = { ...records[25]!, status: 'STARTED', transcript: [] };
    const { engine, cache } = await setUp(records);
    await engine.run();
    records[25] = { ...records[25]!, status: 'COMPLETE', transcript: interview(26).transcript };
    const second = await engine.run();
    expect(second.new_complete).toEqual([{ project_id: PROJECT, interview_ids: [records[25]!.id] }]);
    expect((await cache.call('interviews.get', { id: records[25]!.id }))?.transcript).toHaveLength(4);
  });
});

describe('ids the IPC contract would refuse', () => {
  it('a page with one unusable id and good records stores the good ones, reports the other, and every stored id passes the IPC rule', async () => {
    const good = [interview(1), interview(2)];
    const bad = { ...interview(3), id: `${'x'.repeat(250)}` };
    const ctrl = { ...interview(4), id: 'abc\u0007def' };
    const { engine, cache } = await setUp([...good, bad, ctrl]);
    const result = await engine.run();
    const ids = await cache.call('interviews.ids', {});
    expect(ids.sort()).toEqual(good.map((g) => g.id).sort());
    for (const id of ids) expect(isValidId(id)).toBe(true);
    expect(result.issues).toEqual([
      expect.objectContaining({ code: 'records_unreadable', message: expect.stringMatching(/^2 interview records could not be read/) }),
    ]);
  });
});
