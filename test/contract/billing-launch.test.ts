import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_PER_PARTICIPANT_CENTS } from '../../src/sandbox/domain/billing';
import { failure, projectBody, testSandbox, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.close());

describe('billing at launch', () => {
  it('uses trial credits first, then charges the balance for the whole target up front', async () => {
    const org = await sb.newOrg({ balance_cents: 10_000, trial_credits: 3 });
    expect(await org.client.getCredits()).toEqual({ balance: '$100.00', trial_credits: 3 });
    const { id, interview_id } = await org.client.createProject(projectBody());
    const out = await org.client.launchProject(id, 10);
    expect(out.kind).toBe('launched');
    if (out.kind !== 'launched') return;
    const charged = 7 * PRICE_PER_PARTICIPANT_CENTS;
    expect(out.result).toMatchObject({
      project_id: id,
      status: 'IN_PROGRESS',
      target_participants: 10,
      trial_credits_used: 3,
      balance_charged: `$${(charged / 100).toFixed(2)}`,
      balance_remaining: `$${((10_000 - charged) / 100).toFixed(2)}`,
      recruiting_type: 'INTERNAL',
    });
    expect(out.result.call_url).toBe(`${sb.baseUrl}/call/en-US/${interview_id}/${id}`);
    expect(await org.client.getCredits()).toEqual({ balance: `$${((10_000 - charged) / 100).toFixed(2)}`, trial_credits: 0 });
    const listed = (await org.client.listProjects()).find((p) => p.id === id)!;
    expect(listed).toMatchObject({ status: 'IN_PROGRESS', recruiting: { has_launched: true, target_participants: 10 } });
  });

  it('a launch covered by trial credits charges nothing', async () => {
    const org = await sb.newOrg({ balance_cents: 0, trial_credits: 5 });
    const { id } = await org.client.createProject(projectBody());
    const out = await org.client.launchProject(id, 5);
    expect(out.kind === 'launched' && out.result).toMatchObject({ trial_credits_used: 5, balance_charged: '$0.00', balance_remaining: '$0.00' });
  });

  it('402 insufficient_balance carries available, required and shortfall, and charges nothing', async () => {
    const org = await sb.newOrg({ balance_cents: 1_000, trial_credits: 1 });
    const { id } = await org.client.createProject(projectBody());
    const err = await failure(org.client.launchProject(id, 5));
    const required = 4 * PRICE_PER_PARTICIPANT_CENTS;
    expect(err).toMatchObject({
      status: 402,
      code: 'insufficient_balance',
      details: { balance_available: 1_000, balance_required: required, shortfall: required - 1_000 },
    });
    expect(await org.client.getCredits()).toEqual({ balance: '$10.00', trial_credits: 1 });
    expect((await org.client.listProjects()).find((p) => p.id === id)?.recruiting?.has_launched).toBe(false);
  });

  it('the call_url is live immediately after launch, and not before', async () => {
    const org = await sb.newOrg({ trial_credits: 5 });
    const { id, interview_id } = await org.client.createProject(projectBody({ languages: [{ language_name: 'French', accent: 'fr-FR' }] }));
    const before = await fetch(`${sb.baseUrl}/call/fr-FR/${interview_id}/${id}`);
    expect(before.status).toBe(403);
    const out = await org.client.launchProject(id, 2);
    if (out.kind !== 'launched') throw new Error('expected launched');
    expect(out.result.call_url).toContain('/fr-FR/');
    const page = await fetch(out.result.call_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Start interview');
  });
});

describe('launching twice', () => {
  it('the second launch is a 409; the client shows the project as launched, with its call_url, and charges once', async () => {
    const org = await sb.newOrg({ balance_cents: 10_000, trial_credits: 0 });
    const { id, interview_id } = await org.client.createProject(projectBody());
    const first = await org.client.launchProject(id, 2, { locale: 'en-US' });
    expect(first.kind).toBe('launched');
    const raw = await sb.raw('POST', `/v1/projects/${id}/launch`, { key: org.apiKey, body: { target_participants: 2 } });
    expect(raw.status).toBe(409);
    const second = await org.client.launchProject(id, 2, { locale: 'en-US' });
    expect(second).toMatchObject({ kind: 'already_launched', call_url: `${sb.baseUrl}/call/en-US/${interview_id}/${id}` });
    expect((await org.client.getCredits()).balance).toBe(`$${((10_000 - 2 * PRICE_PER_PARTICIPANT_CENTS) / 100).toFixed(2)}`);
  });

  it('two launches at the same moment: exactly one succeeds', async () => {
    const org = await sb.newOrg({ balance_cents: 100_000 });
    const { id } = await org.client.createProject(projectBody());
    const results = await Promise.all([1, 2, 3].map(() => sb.raw('POST', `/v1/projects/${id}/launch`, { key: org.apiKey, body: { target_participants: 1 } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('STIMULI launch conditions', () => {
  it('needs at least one stimulus, and every stimulus assigned', async () => {
    const org = await sb.newOrg({ trial_credits: 10 });
    const { id } = await org.client.createProject(projectBody({ type: 'STIMULI' }));
    expect(await failure(org.client.launchProject(id, 1))).toMatchObject({ status: 422, code: 'no_stimuli' });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const presign = await org.client.presignStimulus({ project_id: id, filename: 'a.png', content_type: 'image/png', file_size_bytes: png.length });
    await org.client.uploadStimulus(presign, {
      open: async function* () {
        yield png;
      },
      size: png.length,
      filename: 'a.png',
      contentType: 'image/png',
    });
    await org.client.confirmStimulus({ project_id: id, file_id: presign.file_id, file_ext: '.png', caption: 'A' });
    const err = await failure(org.client.launchProject(id, 1));
    expect(err).toMatchObject({ status: 422, code: 'stimuli_unassigned' });
    expect(err.details.service_details).toEqual({ stimuli_ids: [presign.file_id] });
    await org.client.assignStimulus({ project_id: id, stimuli_id: presign.file_id, question_items: [projectBody().questions[0]!.question] });
    expect((await org.client.launchProject(id, 1)).kind).toBe('launched');
  });
});
