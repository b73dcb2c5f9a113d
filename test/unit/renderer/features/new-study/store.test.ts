// The new-study store's calls: what each create and draft sends, what happens after (the draft cleared,
// the list reloaded, the study opened), and how failures come back as UiErrors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { WorkspaceSummary } from '../../../../../src/shared/ipc/channels/workspaces';
import { UiError } from '../../../../../src/renderer/lib/api';
import { useNav } from '../../../../../src/renderer/app/nav-store';
import { freshDraft, useNewStudy } from '../../../../../src/renderer/features/new-study/store';
import { PLACEHOLDER_QUESTION } from '../../../../../src/renderer/features/new-study/stimuli-entry';
import { useStimuliWizard } from '../../../../../src/renderer/features/new-study/stimuli-wizard-store';
import { emptyStudyForm, question } from '../../../../../src/renderer/features/study-form/model';
import { installFakeBridge, IpcFailure, type InstalledFakeBridge } from '../../../../support/fake-bridge';

const list = () => ({ items: [], synced_at: null });
let fake: InstalledFakeBridge;

beforeEach(() => {
  useNewStudy.setState({ drafts: {} });
  useNav.getState().go({ name: 'new-study' });
});
afterEach(() => fake.restore());

/** A typed-in draft, so the tests can see it cleared. */
const typed = () => useNewStudy.getState().patch('w1', null, () => ({ method: 'own', values: emptyStudyForm({ title: 'Churn study' }) }));

describe('generate', () => {
  it('sends the trimmed objective and the type; a STIMULI draft names its study', async () => {
    const answer = { suggested_title: 'T', intro_message: 'Hi', end_message: 'Bye', questions: [{ question: 'Why?', probing_level: 'high' }] };
    fake = installFakeBridge({ 'studies.generate': () => answer });
    expect(await useNewStudy.getState().generate('w1', '  Why people cancel ', 'CHURN')).toEqual(answer);
    await useNewStudy.getState().generate('w1', 'Packaging', 'STIMULI', 'p7');
    expect(fake.inputs('studies.generate')).toEqual([
      { workspace_id: 'w1', research_objective: 'Why people cancel', type: 'CHURN' },
      { workspace_id: 'w1', research_objective: 'Packaging', type: 'STIMULI', project_id: 'p7' },
    ]);
  });

  it("throws main's error as a UiError (ai_unavailable, generation_failed)", async () => {
    fake = installFakeBridge({
      'studies.generate': () => {
        throw new IpcFailure('ai_unavailable', 'AI drafting is off for this organisation.');
      },
    });
    const e: unknown = await useNewStudy
      .getState()
      .generate('w1', 'x', 'USER_INTERVIEW')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UiError);
    expect(e).toMatchObject({ code: 'ai_unavailable', message: 'AI drafting is off for this organisation.' });
  });
});

describe('create', () => {
  it('sends the form as the create body, then clears the draft, reloads the list and opens the study on its guide', async () => {
    fake = installFakeBridge({ 'studies.create': () => ({ project_id: 'p9', interview_id: 'i1' }), 'projects.list': list });
    typed();
    const values = emptyStudyForm({ title: ' Churn study ', questions: [question('Why did you leave?')] });
    await useNewStudy.getState().create('w1', values);
    expect(fake.inputs('studies.create')).toEqual([
      {
        workspace_id: 'w1',
        title: 'Churn study',
        type: 'USER_INTERVIEW',
        intro_message: '',
        questions: [{ question: 'Why did you leave?', probing_level: 'medium' }],
        target_participants: 10,
        recruiting_type: 'INTERNAL',
        languages: [{ language_name: 'English', accent: 'en-US' }],
        interaction_modes: ['video', 'audio'],
      },
    ]);
    expect(useNewStudy.getState().drafts.w1).toBeUndefined();
    expect(fake.inputs('projects.list')).toEqual([{ workspace_id: 'w1' }]);
    expect(useNav.getState().route).toEqual({ name: 'project', projectId: 'p9', tab: 'guide' });
  });

  it('a refusal keeps the draft and the screen, and carries the issues for the fields', async () => {
    const issues = [{ path: 'questions.0.question', message: 'Too long' }];
    fake = installFakeBridge({
      'studies.create': () => {
        throw new IpcFailure('invalid_input', 'Check the fields.', { issues });
      },
    });
    typed();
    await expect(useNewStudy.getState().create('w1', emptyStudyForm())).rejects.toMatchObject({ code: 'invalid_input', details: { issues } });
    expect(useNewStudy.getState().drafts.w1?.values.title).toBe('Churn study');
    expect(useNav.getState().route).toEqual({ name: 'new-study' });
    expect(fake.calls.map((c) => c.channel)).toEqual(['studies.create']);
  });

  it('a broken bridge is bridge_failed', async () => {
    fake = installFakeBridge({ 'studies.create': () => Promise.reject(new Error('gone')) });
    await expect(useNewStudy.getState().create('w1', emptyStudyForm())).rejects.toMatchObject({ code: 'bridge_failed' });
  });
});

describe('createExternal', () => {
  it('sends the trimmed fields, leaving out empty optional ones, then opens the study', async () => {
    fake = installFakeBridge({ 'studies.createExternal': () => ({ project_id: 'p3', title: 'T', status: 'DRAFT', guide: {} }), 'projects.list': list });
    typed();
    const ext = { organisation_id: ' org-1 ', ai_context: '  ', target_audience: ' Parents ' };
    await useNewStudy.getState().createExternal('w1', ext, emptyStudyForm({ title: ' Meal kits ', research_objective: ' Why they stay ' }));
    expect(fake.inputs('studies.createExternal')).toEqual([
      { workspace_id: 'w1', organisation_id: 'org-1', title: 'Meal kits', research_objective: 'Why they stay', target_audience: 'Parents' },
    ]);
    expect(useNewStudy.getState().drafts.w1).toBeUndefined();
    expect(useNav.getState().route).toEqual({ name: 'project', projectId: 'p3', tab: 'guide' });
  });
});

describe('createStimuli', () => {
  const workspace = { id: 'w1', name: 'Acme', organisation_id: null } as WorkspaceSummary;

  it('creates the study with the placeholder question, then starts the wizard on it', async () => {
    fake = installFakeBridge({ 'studies.create': () => ({ project_id: 'p5', interview_id: 'i1' }), 'projects.list': list });
    typed();
    await useNewStudy.getState().createStimuli(workspace, '  ', ' Packaging ');
    expect(fake.inputs('studies.create')).toEqual([
      {
        workspace_id: 'w1',
        title: 'Untitled stimuli study',
        type: 'STIMULI',
        research_objective: 'Packaging',
        intro_message: 'Thanks for taking part. You will see a few images or videos, and we would like to hear what you think of each.',
        questions: [{ question: PLACEHOLDER_QUESTION, probing_level: 'medium' }],
        languages: [{ language_name: 'English', accent: 'en-US' }],
        interaction_modes: ['video', 'audio'],
      },
    ]);
    expect(useStimuliWizard.getState().byProject.p5).toMatchObject({
      workspaceId: 'w1',
      projectId: 'p5',
      title: '',
      research_objective: 'Packaging',
      step: 'media',
    });
    expect(useNav.getState().route).toEqual({ name: 'stimuli-wizard', projectId: 'p5' });
    expect(useNewStudy.getState().drafts.w1).toBeUndefined();
  });

  it('leaves out an empty objective, and a failure starts nothing', async () => {
    fake = installFakeBridge({
      'studies.create': () => {
        throw new IpcFailure('insufficient_balance', 'Not enough credit.');
      },
    });
    typed();
    await expect(useNewStudy.getState().createStimuli(workspace, 'Packs', '')).rejects.toMatchObject({ code: 'insufficient_balance' });
    expect(fake.inputs('studies.create')[0]).not.toHaveProperty('research_objective');
    expect(useNewStudy.getState().drafts.w1).toBeDefined();
    expect(useNav.getState().route).toEqual({ name: 'new-study' });
  });
});

describe('saveQuestions', () => {
  it('replaces the questions, then reloads the stimuli and the study before answering', async () => {
    const result = { stimuli_cleared: true, restored: [], unresolved: [] };
    fake = installFakeBridge({ 'studies.update': () => result, 'stimuli.list': () => [], 'projects.get': () => null });
    const r = await useNewStudy.getState().saveQuestions('w1', 'p5', [question(' First? ', 'low'), question('Second?')]);
    expect(r).toEqual(result);
    expect(fake.calls).toEqual([
      {
        channel: 'studies.update',
        input: {
          workspace_id: 'w1',
          project_id: 'p5',
          questions: [
            { question: 'First?', probing_level: 'low' },
            { question: 'Second?', probing_level: 'medium' },
          ],
        },
      },
      { channel: 'stimuli.list', input: { workspace_id: 'w1', project_id: 'p5' } },
      { channel: 'projects.get', input: { workspace_id: 'w1', project_id: 'p5' } },
    ]);
  });

  it("throws main's refusal and reloads nothing", async () => {
    fake = installFakeBridge({
      'studies.update': () => {
        throw new IpcFailure('not_editable', 'This study has launched.');
      },
    });
    await expect(useNewStudy.getState().saveQuestions('w1', 'p5', [question('Q?')])).rejects.toMatchObject({ code: 'not_editable' });
    expect(fake.calls).toHaveLength(1);
  });
});

describe('drafts', () => {
  it('are kept per workspace, starting from the organisation of the workspace', () => {
    fake = installFakeBridge();
    useNewStudy.getState().patch('w2', 'org-9', () => ({ method: 'external' }));
    expect(useNewStudy.getState().drafts.w2).toMatchObject({ method: 'external', drafted: false, external: freshDraft('org-9').external });
    expect(useNewStudy.getState().drafts.w1).toBeUndefined();
  });
});
