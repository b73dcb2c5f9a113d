import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { silentLogger } from '../../src/main/logging/logger';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { ROOT } from '../support/browser';
import { projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';
import { WORKER } from '../support/workspace';
import { present } from '../support/ipc';

let sb: TestSandbox;
let core: Core;
let org: Org;
let projectId: string;
let ws: string;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-hl-resync-'));

beforeAll(async () => {
  sb = await testSandbox();
  core = createCore({
    dataDir,
    mediaDir: join(ROOT, 'resources/sample-media'),
    secrets: createMemoryStore(null),
    log: silentLogger,
    version: 't',
    platform: 't',
    cacheWorker: WORKER,
  });
  org = await sb.newOrg({ trial_credits: 100 });
  ({ id: projectId } = await org.client.createProject(projectBody({ title: 'Resync study' })));
  await org.client.launchProject(projectId, 50);
  await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 6, transcript_turns: 8 });
  ws = (await core.call('workspaces.add', { name: 'Resync', base_url: sb.baseUrl, api_key: org.apiKey })).id;
});
afterAll(async () => {
  await core.close();
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('highlights and re-sync', () => {
  it('survive later syncs, new interviews and the highlighted interview being written again', async () => {
    await core.call('sync.run', { workspace_id: ws });
    const list = await core.call('interviews.list', { workspace_id: ws, project_id: projectId });
    const [first, second] = list.items;
    const detail = present(await core.call('interviews.get', { workspace_id: ws, interview_id: first!.id }), 'the interview');
    const turn = detail.transcript[1]!;
    const quote = turn.text.slice(0, 20);
    const a = await core.call('highlights.add', {
      workspace_id: ws,
      project_id: projectId,
      interview_id: first!.id,
      start_turn: 1,
      start_offset: 0,
      end_turn: 1,
      end_offset: quote.length,
      start_ms: turn.start_ms,
      quote,
      note: 'price anchor',
      tags: ['pricing', 'churn'],
    });
    const b = await core.call('highlights.add', {
      workspace_id: ws,
      project_id: projectId,
      interview_id: second!.id,
      start_turn: 0,
      start_offset: 0,
      end_turn: 0,
      end_offset: 4,
      start_ms: 0,
      quote: 'Tell',
      tags: ['intro'],
    });
    // The answer carries the participant's name from the cache, as a list does.
    expect(a.participant_name).toBe(first!.participant_name);
    const before = await core.call('highlights.list', { workspace_id: ws, project_id: projectId });
    expect(before.map((h) => h.id).sort()).toEqual([a.id, b.id].sort());

    // More interviews arrive; the next sync writes them (and re-reads the listing).
    await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 3, transcript_turns: 8 });
    const secondSync = await core.call('sync.run', { workspace_id: ws });
    expect(secondSync.interviews_written).toBeGreaterThanOrEqual(3);
    // The highlighted interview itself is fetched and written again in full, its turns replaced.
    const runtime = await core.runtimes.get(ws);
    expect(await runtime.sync.syncInterview(projectId, first!.id)).toBe(true);
    await core.call('sync.run', { workspace_id: ws });

    const after = await core.call('highlights.list', { workspace_id: ws, project_id: projectId });
    expect(after).toEqual(before);
    const perInterview = await core.call('highlights.list', { workspace_id: ws, interview_id: first!.id });
    expect(perInterview).toHaveLength(1);
    expect(perInterview[0]).toMatchObject({ quote, note: 'price anchor', tags: ['churn', 'pricing'], start_ms: turn.start_ms });
    expect(await core.call('highlights.list', { workspace_id: ws, project_id: projectId, tag: 'pricing' })).toHaveLength(1);
    expect((await core.call('interviews.list', { workspace_id: ws, project_id: projectId })).total).toBe(9);
  });
});
