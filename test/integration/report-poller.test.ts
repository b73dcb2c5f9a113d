import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/main/api/client';
import { ReportPoller, type ReportDone } from '../../src/main/jobs/report-poller';
import { silentLogger } from '../../src/main/logging/logger';
import { fakeTimers } from '../support/fake-timers';
import { manualClock, projectBody, testSandbox, type TestSandbox } from '../support/sandbox';
import { memoryCache } from '../support/workspace';

const clock = manualClock();
let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox({ clock, reportDurationMs: 180_000 });
});
afterAll(() => sb.close());

/** A new organisation's launched study with 4 interviews, a cache that lists it, and fake timers on the shared clock. */
async function studyToPoll(sandbox: TestSandbox) {
  const org = await sandbox.newOrg({ trial_credits: 10 });
  const { id } = await org.client.createProject(projectBody());
  await org.client.launchProject(id, 10);
  await org.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed: 4 });
  const cache = await memoryCache();
  await cache.call('projects.saveList', { items: await org.client.listProjects(), syncedAt: new Date().toISOString() });
  return { org, id, cache, ft: fakeTimers(clock, { awaitCallbacks: true }) };
}

/** Counts report reads and how many were ever in flight at once. */
function counting(client: ApiClient) {
  const stats = { gets: 0, inFlight: 0, maxInFlight: 0 };
  const wrapped: ApiClient = {
    ...client,
    getReport: async (...args) => {
      stats.gets++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        return await client.getReport(...args);
      } finally {
        stats.inFlight--;
      }
    },
  };
  return { client: wrapped, stats };
}

describe('report poller', () => {
  it('polls about every 10 s until COMPLETED (~18 polls for 3 minutes), then stops and stores the report', async () => {
    const { org, id, cache, ft } = await studyToPoll(sb);
    const done: ReportDone[] = [];
    const { client, stats } = counting(org.client);
    const poller = new ReportPoller({ client, cache, log: silentLogger, timers: ft.timers, onDone: (e) => done.push(e) });
    const poll = await poller.start(id);
    expect(poll.state).toBe('polling');
    await ft.advance(179_000);
    expect(done).toEqual([]);
    await ft.advance(15_000);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ project_id: id, state: 'completed', report: { status: 'COMPLETED' } });
    expect(stats.gets).toBeGreaterThanOrEqual(15);
    expect(stats.gets).toBeLessThanOrEqual(23);
    expect(stats.maxInFlight).toBe(1);
    const afterDone = stats.gets;
    await ft.advance(120_000);
    expect(stats.gets).toBe(afterDone);
    expect(ft.pending()).toBe(0);
    expect((await cache.call('reports.get', { projectId: id }))?.status).toBe('COMPLETED');
    expect((await poller.status(id))?.state).toBe('completed');
  });

  it('gives up at the deadline, with the report still PROCESSING', async () => {
    const slow = await testSandbox({ clock, reportDurationMs: 30 * 60_000 });
    try {
      const { org, id, cache, ft } = await studyToPoll(slow);
      const done: ReportDone[] = [];
      const { client, stats } = counting(org.client);
      const poller = new ReportPoller({ client, cache, log: silentLogger, timers: ft.timers, onDone: (e) => done.push(e), deadlineMs: 5 * 60_000 });
      await poller.start(id);
      await ft.advance(6 * 60_000);
      expect(done.map((d) => d.state)).toEqual(['timed_out']);
      expect(stats.gets).toBeGreaterThanOrEqual(25);
      expect(stats.gets).toBeLessThanOrEqual(38);
      expect(ft.pending()).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it('survives a restart: the stored poll is resumed by a new poller', async () => {
    const { org, id, cache, ft } = await studyToPoll(sb);
    const first = new ReportPoller({ client: org.client, cache, log: silentLogger, timers: ft.timers });
    await first.start(id);
    await ft.advance(40_000);
    first.stop();
    expect(ft.pending()).toBe(0);
    const done: ReportDone[] = [];
    const second = new ReportPoller({ client: org.client, cache, log: silentLogger, timers: ft.timers, onDone: (e) => done.push(e) });
    expect(await second.resume()).toBe(1);
    await ft.advance(200_000);
    expect(done.map((d) => d.state)).toEqual(['completed']);
  });

  it('a FAILED report ends the poll as failed', async () => {
    const { org, id, cache, ft } = await studyToPoll(sb);
    await org.operator('PUT', '/_sandbox/faults', { report_failure_rate: 1 });
    const done: ReportDone[] = [];
    const poller = new ReportPoller({ client: org.client, cache, log: silentLogger, timers: ft.timers, onDone: (e) => done.push(e) });
    await poller.start(id);
    await ft.advance(200_000);
    expect(done.map((d) => d.state)).toEqual(['failed']);
    expect((await cache.call('reports.get', { projectId: id }))?.status).toBe('FAILED');
  });

  it('a check still out when a new report starts cannot overwrite the new poll', async () => {
    const { org, id, cache, ft } = await studyToPoll(sb);
    let release: (() => void) | null = null;
    const slow: ApiClient = {
      ...org.client,
      getReport: async (...args) => {
        if (!release) await new Promise<void>((r) => (release = r));
        return org.client.getReport(...args);
      },
    };
    const done: ReportDone[] = [];
    const poller = new ReportPoller({ client: slow, cache, log: silentLogger, timers: ft.timers, onDone: (e) => done.push(e) });
    await poller.start(id);
    // The first check goes out and waits on the service (advancing waits for it, so it is not awaited yet).
    const advancing = ft.advance(12_000);
    await expect.poll(() => release !== null).toBe(true);
    // Meanwhile a new report is started; then the old check comes back, and its tick ends.
    clock.advance(200_000);
    const second = await poller.start(id);
    release!();
    await advancing;
    const stored = await poller.status(id);
    expect(stored?.started_at).toBe(second.started_at);
    expect(stored?.state).toBe('polling');
    expect(done).toEqual([]);
    await ft.advance(200_000);
    expect(done.map((d) => d.state)).toEqual(['completed']);
  });
});
