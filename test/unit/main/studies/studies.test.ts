import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src/main/core';
import { useCoreWithSandbox } from '../../../support/core';
import { addStimulus, ENGLISH, projectBody, type Org, type TestSandbox } from '../../../support/sandbox';
import { err, present } from '../../../support/ipc';

const setUp = useCoreWithSandbox({ dirPrefix: 'fw-studies-', core: { webhooks: false } });
let sb: TestSandbox;
let core: Core;
beforeAll(() => {
  ({ sb, core } = setUp);
});

async function workspaceFor(org: Org, organisationId: string | null = null): Promise<string> {
  const w = await core.call('workspaces.add', {
    name: `W ${org.orgId.slice(0, 6)}`,
    base_url: sb.baseUrl,
    api_key: org.apiKey,
    ...(organisationId ? { organisation_id: organisationId } : {}),
  });
  return w.id;
}

describe('studies.generate', () => {
  it('returns the draft, and maps 502 to generation_failed (retry works) and 503 to ai_unavailable', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    const draft = await core.call('studies.generate', { workspace_id: ws, research_objective: 'Why do people cancel meal kits?', type: 'CHURN' });
    expect(draft.questions.length).toBeGreaterThan(0);
    expect(draft.suggested_title).not.toBe('');

    await org.operator('PUT', '/_sandbox/faults', { generation_failure_rate: 1 });
    const e502 = await err(core.dispatch('studies.generate', { workspace_id: ws, research_objective: 'Anything' }));
    expect(e502.code).toBe('generation_failed');
    expect(e502.message).toMatch(/Try again/);
    await org.operator('PUT', '/_sandbox/faults', {});
    await expect(core.call('studies.generate', { workspace_id: ws, research_objective: 'Anything' })).resolves.toBeTruthy();

    await org.operator('PUT', '/_sandbox/organisations/me', { ai_enabled: false });
    const e503 = await err(core.dispatch('studies.generate', { workspace_id: ws, research_objective: 'Anything' }));
    expect(e503.code).toBe('ai_unavailable');
    expect(e503.message).toMatch(/turned off/);
  });

  it('refuses an empty objective before calling the service', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    expect(await err(core.dispatch('studies.generate', { workspace_id: ws, research_objective: '   ' }))).toMatchObject({ code: 'invalid_input' });
  });
});

describe('studies.create', () => {
  it('creates the project, and it is in the cache at once with its guide', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    const body = projectBody({
      title: 'Pricing interviews',
      research_objective: 'Understand pricing',
      end_message: 'Thanks!',
      interaction_modes: ['video', 'chat'],
    });
    const { project_id } = await core.call('studies.create', { workspace_id: ws, ...body });
    const list = await core.call('projects.list', { workspace_id: ws });
    expect(list.items.map((p) => p.title)).toContain('Pricing interviews');
    const p = present(await core.call('projects.get', { workspace_id: ws, project_id }), 'the study');
    expect(p.status).toBe('STARTED');
    expect(p.guide).toMatchObject({
      research_objective: 'Understand pricing',
      intro_message: 'Thanks for joining.',
      end_message: 'Thanks!',
      languages: ENGLISH,
      interaction_modes: ['video', 'chat'],
    });
    expect(p.guide!.questions.map((q) => q.probing_level)).toEqual(['low', 'high']);
  });

  it('rejects a form without an interaction mode or with an empty question, naming the problem', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    expect(await err(core.dispatch('studies.create', { workspace_id: ws, ...projectBody({ interaction_modes: [] }) }))).toMatchObject({
      code: 'invalid_input',
      message: 'Choose at least one interaction mode',
    });
    const e = await err(core.dispatch('studies.create', { workspace_id: ws, ...projectBody({ questions: [{ question: ' ', probing_level: 'low' }] }) }));
    expect(e.message).toBe('A question cannot be empty');
    expect((await org.client.listProjects()).length).toBe(0);
  });
});

describe('studies.createExternal', () => {
  it('creates a DRAFT with its guide, taking the organisation ID from the workspace when not given', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org, org.orgId);
    const r = await core.call('studies.createExternal', {
      workspace_id: ws,
      title: 'Switching banks',
      research_objective: 'Why people switch banks',
      target_audience: 'Adults who switched in the last year',
    });
    expect(r.status).toBe('DRAFT');
    expect(r.guide.questions.length).toBeGreaterThan(0);
    const p = present(await core.call('projects.get', { workspace_id: ws, project_id: r.project_id }), 'the study');
    expect(p).toMatchObject({ title: 'Switching banks', status: 'DRAFT' });
    expect(p.guide!.questions.map((q) => q.question)).toEqual(r.guide.questions);
    expect(p.guide!.research_objective).toBe('Why people switch banks');
  });

  it('asks for the organisation ID when the workspace does not know it, and explains a wrong one', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    expect(await err(core.dispatch('studies.createExternal', { workspace_id: ws, title: 'T', research_objective: 'O' }))).toMatchObject({
      code: 'organisation_required',
    });
    expect(
      await err(core.dispatch('studies.createExternal', { workspace_id: ws, organisation_id: 'not-mine', title: 'T', research_objective: 'O' })),
    ).toMatchObject({ code: 'organisation_not_found' });
  });
});

describe('studies.update', () => {
  it('patches an unlaunched study and the cache shows the new guide; null clears the end message', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    const { project_id } = await core.call('studies.create', { workspace_id: ws, ...projectBody({ end_message: 'Bye' }) });
    const r = await core.call('studies.update', {
      workspace_id: ws,
      project_id,
      title: 'Renamed',
      intro_message: 'Welcome',
      end_message: null,
      questions: [{ question: 'Only one?', probing_level: 'medium' }],
    });
    expect(r).toEqual({ stimuli_cleared: false, restored: [], unresolved: [] });
    const p = present(await core.call('projects.get', { workspace_id: ws, project_id }), 'the study');
    expect(p.title).toBe('Renamed');
    expect(p.guide).toMatchObject({ intro_message: 'Welcome', end_message: null, questions: [{ question: 'Only one?', probing_level: 'medium' }] });
  });

  it('maps 409 not_editable and 409 conflict (survey questions) to distinct codes', async () => {
    const org = await sb.newOrg({ trial_credits: 10 });
    const ws = await workspaceFor(org);
    const launched = (await org.client.createProject(projectBody())).id;
    await org.client.launchProject(launched, 2);
    expect(await err(core.dispatch('studies.update', { workspace_id: ws, project_id: launched, title: 'Late' }))).toMatchObject({
      code: 'not_editable',
      message: 'This study has launched; its guide can no longer change.',
    });
    const survey = (await org.client.createProject(projectBody())).id;
    await org.operator('PATCH', `/_sandbox/projects/${survey}`, { survey_questions: true });
    const e = await err(core.dispatch('studies.update', { workspace_id: ws, project_id: survey, title: 'Nope' }));
    expect(e.code).toBe('survey_questions');
    expect(e.message).toMatch(/survey questions/);
  });

  it('on a STIMULI project, re-assigns each stimulus the questions that still exist and reports the rest', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    const q = ['Which pack catches your eye first?', 'What does the kraft box say about the brand?', 'Would you reuse the crate?'];
    const { project_id } = await core.call('studies.create', {
      workspace_id: ws,
      ...projectBody({ type: 'STIMULI', questions: q.map((question) => ({ question, probing_level: 'medium' })) }),
    });
    const kraft = await addStimulus(org, project_id, 'Kraft box', [q[0]!, q[1]!]);
    const crate = await addStimulus(org, project_id, 'Crate', [q[2]!]);
    const pouch = await addStimulus(org, project_id, 'Pouch', []);

    const next = [q[0]!, 'What does the box say about the brand?', q[1]!.toUpperCase()];
    const r = await core.call('studies.update', { workspace_id: ws, project_id, questions: next.map((question) => ({ question, probing_level: 'high' })) });
    expect(r.stimuli_cleared).toBe(true);
    expect(r.restored).toEqual([{ stimuli_id: kraft, caption: 'Kraft box', question_items: [q[0]], lost_questions: [q[1]] }]);
    expect(r.unresolved).toEqual([
      { stimuli_id: crate, caption: 'Crate', lost_questions: [q[2]] },
      { stimuli_id: pouch, caption: 'Pouch', lost_questions: [] },
    ]);
    // The service agrees, and so does the cache.
    const live = (await org.client.listStimuli(project_id)).items;
    expect(Object.fromEntries(live.map((s) => [s.caption, s.question_items]))).toEqual({ 'Kraft box': [q[0]], Crate: [], Pouch: [] });
    const p = present(await core.call('projects.get', { workspace_id: ws, project_id }), 'the study');
    expect(Object.fromEntries(p.stimuli.map((s) => [s.caption, s.question_items]))).toEqual({ 'Kraft box': [q[0]], Crate: [], Pouch: [] });
  });

  it('a title-only change on a STIMULI project leaves assignments alone', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    const body = projectBody({ type: 'STIMULI' });
    const { project_id } = await core.call('studies.create', { workspace_id: ws, ...body });
    await addStimulus(org, project_id, 'Box', [body.questions[0]!.question]);
    expect(await core.call('studies.update', { workspace_id: ws, project_id, title: 'Packs' })).toEqual({
      stimuli_cleared: false,
      restored: [],
      unresolved: [],
    });
    expect((await org.client.listStimuli(project_id)).items[0]!.question_items).toEqual([body.questions[0]!.question]);
  });

  it('refuses an update with nothing to change', async () => {
    const org = await sb.newOrg();
    const ws = await workspaceFor(org);
    expect(await err(core.dispatch('studies.update', { workspace_id: ws, project_id: 'x' }))).toMatchObject({
      code: 'invalid_input',
      message: 'Change at least one field',
    });
  });
});
