import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/main/api/client';
import { createCore, type Core } from '../../src/main/core';
import { createLogger } from '../../src/main/logging/logger';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { ROOT } from '../support/browser';
import { projectBody, testSandbox, type TestSandbox } from '../support/sandbox';
import { WORKER } from '../support/workspace';

/** A key no real service would issue, so any sighting of it anywhere is a leak. */
const CANARY = 'ak_CANARY_7f3e9c1d2b4a5f60e8d7';
const forms = [CANARY, Buffer.from(CANARY, 'utf16le').toString('latin1'), Buffer.from(CANARY).toString('base64'), Buffer.from(CANARY).toString('hex')];

let sb: TestSandbox;
let core: Core;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-canary-'));
const logLines: string[] = [];
const ipc: unknown[] = [];
const events: unknown[] = [];

async function call(channel: string, input?: unknown): Promise<unknown> {
  const r = await core.dispatch(channel, input);
  ipc.push(r);
  if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
  return r.value;
}

beforeAll(async () => {
  sb = await testSandbox({ reportDurationMs: 0, videoUrlTtlSeconds: 3600 });
  const res = await sb.raw('POST', '/_sandbox/organisations', { body: { name: 'Canary Org', balance_cents: 1_000_000, trial_credits: 50, api_key: CANARY } });
  expect(res.status).toBe(201);
  // No secrets are handed to the logger's redactor: the key must simply never be logged.
  const log = createLogger((l) => logLines.push(JSON.stringify(l)));
  core = createCore({
    dataDir,
    mediaDir: join(ROOT, 'resources/sample-media'),
    secrets: createMemoryStore(null),
    log,
    version: 'canary',
    platform: 'test',
    cacheWorker: WORKER,
  });
  core.events.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await core?.close();
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function everyFile(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? everyFile(p) : [p];
  });
}

describe('the API key never leaks', () => {
  it('after the full flows, it is in no IPC result, event, log line or file (db, -wal, -shm, JSON, videos)', async () => {
    const ws = (await call('workspaces.add', { name: 'Canary', base_url: sb.baseUrl, api_key: CANARY })) as { id: string };
    await call('workspaces.activate', { workspace_id: ws.id });
    const client = createApiClient({ baseUrl: sb.baseUrl, apiKey: () => CANARY });
    const { id: projectId } = await client.createProject(projectBody({ type: 'STIMULI' }));
    const image = join(dataDir, 'pack.png');
    copyFileSync(join(ROOT, 'resources/sample-media/stimuli/concept-a-kraft-box.png'), image);
    await call('stimuli.upload', {
      workspace_id: ws.id,
      project_id: projectId,
      file_token: core.pickedFiles.register(image),
      caption: 'Pack',
      question_items: [projectBody().questions[0]!.question],
    });
    await client.launchProject(projectId, 20);
    await sb.raw('POST', `/_sandbox/projects/${projectId}/simulate`, { key: CANARY, body: { completed: 6, incomplete: 1 } });
    await call('projects.list', { workspace_id: ws.id });
    await call('sync.run', { workspace_id: ws.id });
    await call('sync.status', { workspace_id: ws.id });
    await call('projects.get', { workspace_id: ws.id, project_id: projectId });
    await call('credits.get', { workspace_id: ws.id });
    const list = (await call('interviews.list', { workspace_id: ws.id, project_id: projectId })) as { items: { id: string; status: string }[] };
    const done = list.items.find((i) => i.status === 'COMPLETE')!;
    await call('interviews.get', { workspace_id: ws.id, interview_id: done.id });
    await call('search.query', { workspace_id: ws.id, query: 'price' });
    await call('reports.start', { workspace_id: ws.id, project_id: projectId });
    await call('reports.poll', { workspace_id: ws.id, project_id: projectId });
    await call('videos.source', { workspace_id: ws.id, interview_id: done.id });
    await call('videos.download', { workspace_id: ws.id, interview_id: done.id });
    await expect
      .poll(
        () =>
          events.some(
            (e) =>
              (e as { name: string; payload: { state?: string } }).name === 'videos.progress' && (e as { payload: { state: string } }).payload.state === 'done',
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    const media = await core.serveMedia(`video/${ws.id}/${done.id}`, 'bytes=0-15');
    media.body?.destroy();
    await call('highlights.add', {
      workspace_id: ws.id,
      project_id: projectId,
      interview_id: done.id,
      start_turn: 1,
      start_offset: 0,
      end_turn: 1,
      end_offset: 5,
      start_ms: 0,
      quote: 'Hello',
      new_codes: ['price'],
    });
    await call('highlights.list', { workspace_id: ws.id, project_id: projectId });
    await call('settings.set', { sync_interval_minutes: 30, webhook_secret: 'whsec_' + Buffer.alloc(24, 3).toString('base64') });
    await call('settings.get');
    await call('workspaces.list');
    // Failures too: a faulty service, then a revoked key.
    await sb.raw('PUT', '/_sandbox/faults', { key: CANARY, body: { rate_5xx: 1 } });
    await call('sync.run', { workspace_id: ws.id }).catch(() => undefined);
    await sb.raw('PUT', '/_sandbox/faults', { key: CANARY, body: {} });
    await sb.raw('POST', '/_sandbox/keys/revoke', { key: CANARY, body: { api_key: CANARY } });
    await call('sync.run', { workspace_id: ws.id }).catch(() => undefined);
    await call('workspaces.add', { name: 'Canary 2', base_url: sb.baseUrl, api_key: CANARY }).catch(() => undefined);
    await client.close();
    await core.close();

    expect(logLines.length).toBeGreaterThan(5);
    const surfaces: [string, string][] = [
      ['IPC results', JSON.stringify(ipc)],
      ['events', JSON.stringify(events)],
      ['logs', logLines.join('\n')],
    ];
    const files = everyFile(dataDir).filter((f) => !f.startsWith(join(dataDir, 'demo')));
    expect(files.some((f) => f.endsWith('cache.db'))).toBe(true);
    expect(files.some((f) => f.endsWith('.webm'))).toBe(true);
    for (const f of files) surfaces.push([f, readFileSync(f).toString('latin1')]);
    for (const [where, text] of surfaces) {
      for (const form of forms) expect(text.includes(form), `${where} contains the key`).toBe(false);
    }
    // The WAL is checked too when it exists (it is folded into the db on a clean close).
    const wal = files.find((f) => f.endsWith('cache.db-wal'));
    if (wal && existsSync(wal)) expect(readFileSync(wal).toString('latin1').includes(CANARY)).toBe(false);
  }, 60_000);
});
