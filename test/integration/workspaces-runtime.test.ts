import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/cache';
import { createCore, type Core } from '../../src/main/core';
import { silentLogger } from '../../src/main/logging/logger';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import type { SecretStore } from '../../src/main/secrets/secret-store';
import { ROOT } from '../support/browser';
import { projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';
import { WORKER } from '../support/workspace';

let sb: TestSandbox;
let core: Core;
let secrets: SecretStore;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-ws-rt-'));

async function orgWith(title: string, word: string): Promise<{ org: Org; projectId: string }> {
  const org = await sb.newOrg({ trial_credits: 100 });
  const { id } = await org.client.createProject(projectBody({ title, questions: [{ question: `Tell me about the ${word}?`, probing_level: 'low' }] }));
  await org.client.launchProject(id, 50);
  await org.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed: 30, transcript_turns: 6 });
  return { org, projectId: id };
}

/** Resolves once the workspace's sync has written interviews: a mid-sync moment, reached by state, not by time. */
function midSync(workspaceId: string): Promise<void> {
  return new Promise((resolve) => {
    const off = core.events.subscribe((e) => {
      const p = e.payload as { workspace_id?: string; phase?: string; done?: number };
      if (e.name === 'sync.progress' && p.workspace_id === workspaceId && p.phase === 'interviews' && (p.done ?? 0) > 0) {
        off();
        resolve();
      }
    });
  });
}

/** Every request the sandbox received has been answered or dropped, and the cache has run every write queued before this. */
async function settled(cache: Cache): Promise<number> {
  await expect.poll(() => sb.requestsInFlight(), { timeout: 15_000 }).toBe(0);
  return cache.call('interviews.count', {});
}

beforeAll(async () => {
  sb = await testSandbox();
  secrets = createMemoryStore(null);
  core = createCore({ dataDir, mediaDir: join(ROOT, 'resources/sample-media'), secrets, log: silentLogger, version: 't', platform: 't', cacheWorker: WORKER });
});
afterAll(async () => {
  await core.close();
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two workspaces', () => {
  it("never return each other's rows, from any query", async () => {
    const a = await orgWith('Alpha study', 'zeppelin');
    const b = await orgWith('Beta study', 'quasar');
    const wa = await core.call('workspaces.add', { name: 'A', base_url: sb.baseUrl, api_key: a.org.apiKey });
    const wb = await core.call('workspaces.add', { name: 'B', base_url: sb.baseUrl, api_key: b.org.apiKey });
    await core.call('sync.run', { workspace_id: wa.id });
    await core.call('sync.run', { workspace_id: wb.id });
    // One cache file per organisation.
    expect(existsSync(join(dataDir, 'workspaces', wa.id, 'cache.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'workspaces', wb.id, 'cache.db'))).toBe(true);
    const la = await core.call('projects.list', { workspace_id: wa.id });
    expect(la.items.map((p) => p.id)).toEqual([a.projectId]);
    expect(await core.call('projects.get', { workspace_id: wa.id, project_id: b.projectId })).toBeNull();
    expect(await core.call('interviews.list', { workspace_id: wa.id, project_id: b.projectId })).toMatchObject({ total: 0 });
    const bInterview = (await core.call('interviews.list', { workspace_id: wb.id, project_id: b.projectId })).items[0]!.id;
    expect(await core.call('interviews.get', { workspace_id: wa.id, interview_id: bInterview })).toBeNull();
    expect(await core.call('search.query', { workspace_id: wa.id, query: 'quasar' })).toEqual([]);
    expect((await core.call('search.query', { workspace_id: wb.id, query: 'quasar' })).length).toBeGreaterThan(0);
    await core.call('highlights.add', {
      workspace_id: wb.id,
      project_id: b.projectId,
      interview_id: bInterview,
      start_turn: 0,
      start_offset: 0,
      end_turn: 0,
      end_offset: 4,
      start_ms: 0,
      quote: 'Tell',
      new_codes: ['b-only'],
    });
    expect(await core.call('highlights.list', { workspace_id: wa.id })).toEqual([]);
  });

  it("switching cancels the previous workspace's sync in flight, and it writes nothing afterwards", async () => {
    const slow = await orgWith('Slow study', 'turtle');
    await slow.org.operator('POST', `/_sandbox/projects/${slow.projectId}/simulate`, { completed: 400 });
    await slow.org.operator('PUT', '/_sandbox/faults', { latency_ms: 150, fault_methods: ['GET'] });
    const other = await orgWith('Other study', 'lighthouse');
    const ws = await core.call('workspaces.add', { name: 'Slow', base_url: sb.baseUrl, api_key: slow.org.apiKey });
    const wo = await core.call('workspaces.add', { name: 'Other', base_url: sb.baseUrl, api_key: other.org.apiKey });
    await core.call('workspaces.activate', { workspace_id: ws.id });
    const started = midSync(ws.id);
    const inFlight = core.dispatch('sync.run', { workspace_id: ws.id });
    await started;
    await core.call('workspaces.activate', { workspace_id: wo.id });
    const r = await inFlight;
    expect(r).toMatchObject({ ok: false, error: { code: 'aborted' } });
    const runtime = await core.runtimes.get(ws.id);
    const after = await runtime.cache.call('interviews.count', {});
    // Answers still on their way when it was cancelled have arrived (or been dropped): none of them was written.
    expect(await settled(runtime.cache)).toBe(after);
    expect(after).toBeLessThan(430);
    // The other workspace is unaffected and syncs normally.
    await core.call('sync.run', { workspace_id: wo.id });
    expect((await core.call('projects.list', { workspace_id: wo.id })).items).toHaveLength(1);
    await slow.org.operator('PUT', '/_sandbox/faults', {});
  });

  it('Cancel stops the sync in flight and nothing else; the next sync finishes the job', async () => {
    const slow = await orgWith('Cancelled study', 'walrus');
    await slow.org.operator('POST', `/_sandbox/projects/${slow.projectId}/simulate`, { completed: 400 });
    await slow.org.operator('PUT', '/_sandbox/faults', { latency_ms: 150, fault_methods: ['GET'] });
    const ws = await core.call('workspaces.add', { name: 'Cancelled', base_url: sb.baseUrl, api_key: slow.org.apiKey });
    expect(await core.call('sync.cancel', { workspace_id: ws.id })).toBe(false);
    const finished: { ok: boolean; message: string | null; offline: boolean }[] = [];
    const off = core.events.subscribe((e) => {
      if (e.name === 'sync.finished' && (e.payload as { workspace_id: string }).workspace_id === ws.id) finished.push(e.payload as (typeof finished)[number]);
    });
    const started = midSync(ws.id);
    const inFlight = core.dispatch('sync.run', { workspace_id: ws.id });
    await started;
    expect(await core.call('sync.cancel', { workspace_id: ws.id })).toBe(true);
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(finished).toEqual([{ workspace_id: ws.id, ok: false, message: 'Sync cancelled. What it had already fetched is saved.', offline: false }]);
    const runtime = await core.runtimes.get(ws.id);
    // Reading the study list after a cancelled first sync shows what was saved and starts no sync of its own
    // (it used to, which undid Cancel at once, and looped while offline).
    const listed = await core.call('projects.list', { workspace_id: ws.id });
    expect(listed.synced_at).toBeNull();
    expect(runtime.sync.isRunning).toBe(false);
    expect(finished).toHaveLength(1);
    const partial = await runtime.cache.call('interviews.count', {});
    expect(partial).toBeLessThan(430);
    // The runtime itself was not stopped: the next sync runs to the end.
    await slow.org.operator('PUT', '/_sandbox/faults', {});
    await core.call('sync.run', { workspace_id: ws.id });
    expect(await runtime.cache.call('interviews.count', {})).toBe(430);
    off();
  });

  it('removing a workspace deletes its key; with purge, also its cache, videos and backups', async () => {
    const c = await orgWith('Gone study', 'meteor');
    const wc = await core.call('workspaces.add', { name: 'Gone', base_url: sb.baseUrl, api_key: c.org.apiKey });
    await core.call('sync.run', { workspace_id: wc.id });
    const folder = join(dataDir, 'workspaces', wc.id);
    expect(existsSync(join(folder, 'cache.db'))).toBe(true);
    expect(await secrets.get(wc.id)).toBe(c.org.apiKey);
    await core.call('workspaces.remove', { workspace_id: wc.id, purge_cache: true });
    expect(await secrets.get(wc.id)).toBeNull();
    expect(existsSync(folder)).toBe(false);
    expect((await core.call('workspaces.list', undefined)).map((w) => w.id)).not.toContain(wc.id);
    const r = await core.dispatch('projects.list', { workspace_id: wc.id });
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_workspace' } });
  });
});
