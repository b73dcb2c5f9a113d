import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
let org: Org;
beforeAll(async () => {
  sb = await testSandbox();
  org = await sb.newOrg({ trial_credits: 100 });
});
afterAll(() => sb.close());

describe('project state table', () => {
  it('POST /v1/projects creates a STARTED project with recruiting, listed with the spec fields', async () => {
    const created = await org.client.createProject(projectBody({ title: 'Created study', target_participants: 7 }));
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.interview_id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = (await org.client.listProjects()).find((p) => p.id === created.id)!;
    expect(listed).toMatchObject({
      title: 'Created study',
      status: 'STARTED',
      recruiting: { completed_participants: 0, has_launched: false, target_participants: 7, type: 'INTERNAL' },
    });
    expect(Date.parse(listed.created_at!)).not.toBeNaN();
  });

  it('POST /external/projects creates a DRAFT whose guide the AI generated', async () => {
    const r = await org.client.createExternalProject({
      organisation_id: org.orgId,
      title: 'Pricing page research',
      research_objective: 'Understand how visitors compare our pricing plans',
      ai_context: 'A budgeting app for freelancers',
      target_audience: 'Freelancers',
    });
    expect(r.status).toBe('DRAFT');
    expect(r.interview_guide.intro_message.length).toBeGreaterThan(10);
    expect(r.interview_guide.questions.length).toBeGreaterThanOrEqual(3);
    expect(r.interview_guide.questions.every((q) => typeof q === 'string' && q.length > 5)).toBe(true);
    const listed = (await org.client.listProjects()).find((p) => p.id === r.project_id);
    expect(listed?.status).toBe('DRAFT');
  });

  it('creation validates the body: 400 with the field at fault', async () => {
    const res = await sb.raw('POST', '/v1/projects', { key: org.apiKey, body: { ...projectBody(), languages: [] } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toMatch(/language/i);
  });

  it('defaults: type USER_INTERVIEW, recruiting INTERNAL', async () => {
    const { title: _t, type: _ty, ...body } = projectBody();
    const created = await org.client.createProject(body);
    const listed = (await org.client.listProjects()).find((p) => p.id === created.id)!;
    expect(listed.type).toBe('USER_INTERVIEW');
    expect(listed.recruiting?.type).toBe('INTERNAL');
  });
});

describe('PATCH /v1/projects/{id}', () => {
  it('replaces the supplied fields only, and end_message null clears it', async () => {
    const { id } = await org.client.createProject(projectBody({ end_message: 'Bye!' }));
    const r1 = await org.client.patchProject(id, { title: 'Renamed' });
    expect(r1).toMatchObject({ id, title: 'Renamed', intro_message: 'Thanks for joining.', end_message: 'Bye!', stimuli_cleared: false });
    expect(r1.questions.map((q) => q.question)).toEqual(projectBody().questions.map((q) => q.question));
    const r2 = await org.client.patchProject(id, { end_message: null });
    expect(r2.end_message).toBeNull();
    expect(r2.title).toBe('Renamed');
  });

  it('needs at least one field, and at least one question when questions are given', async () => {
    const { id } = await org.client.createProject(projectBody());
    const empty = await sb.raw('PATCH', `/v1/projects/${id}`, { key: org.apiKey, body: {} });
    expect(empty.status).toBe(400);
    const noQuestions = await sb.raw('PATCH', `/v1/projects/${id}`, { key: org.apiKey, body: { questions: [] } });
    expect(noQuestions.status).toBe(400);
  });

  it('409 not_editable once launched', async () => {
    const { id } = await org.client.createProject(projectBody());
    await org.client.launchProject(id, 1);
    expect(await failure(org.client.patchProject(id, { title: 'Too late' }))).toMatchObject({ status: 409, code: 'not_editable' });
  });

  it('409 conflict when the guide holds survey questions', async () => {
    const { id } = await org.client.createProject(projectBody());
    expect((await org.operator('PATCH', `/_sandbox/projects/${id}`, { survey_questions: true })).status).toBe(200);
    expect(await failure(org.client.patchProject(id, { title: 'x' }))).toMatchObject({ status: 409, code: 'conflict' });
  });
});
