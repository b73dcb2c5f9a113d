import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/main/api/client';
import { failure, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
let a: Org;
let b: Org;
let bProject: string;

beforeAll(async () => {
  sb = await testSandbox();
  a = await sb.newOrg({ name: 'Org A' });
  b = await sb.newOrg({ name: 'Org B', trial_credits: 10 });
  bProject = (await b.client.createProject(projectBody({ type: 'STIMULI' }))).id;
});
afterAll(() => sb.close());

describe('authentication', () => {
  it.each([
    ['missing', undefined],
    ['unknown', 'sk_sbx_not_a_real_key_at_all'],
  ])('answers 401 invalid_api_key for a %s key', async (_label, key) => {
    const res = await sb.raw('GET', '/v1/credits', key ? { key } : {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'invalid_api_key', message: expect.any(String) } });
  });

  it('answers 401 for a revoked key, and the client reports invalid_api_key', async () => {
    const org = await sb.newOrg();
    const issued = await org.operator<{ api_key: string }>('POST', '/_sandbox/organisations/me/keys');
    const second = createApiClient({ baseUrl: sb.baseUrl, apiKey: () => issued.body.api_key });
    await expect(second.getCredits()).resolves.toMatchObject({ trial_credits: 0 });
    expect((await org.operator('POST', '/_sandbox/keys/revoke', { api_key: issued.body.api_key })).status).toBe(200);
    const err = await failure(second.getCredits());
    expect(err).toMatchObject({ status: 401, code: 'invalid_api_key' });
    await second.close();
  });

  it('requires the key on every service path, including /external', async () => {
    for (const [method, path] of [
      ['GET', '/v1/projects'],
      ['POST', '/external/projects'],
      ['GET', `/v1/stimuli?project_id=${bProject}`],
    ] as const) {
      expect((await sb.raw(method, path)).status).toBe(401);
    }
  });
});

describe('organisations never mix', () => {
  it("lists only the caller's own projects", async () => {
    expect((await a.client.listProjects()).map((p) => p.id)).not.toContain(bProject);
    expect((await b.client.listProjects()).map((p) => p.id)).toContain(bProject);
  });

  /** Another organisation's project must answer exactly as a project that does not exist. */
  const probes: [string, (org: Org, id: string) => Promise<unknown>][] = [
    ['PATCH project', (o, id) => o.client.patchProject(id, { title: 'x' })],
    ['launch', (o, id) => o.client.launchProject(id, 1)],
    ['embed', (o, id) => o.client.getEmbed(id)],
    ['allow-list GET', (o, id) => o.client.getAllowList(id)],
    ['allow-list PUT', (o, id) => o.client.putAllowList(id, ['https://a.example.com'])],
    ['report POST', (o, id) => o.client.startReport(id)],
    ['report GET', (o, id) => o.client.getReport(id)],
    ['interviews', (o, id) => o.client.listInterviews(id)],
    ['stimuli list', (o, id) => o.client.listStimuli(id)],
    ['presign', (o, id) => o.client.presignStimulus({ project_id: id, filename: 'a.png', content_type: 'image/png' })],
    ['generate-questions', (o, id) => o.client.generateQuestions({ research_objective: 'Test packs', type: 'STIMULI', project_id: id })],
    [
      'simulate (operator)',
      async (o, id) => {
        const r = await o.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed: 1 });
        if (r.status >= 400)
          throw Object.assign(new Error('op'), {
            status: r.status,
            code: (r.body as { error: { code: string } }).error.code,
            message: (r.body as { error: { message: string } }).error.message,
          });
      },
    ],
  ];

  it.each(probes)("%s: another organisation's project is indistinguishable from a missing one", async (_name, call) => {
    const foreign = await failure(call(a, bProject));
    const missing = await failure(call(a, randomUUID()));
    expect(foreign.status).toBe(404);
    expect({ status: foreign.status, code: foreign.code, message: foreign.message }).toEqual({
      status: missing.status,
      code: missing.code,
      message: missing.message,
    });
  });

  it('external projects refuse another organisation ID as if it did not exist', async () => {
    const err = await failure(a.client.createExternalProject({ organisation_id: b.orgId, title: 'x', research_objective: 'Learn about checkout' }));
    const none = await failure(a.client.createExternalProject({ organisation_id: randomUUID(), title: 'x', research_objective: 'Learn about checkout' }));
    expect(err).toMatchObject({ status: 404 });
    expect({ code: err.code, message: err.message }).toEqual({ code: none.code, message: none.message });
  });

  it('credits are per organisation', async () => {
    expect((await a.client.getCredits()).trial_credits).toBe(0);
    expect((await b.client.getCredits()).trial_credits).toBe(10);
  });
});
