import type { Page } from 'playwright-core';
import type { InputOf } from '../../src/shared/ipc/define';
import type { IpcContract } from '../../src/shared/ipc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';
import { addStimulus, type Org } from '../support/sandbox';

type StudyCreateInput = InputOf<IpcContract['studies.create']>;

const skip = browserSkipReason();
if (skip) console.warn(`e2e guide ${skip}`);

describe.skipIf(skip !== null)('the Guide tab', () => {
  const e2e = useHarness({ sandbox: true });

  describe('in the demo', () => {
    let page: Page;
    let problems: string[];
    let ui: App;
    beforeAll(async () => {
      ({ page, problems } = await e2e.openDemo({ viewport: { width: 1280, height: 900 } }));
      ui = app(page);
    });

    it('edits and saves the "Onboarding interviews" draft; Cancel discards; the saved guide survives a reload', async () => {
      const { guide } = ui;
      const { form } = guide;
      await ui.sidebar.openStudy('Onboarding interviews');
      const before = await guide.questionTexts();
      expect(before.length).toBeGreaterThan(1);
      expect(before[0]).toMatch(/(Low|Medium|High) · /);

      // Cancel leaves the guide as it was.
      await guide.edit.click();
      expect(await form.status('No changes yet').count()).toBe(1);
      expect(await form.save.isDisabled()).toBe(true);
      await form.question(1).fill('Throwaway edit');
      await form.cancel.click();
      expect(await guide.questionTexts()).toEqual(before);

      await guide.edit.click();
      await form.question(1).fill('What made you sign up for Northwind in the first place?');
      await form.addQuestion.click();
      await page.keyboard.type('What almost stopped you from finishing setup?');
      await form.probing(before.length + 1).selectOption('high');
      await form.end.fill('');
      expect(await form.status('Unsaved changes').count()).toBe(1);
      await page.setViewportSize({ width: 1280, height: 1900 });
      await shot(page, 'guide-edit-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, 'guide-edit-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 900 });

      // An empty question is refused inline; the rest of the edit stays.
      await form.question(2).fill('  ');
      await form.save.click();
      await expect.poll(() => form.form.getByText('Write this question, or delete it.').count()).toBe(1);
      await form.deleteQuestion(2).click();

      await form.save.click();
      await ui.messages.status('Guide saved.').waitFor({ timeout: 20_000 });
      const after = await guide.questionTexts();
      expect(after).toHaveLength(before.length);
      expect(after[0]).toContain('What made you sign up for Northwind in the first place?');
      expect(after.at(-1)).toContain('What almost stopped you from finishing setup?');
      expect(after.at(-1)).toContain('High · 3 follow-ups');
      expect(await guide.endMessage.innerText()).toMatch(/None/);

      // A reload starts from the study list; the saved guide comes back from the offline cache.
      await page.reload();
      await ui.sidebar.openStudy('Onboarding interviews');
      expect(await guide.questionTexts()).toEqual(after);
      expect(problems).toEqual([]);
    });

    it('shows the launched "Meal-kit churn" guide read-only, with the reason', async () => {
      await ui.sidebar.openStudy('Meal-kit churn');
      // A launched study opens on its interviews (or its last tab); the guide is one tab away.
      await ui.study.openTab('Guide');
      await ui.guide.launchedNote.waitFor();
      expect(await ui.guide.edit.count()).toBe(0);
      expect((await ui.guide.questionTexts()).length).toBeGreaterThan(0);
      expect(await ui.guide.panel.innerText()).toMatch(/Interaction modes/i);
      await page.setViewportSize({ width: 1280, height: 1400 });
      await shot(page, 'guide-readonly-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, 'guide-readonly-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(problems).toEqual([]);
    });
  });

  describe('in an organisation of our own', () => {
    let org: Org;
    let ws: string;
    let page: Page;
    let problems: string[];
    let ui: App;
    beforeAll(async () => {
      org = await e2e.sandbox.newOrg({ name: 'Acme Packaging' });
      ws = (await e2e.harness.core.call('workspaces.add', { name: 'Acme', base_url: e2e.sandbox.baseUrl, api_key: org.apiKey })).id;
      ({ page, problems } = await e2e.newPage({ viewport: { width: 1280, height: 900 } }));
      ui = app(page);
      await page.addInitScript((id) => localStorage.setItem('fieldwork.lastWorkspace', id), ws);
    });

    const create = (body: Pick<StudyCreateInput, 'title' | 'questions'> & Partial<StudyCreateInput>) =>
      e2e.harness.core.call('studies.create', {
        workspace_id: ws,
        intro_message: 'Welcome, and thanks for your time.',
        languages: [{ language_name: 'English', accent: 'en-US' }],
        interaction_modes: ['chat'],
        ...body,
      });

    const openStudy = async (title: string) => {
      await page.goto(e2e.harness.host.url);
      await ui.sidebar.openStudy(title);
    };

    it('a 409 conflict (survey questions) is explained and the edit is kept', async () => {
      const { project_id } = await create({ title: 'Checkout survey', questions: [{ question: 'How was checkout?', probing_level: 'medium' }] });
      expect((await org.operator('PATCH', `/_sandbox/projects/${project_id}`, { survey_questions: true })).status).toBe(200);
      await openStudy('Checkout survey');
      const { form } = ui.guide;
      await ui.guide.edit.click();
      await form.intro.fill('Hello! This takes five minutes.');
      await form.save.click();
      const alert = form.alert("Fieldwork can't save this guide.");
      await alert.waitFor();
      await shot(page, 'guide-survey-conflict');
      expect(await alert.innerText()).toMatch(/contains survey questions, which can only be edited in the service's survey workflow/);
      expect(await form.intro.inputValue()).toBe('Hello! This takes five minutes.');
      expect(await form.status('Unsaved changes').count()).toBe(1);
      expect(problems).toEqual([]);
    });

    it('a study launched elsewhere while being edited: the save is refused with the reason, the edit is kept, then the guide is read-only', async () => {
      const { project_id } = await create({ title: 'Launch race', questions: [{ question: 'How did you hear about us?', probing_level: 'low' }] });
      await openStudy('Launch race');
      const { form } = ui.guide;
      await ui.guide.edit.click();
      await form.question(1).fill('Where did you first hear about us?');
      await org.client.launchProject(project_id, 1);
      await form.save.click();
      await form.alert('This study has launched; its guide can no longer change.').waitFor();
      expect(await form.question(1).inputValue()).toBe('Where did you first hear about us?');
      await expect.poll(() => form.save.isDisabled()).toBe(true);
      await form.cancel.click();
      await ui.guide.launchedNote.waitFor();
      expect(await ui.guide.edit.count()).toBe(0);
      expect(problems).toEqual([]);
    });

    it('on a STIMULI study, warns before a question change, then reports what was re-assigned and what still needs questions', async () => {
      const q = ['Which pack catches your eye first?', 'What does the kraft box say about the brand?', 'Would you reuse the crate?'];
      const { project_id } = await create({ title: 'Pack test', type: 'STIMULI', questions: q.map((question) => ({ question, probing_level: 'medium' })) });
      await addStimulus(org, project_id, 'Kraft box', [q[0]!, q[1]!]);
      await addStimulus(org, project_id, 'Reusable crate', [q[2]!]);
      await e2e.harness.core.call('sync.run', { workspace_id: ws, project_ids: [project_id] });

      await openStudy('Pack test');
      const { guide } = ui;
      expect((await guide.questionTexts())[0]).toContain('Shown with: Kraft box');
      await guide.edit.click();
      expect(await guide.form.form.getByText('Changing questions clears every stimulus assignment').count()).toBe(1);
      await guide.form.question(3).fill('Would you keep the crate for storage?');
      await guide.form.save.click();

      const dialog = guide.reassignDialog;
      await dialog.waitFor();
      expect(await dialog.innerText()).toMatch(/clears the assignments of all 2 stimuli/);
      await dialog.getByRole('button', { name: 'Save and re-assign' }).click();

      const report = ui.messages.status('re-assigned automatically');
      await report.waitFor({ timeout: 20_000 });
      expect(await report.innerText()).toMatch(/1 stimulus was re-assigned automatically/);
      expect(await report.innerText()).toMatch(/1 stimulus needs questions before launch: Reusable crate\./);
      const live = Object.fromEntries((await org.client.listStimuli(project_id)).items.map((s) => [s.caption, s.question_items]));
      expect(live).toEqual({ 'Kraft box': [q[0], q[1]], 'Reusable crate': [] });
      expect(await guide.questionTexts()).toEqual([
        expect.stringContaining('Shown with: Kraft box'),
        expect.stringContaining('Shown with: Kraft box'),
        expect.not.stringContaining('Shown with'),
      ]);
      await shot(page, 'guide-stimuli-reassigned');
      await report.getByRole('button', { name: 'Assign on the Stimuli tab' }).click();
      await expect.poll(() => ui.study.tab('Stimuli').getAttribute('aria-selected')).toBe('true');
      expect(problems).toEqual([]);
    });
  });
});
