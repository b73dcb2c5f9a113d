import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
let org: Org;
beforeAll(async () => {
  sb = await testSandbox();
  org = await sb.newOrg({
    name: 'Northwind Meals',
    context: { product_summary: 'Weekly meal kits with recipes', churn_context: 'Customers cancelling after the discount ends' },
  });
});
afterAll(() => sb.close());

describe('POST /v1/projects/generate-questions', () => {
  it('drafts a guide in the exact form project creation accepts, with several probing levels', async () => {
    const draft = await org.client.generateQuestions({ research_objective: 'Understand how people plan their weekly meals' });
    expect(new Set(draft.questions.map((q) => q.probing_level)).size).toBeGreaterThanOrEqual(2);
    expect(draft.suggested_title.length).toBeGreaterThan(3);
    expect(draft.intro_message).toContain('Northwind Meals');
    const created = await org.client.createProject({
      title: draft.suggested_title,
      intro_message: draft.intro_message,
      end_message: draft.end_message,
      questions: draft.questions.map((q) => ({ question: q.question, probing_level: q.probing_level as 'low' | 'medium' | 'high' })),
      languages: [{ language_name: 'English', accent: 'en-GB' }],
      interaction_modes: ['video'],
    });
    expect(created.id).toBeTruthy();
  });

  it('is deterministic: the same objective drafts the same guide', async () => {
    const body = { research_objective: 'Learn why people abandon their basket', type: 'USER_INTERVIEW' as const };
    expect(await org.client.generateQuestions(body)).toEqual(await org.client.generateQuestions(body));
  });

  it("uses the organisation's stored churn context for CHURN, and never saves anything", async () => {
    const before = (await org.client.listProjects()).length;
    const draft = await org.client.generateQuestions({ research_objective: 'Find out why subscribers cancel', type: 'CHURN' });
    expect(draft.questions.some((q) => q.question.toLowerCase().includes('cancelling after the discount ends'))).toBe(true);
    expect((await org.client.listProjects()).length).toBe(before);
  });

  it('grounds STIMULI questions on the uploaded captions', async () => {
    const { id } = await org.client.createProject(projectBody({ type: 'STIMULI' }));
    for (const caption of ['Blue label', 'Green label']) {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const p = await org.client.presignStimulus({ project_id: id, filename: 'x.png', content_type: 'image/png' });
      await org.client.uploadStimulus(p, {
        open: async function* () {
          yield png;
        },
        size: png.length,
        filename: 'x.png',
        contentType: 'image/png',
      });
      await org.client.confirmStimulus({ project_id: id, file_id: p.file_id, file_ext: '.png', caption });
    }
    const draft = await org.client.generateQuestions({ research_objective: 'Test two label designs', type: 'STIMULI', project_id: id });
    const text = draft.questions.map((q) => q.question).join('\n');
    expect(text).toContain('Blue label');
    expect(text).toContain('Green label');
  });

  it('400 when type is STIMULI and project_id is missing', async () => {
    expect(await failure(org.client.generateQuestions({ research_objective: 'Test packs', type: 'STIMULI' }))).toMatchObject({ status: 400 });
  });

  it("404 when project_id is not the organisation's", async () => {
    expect(await failure(org.client.generateQuestions({ research_objective: 'Test packs', type: 'STIMULI', project_id: randomUUID() }))).toMatchObject({
      status: 404,
    });
  });

  it('502 when generation fails validation (injected); the client does not retry a POST', async () => {
    const flaky = await sb.newOrg();
    await flaky.operator('PUT', '/_sandbox/faults', { generation_failure_rate: 1 });
    const err = await failure(flaky.client.generateQuestions({ research_objective: 'Anything at all' }));
    expect(err).toMatchObject({ status: 502, code: 'generation_failed' });
    await flaky.operator('PUT', '/_sandbox/faults', {});
    await expect(flaky.client.generateQuestions({ research_objective: 'Anything at all' })).resolves.toBeTruthy();
  });

  it('503 when AI drafting is off for the organisation, and for external projects too', async () => {
    const off = await sb.newOrg();
    await off.operator('PUT', '/_sandbox/organisations/me', { ai_enabled: false });
    expect(await failure(off.client.generateQuestions({ research_objective: 'Anything' }))).toMatchObject({ status: 503 });
    expect(await failure(off.client.createExternalProject({ organisation_id: off.orgId, title: 't', research_objective: 'Anything' }))).toMatchObject({
      status: 503,
    });
  });

  it('503 when the whole sandbox runs with AI off', async () => {
    const noAi = await testSandbox({ aiEnabled: false });
    try {
      const o = await noAi.newOrg();
      expect(await failure(o.client.generateQuestions({ research_objective: 'Anything' }))).toMatchObject({ status: 503, code: 'ai_unavailable' });
    } finally {
      await noAi.close();
    }
  });
});
