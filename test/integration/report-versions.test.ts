// Report versions through the core: the service keeps only its latest report, Fieldwork keeps every one
// it has synced. Sync a report, regenerate it in the sandbox, sync again: two versions, the replaced one
// kept whole, and the diff between them over IPC.
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

let sb: TestSandbox;
let core: Core;
let org: Org;
let projectId: string;
let ws: string;
const dataDir = mkdtempSync(join(tmpdir(), 'fw-report-versions-'));

beforeAll(async () => {
  sb = await testSandbox({ reportDurationMs: 0 });
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
  ({ id: projectId } = await org.client.createProject(projectBody({ title: 'Versions study' })));
  await org.client.launchProject(projectId, 50);
  await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 3, transcript_turns: 8 });
  ws = (await core.call('workspaces.add', { name: 'Versions', base_url: sb.baseUrl, api_key: org.apiKey })).id;
});
afterAll(async () => {
  await core.close();
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('report versions', () => {
  it('keep the report the service replaced on regenerate, once per content, and diff two of them', async () => {
    const versions = () => core.call('reports.versions', { workspace_id: ws, project_id: projectId });
    await core.call('sync.run', { workspace_id: ws });
    expect(await versions()).toEqual([]);

    const first = await org.client.startReport(projectId);
    await core.call('sync.run', { workspace_id: ws });
    const one = await versions();
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ report_id: first.report_id, interviews_analysed: 3, themes: expect.any(Number) });
    expect(one[0]!.themes).toBeGreaterThan(0);

    // The same report synced again is not a new version.
    await core.call('sync.run', { workspace_id: ws });
    expect(await versions()).toEqual(one);

    // More interviews, and the report regenerated: the service replaces its report.
    await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 4, transcript_turns: 8 });
    // While the new one is processing, the service has no themes to give: a sync keeps no version of it.
    await org.operator('PUT', '/_sandbox/organisations/me', { report_duration_ms: 3_600_000 });
    const processing = await org.client.startReport(projectId);
    await core.call('sync.run', { workspace_id: ws });
    expect(await core.call('reports.versions', { workspace_id: ws, project_id: projectId })).toEqual(one);
    expect((await org.client.getReport(projectId)).status).toBe('PROCESSING');
    await org.operator('PUT', '/_sandbox/organisations/me', { report_duration_ms: 0 });
    const second = await org.client.startReport(projectId);
    expect(second.report_id).not.toBe(processing.report_id);
    expect((await org.client.getReport(projectId)).report_id).toBe(second.report_id);
    await core.call('sync.run', { workspace_id: ws });
    await core.call('sync.run', { workspace_id: ws });
    const two = await versions();
    expect(two.map((v) => [v.report_id, v.interviews_analysed])).toEqual([
      [second.report_id, 7],
      [first.report_id, 3],
    ]);
    expect(two[1]).toEqual(one[0]);
    expect(two[0]!.id).toBeGreaterThan(two[1]!.id);

    const diff = await core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: two[1]!.id, to_id: two[0]!.id });
    expect(diff.from).toEqual(two[1]);
    expect(diff.to).toEqual(two[0]);
    expect(diff.project_id).toBe(projectId);
    const same = await core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: two[0]!.id, to_id: two[0]!.id });
    expect(same).toMatchObject({ added: [], removed: [], reworded: [], frequency_changes: [], quotes: [], summary_changed: false });
  }, 60_000);

  it('refuses a version id that is not one of the study', async () => {
    await expect(core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: 1, to_id: 9_999 })).rejects.toMatchObject({
      code: 'unknown_report_version',
    });
    await expect(core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: 0, to_id: 1 })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
