import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoService } from '../../../../src/main/demo/demo-service';
import { silentLogger } from '../../../../src/main/logging/logger';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import { WorkspaceRegistry } from '../../../../src/main/workspaces/registry';
import { WorkspaceService } from '../../../../src/main/workspaces/service';
import { ROOT } from '../../../support/browser';
import { failure, testSandbox, type TestSandbox } from '../../../support/sandbox';

let sb: TestSandbox;
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'fw-ws-'));
  dirs.push(d);
  return d;
};
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(async () => {
  await sb.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('WorkspaceService', () => {
  it('checks the key first: a rejected key is neither stored nor registered', async () => {
    const dir = tmp();
    const secrets = createMemoryStore();
    const ws = new WorkspaceService(new WorkspaceRegistry(join(dir, 'workspaces.json')), secrets, silentLogger);
    const err = await failure(ws.add({ name: 'Acme', base_url: sb.baseUrl, api_key: 'sk_not_valid_0000', organisation_id: null }));
    expect(err).toMatchObject({ code: 'invalid_api_key', message: 'This key was not accepted by the service. Check it in your account settings.' });
    expect(ws.list()).toEqual([]);
    expect(existsSync(join(dir, 'workspaces.json'))).toBe(false);
  });

  it('stores the key in the secret store only, never in the workspaces file, and builds a working client', async () => {
    const dir = tmp();
    const org = await sb.newOrg({ trial_credits: 3 });
    const secrets = createMemoryStore();
    const ws = new WorkspaceService(new WorkspaceRegistry(join(dir, 'workspaces.json')), secrets, silentLogger);
    const added = await ws.add({ name: 'Acme', base_url: sb.baseUrl, api_key: org.apiKey, organisation_id: org.orgId });
    expect(added).toMatchObject({ name: 'Acme', base_url: sb.baseUrl, organisation_id: org.orgId, is_demo: false, key_storage: 'memory' });
    expect(JSON.stringify(added)).not.toContain(org.apiKey);
    expect(readFileSync(join(dir, 'workspaces.json'), 'utf8')).not.toContain(org.apiKey);
    expect(await secrets.get(added.id)).toBe(org.apiKey);
    expect((await (await ws.client(added.id)).getCredits()).trial_credits).toBe(3);
    expect(await failure(ws.add({ name: 'acme', base_url: sb.baseUrl, api_key: org.apiKey, organisation_id: null }))).toMatchObject({ code: 'name_taken' });
    // A second service over the same file sees the workspace; with a fresh memory store, it says the key is missing.
    const again = new WorkspaceService(new WorkspaceRegistry(join(dir, 'workspaces.json')), createMemoryStore(), silentLogger);
    expect(again.list().map((w) => w.id)).toEqual([added.id]);
    expect(await failure(again.client(added.id))).toMatchObject({ code: 'key_missing' });
    await ws.close();
  });
});

describe('DemoService', () => {
  it('starts once, seeds once, and after a restart without a keychain still opens the demo', async () => {
    const dir = tmp();
    const mediaDir = join(ROOT, 'resources/sample-media');
    const secrets = createMemoryStore();
    const ws = new WorkspaceService(new WorkspaceRegistry(join(dir, 'workspaces.json')), secrets, silentLogger);
    const demo = new DemoService({ dataDir: dir, mediaDir, log: silentLogger }, ws, secrets);
    const [a, b] = await Promise.all([demo.start(), demo.start()]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ is_demo: true, name: 'Demo: Northwind Meals' });
    const titles = (await (await ws.client(a.id)).listProjects()).map((p) => p.title).sort();
    expect(titles).toEqual(['Meal-kit churn', 'Onboarding interviews', 'Packaging concepts']);
    expect(
      demo
        .seededProjects()
        .map((p) => p.questions.length)
        .every((n) => n >= 1),
    ).toBe(true);
    await ws.close();
    await demo.close();

    const secrets2 = createMemoryStore();
    const ws2 = new WorkspaceService(new WorkspaceRegistry(join(dir, 'workspaces.json')), secrets2, silentLogger);
    const demo2 = new DemoService({ dataDir: dir, mediaDir, log: silentLogger }, ws2, secrets2);
    ws2.beforeUse = async (w) => {
      if (w.is_demo && demo2.baseUrl === null) await demo2.start();
    };
    const projects = await (await ws2.client(a.id)).listProjects();
    expect(projects.map((p) => p.title).sort()).toEqual(titles);
    expect(projects.find((p) => p.title === 'Meal-kit churn')?.recruiting?.completed_participants).toBe(24);
    await ws2.close();
    await demo2.close();
  });
});
