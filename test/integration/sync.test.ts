import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/cache';
import { silentLogger } from '../../src/main/logging/logger';
import { SyncEngine, type SyncProgress } from '../../src/main/sync/engine';
import { seededRandom } from '../../src/sandbox/domain/text';
import { projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';
import { memoryCache, sandboxInterviewIds } from '../support/workspace';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox({ reportDurationMs: 0 });
});
afterAll(() => sb.close());

async function launchedProject(org: Org, completed: number, extra: Record<string, unknown> = {}) {
  const { id } = await org.client.createProject(projectBody(extra));
  await org.client.launchProject(id, 500);
  if (completed > 0) await org.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed, incomplete: 3, started: 2 });
  return id;
}

function engine(org: Org, cache: Cache, progress: SyncProgress[] = []) {
  return new SyncEngine({ client: org.client, cache, log: silentLogger, onProgress: (p) => progress.push(p) });
}

describe('sync engine', () => {
  it('a first sync pulls every project, page, transcript, report, stimulus, embed and credit', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    const a = await launchedProject(org, 230);
    const b = (await org.client.createProject(projectBody({ type: 'STIMULI' }))).id;
    await org.client.startReport(a);
    await org.client.getReport(a);
    await org.client.putAllowList(a, ['https://site.example.com']);
    const cache = await memoryCache();
    const progress: SyncProgress[] = [];
    const result = await engine(org, cache, progress).run();
    expect(result.issues).toEqual([]);
    expect(await cache.call('interviews.ids', {})).toEqual(sandboxInterviewIds(sb.context.db, a));
    expect(await cache.call('interviews.pendingDetailIds', { projectId: a })).toEqual([]);
    const one = (await org.client.listInterviews(a, { limit: 1, transcripts: true, screener: true })).items[0]!;
    const cached = (await cache.call('interviews.get', { id: one.id }))!;
    expect(cached.transcript).toEqual(one.transcript);
    expect(cached.participant).toEqual(one.participant);
    expect((await cache.call('reports.get', { projectId: a }))!.themes.length).toBeGreaterThan(0);
    expect((await cache.call('embeds.get', { projectId: a }))!.allowed_urls).toEqual(['https://site.example.com']);
    expect((await cache.call('embeds.get', { projectId: b }))!.embed?.embed_url).toContain(b);
    expect(await cache.call('credits.get')).toMatchObject({ balance: expect.stringMatching(/^\$/) });
    expect((await cache.call('projects.list')).map((p) => p.id).sort()).toEqual([a, b].sort());
    // Progress only moves forward and ends complete.
    const dones = progress.map((p) => p.done);
    expect([...dones].sort((x, y) => x - y)).toEqual(dones);
    expect(progress.at(-1)).toMatchObject({ phase: 'done' });
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    // No new-interview events on the very first sync: that would be one per historical interview.
    expect(result.new_complete).toEqual([]);
    await cache.close();
  });

  it('a re-sync with nothing changed reads only light pages and writes no interview', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    const a = await launchedProject(org, 250);
    const cache = await memoryCache();
    const first = await engine(org, cache).run();
    const again = await engine(org, cache).run();
    expect(again.interviews_written).toBe(0);
    // Page 1 (the newest completes) and the last page (where unfinished records sit), plus projects,
    // credits, embed, allow-list, stimuli and report: never the full pages, nor the unchanged middle.
    expect(again.requests).toBeLessThanOrEqual(2 + 6);
    expect(again.interviews_seen).toBe(155);
    expect(first.requests).toBeGreaterThan(again.requests - 1);
    expect(await cache.call('interviews.pendingDetailIds', { projectId: a })).toEqual([]);
    await cache.close();
  });

  it('picks up new interviews and STARTED → COMPLETE changes, and reports the new completes', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    const id = await launchedProject(org, 5);
    const cache = await memoryCache();
    await engine(org, cache).run();
    // A participant finishes an interview by hand (it was STARTED at the first sync).
    const chat = await fetch(`${sb.baseUrl}/call/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: id, interview_id: (await org.client.getEmbed(id)).interview_id, name: 'Late Finisher' }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    await engine(org, cache).run();
    const startedNow = (await cache.call('interviews.list', { projectId: id, status: 'STARTED' })).items.find((i) => i.participant_name === 'Late Finisher');
    expect(startedNow).toBeTruthy();
    for (let n = 0; n < 10; n++) {
      const r = (await fetch(`${sb.baseUrl}/call/api/sessions/${chat.token}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'A thoughtful answer about checkout.' }),
      }).then((x) => x.json())) as { done: boolean };
      if (r.done) break;
    }
    await org.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed: 2 });
    const result = await engine(org, cache).run();
    const news = result.new_complete.flatMap((n) => n.interview_ids);
    expect(news).toHaveLength(3);
    expect(news).toContain(startedNow!.id);
    const finished = (await cache.call('interviews.get', { id: startedNow!.id }))!;
    expect(finished).toMatchObject({ status: 'COMPLETE', detail_state: 'complete' });
    expect(finished.transcript.filter((t) => t.role === 'User').map((t) => t.text)).toContain('A thoughtful answer about checkout.');
    expect(await cache.call('interviews.ids', { projectId: id })).toEqual(sandboxInterviewIds(sb.context.db, id));
    await cache.close();
  });

  it('an interrupted sync leaves a consistent cache and the next one finishes it, with no duplicates', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    const id = await launchedProject(org, 400);
    const cache = await memoryCache();
    // Cut the sync after two full pages have been written.
    let writes = 0;
    const breaking: Cache = {
      ...cache,
      call: (async (op: string, ...args: unknown[]) => {
        if (op === 'interviews.saveFullRecords' && ++writes > 2) throw new Error('power cut');
        return (cache.call as (o: string, ...a: unknown[]) => Promise<unknown>)(op, ...args);
      }) as Cache['call'],
    };
    const partial = await new SyncEngine({ client: org.client, cache: breaking, log: silentLogger }).run();
    expect(partial.issues).toHaveLength(1);
    expect(await cache.call('db.integrityCheck')).toBe('ok');
    const halfway = await cache.call('interviews.count', { projectId: id });
    expect(halfway).toBeGreaterThanOrEqual(200);
    expect(halfway).toBeLessThan(405);
    const done = await engine(org, cache).run();
    expect(done.issues).toEqual([]);
    expect(await cache.call('interviews.ids', { projectId: id })).toEqual(sandboxInterviewIds(sb.context.db, id));
    expect(await cache.call('interviews.pendingDetailIds', { projectId: id })).toEqual([]);
    await cache.close();
  });

  it('completes with all data through injected 429s (Retry-After waited out), 5xx, truncation and latency', async () => {
    // A seeded sandbox, so the faults fall the same way on every run.
    const faulty = await testSandbox({ random: seededRandom(7) });
    const waits: number[] = [];
    const org = await faulty.newOrg(
      { trial_credits: 1000 },
      { retry: { maxAttempts: 25, baseDelayMs: 1, maxBackoffMs: 4 }, sleep: async (ms) => void waits.push(ms) },
    );
    const id = await launchedProject(org, 300);
    await org.operator('PUT', '/_sandbox/faults', {
      rate_429: 0.25,
      rate_5xx: 0.15,
      truncate_rate: 0.15,
      latency_ms: 2,
      retry_after_seconds: 2,
      fault_methods: ['GET'],
    });
    const cache = await memoryCache();
    const result = await engine(org, cache).run();
    await org.operator('PUT', '/_sandbox/faults', {});
    const expected = sandboxInterviewIds(faulty.context.db, id);
    await faulty.close();
    expect(result.issues).toEqual([]);
    expect(await cache.call('interviews.ids', { projectId: id })).toEqual(expected);
    expect(await cache.call('interviews.pendingDetailIds', { projectId: id })).toEqual([]);
    // Every injected 429 asked for 2 s; none was waited out for less.
    expect(waits.filter((w) => w >= 2000).length).toBeGreaterThan(0);
    expect(waits.filter((w) => w > 4 && w < 2000)).toEqual([]);
    await cache.close();
  });

  it('cancelling stops the sync and writes nothing more', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    await launchedProject(org, 300);
    const cache = await memoryCache();
    const ac = new AbortController();
    const progress: SyncProgress[] = [];
    const run = engine(org, cache, progress).run({ signal: ac.signal });
    ac.abort();
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
    const after = await cache.call('interviews.count', {});
    // Answers on their way when it was cancelled have arrived or been dropped; none of them was written.
    await expect.poll(() => sb.requestsInFlight()).toBe(0);
    expect(await cache.call('interviews.count', {})).toBe(after);
    await cache.close();
  });

  it('the cheap re-sync still catches an in-progress interview that ended INCOMPLETE, at the end of the list', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    const id = await launchedProject(org, 250);
    const cache = await memoryCache();
    await engine(org, cache).run();
    const interviewId = (await org.client.getEmbed(id)).interview_id;
    const session = (await fetch(`${sb.baseUrl}/call/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: id, interview_id: interviewId, name: 'Leaves Early' }),
    }).then((r) => r.json())) as { token: string };
    await engine(org, cache).run();
    const started = (await cache.call('interviews.list', { projectId: id, status: 'STARTED' })).items.find((i) => i.participant_name === 'Leaves Early')!;
    await fetch(`${sb.baseUrl}/call/api/sessions/${session.token}/leave`, { method: 'POST' });
    const r = await engine(org, cache).run();
    expect(r.requests).toBeLessThanOrEqual(2 + 6 + 1);
    expect((await cache.call('interviews.get', { id: started.id }))?.status).toBe('INCOMPLETE');
    expect(await cache.call('interviews.ids', { projectId: id })).toEqual(sandboxInterviewIds(sb.context.db, id));
    await cache.close();
  });

  it('walks every light page at least once a day regardless', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    await launchedProject(org, 250);
    const cache = await memoryCache();
    await engine(org, cache).run();
    const walk = await new SyncEngine({ client: org.client, cache, log: silentLogger, fullWalkEveryMs: 0 }).run();
    expect(walk.interviews_seen).toBe(255);
    expect(walk.interviews_written).toBe(0);
  });

  it('when the cache writes slower than pages arrive, at most concurrency + 1 pages are held in memory', async () => {
    const org = await sb.newOrg({ trial_credits: 1000 });
    const id = await launchedProject(org, 600);
    const inner = await memoryCache();
    // Pages in memory: from the start of an interview-page request until that page is written.
    let held = 0;
    let maxHeld = 0;
    const cache: Cache = {
      file: inner.file,
      close: () => inner.close(),
      call: (async (op: string, ...args: never[]) => {
        const r = await (inner.call as (op: string, ...a: never[]) => Promise<unknown>)(op, ...args);
        if (op === 'interviews.saveFullRecords') {
          await new Promise((res) => setTimeout(res, 40)); // a slow disk
          held--;
        }
        return r;
      }) as Cache['call'],
    };
    const client: typeof org.client = {
      ...org.client,
      listInterviews: (...a: Parameters<typeof org.client.listInterviews>) => {
        maxHeld = Math.max(maxHeld, ++held);
        return org.client.listInterviews(...a);
      },
    };
    const result = await new SyncEngine({ client, cache, log: silentLogger, concurrency: 3, pageSize: 50 }).run();
    expect(result.issues).toEqual([]);
    expect(await cache.call('interviews.ids', {})).toEqual(sandboxInterviewIds(sb.context.db, id));
    expect(maxHeld).toBeGreaterThan(1); // pages were fetched while others waited to be written
    expect(maxHeld).toBeLessThanOrEqual(3 + 1);
    await cache.close();
  });
});
