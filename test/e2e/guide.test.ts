import type { Browser, Page } from 'playwright-core';
import type { InputOf } from '../../src/shared/ipc/define';
import type { IpcContract } from '../../src/shared/ipc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { openDemo } from '../support/demo-operator';
import { addStimulus, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

type StudyCreateInput = InputOf<IpcContract['studies.create']>;

const skip = browserSkipReason();
if (skip) console.warn(`e2e guide ${skip}`);

const guideQuestions = (page: Page) =>
  page
    .getByRole('tabpanel')
    .getByRole('region', { name: /Questions/ })
    .getByRole('listitem')
    .allInnerTexts();

describe.skipIf(skip !== null)('the Guide tab', () => {
  let browser: Browser;
  let harness: Harness;
  let sb: TestSandbox;
  beforeAll(async () => {
    [harness, browser, sb] = await Promise.all([startHarness(), launchBrowser(), testSandbox()]);
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await sb?.close();
  });

  describe('in the demo', () => {
    let page: Page;
    let problems: string[];
    beforeAll(async () => {
      ({ page, problems } = await openDemo(browser, harness, { viewport: { width: 1280, height: 900 } }));
    });

    const open = async (title: string) => {
      await page.getByRole('navigation').getByRole('button', { name: title }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    };

    it('edits and saves the "Onboarding interviews" draft; Cancel discards; the saved guide survives a reload', async () => {
      await open('Onboarding interviews');
      const before = await guideQuestions(page);
      expect(before.length).toBeGreaterThan(1);
      expect(before[0]).toMatch(/(Low|Medium|High) · /);

      // Cancel leaves the guide as it was.
      await page.getByRole('button', { name: 'Edit guide' }).click();
      const form = page.getByRole('form', { name: 'Edit the guide' });
      expect(await form.getByRole('status').filter({ hasText: 'No changes yet' }).count()).toBe(1);
      expect(await form.getByRole('button', { name: 'Save guide' }).isDisabled()).toBe(true);
      await form.getByRole('textbox', { name: 'Question 1' }).fill('Throwaway edit');
      await form.getByRole('button', { name: 'Cancel' }).click();
      expect(await guideQuestions(page)).toEqual(before);

      await page.getByRole('button', { name: 'Edit guide' }).click();
      await form.getByRole('textbox', { name: 'Question 1' }).fill('What made you sign up for Northwind in the first place?');
      await form.getByRole('button', { name: '+ Add question' }).click();
      await page.keyboard.type('What almost stopped you from finishing setup?');
      await form.getByRole('combobox', { name: `Probing level for question ${before.length + 1}` }).selectOption('high');
      await form.getByLabel(/End message/).fill('');
      expect(await form.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).toBe(1);
      await page.setViewportSize({ width: 1280, height: 1900 });
      await shot(page, 'guide-edit-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, 'guide-edit-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 900 });

      // An empty question is refused inline; the rest of the edit stays.
      await form.getByRole('textbox', { name: 'Question 2' }).fill('  ');
      await form.getByRole('button', { name: 'Save guide' }).click();
      await expect.poll(() => form.getByText('Write this question, or delete it.').count()).toBe(1);
      await form.getByRole('button', { name: 'Delete question 2' }).click();

      await form.getByRole('button', { name: 'Save guide' }).click();
      await page.getByRole('status').filter({ hasText: 'Guide saved.' }).waitFor({ timeout: 20_000 });
      const after = await guideQuestions(page);
      expect(after).toHaveLength(before.length);
      expect(after[0]).toContain('What made you sign up for Northwind in the first place?');
      expect(after.at(-1)).toContain('What almost stopped you from finishing setup?');
      expect(after.at(-1)).toContain('High · 3 follow-ups');
      expect(await page.getByRole('region', { name: 'End message' }).innerText()).toMatch(/None/);

      // A reload starts from the study list; the saved guide comes back from the offline cache.
      await page.reload();
      await open('Onboarding interviews');
      expect(await guideQuestions(page)).toEqual(after);
      expect(problems).toEqual([]);
    });

    it('shows the launched "Meal-kit churn" guide read-only, with the reason', async () => {
      await open('Meal-kit churn');
      await page.getByText('This study has launched; its guide can no longer change.').waitFor();
      expect(await page.getByRole('button', { name: 'Edit guide' }).count()).toBe(0);
      expect((await guideQuestions(page)).length).toBeGreaterThan(0);
      expect(await page.getByRole('tabpanel').innerText()).toMatch(/Interaction modes/i);
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
    beforeAll(async () => {
      org = await sb.newOrg({ name: 'Acme Packaging' });
      ws = (await harness.core.call('workspaces.add', { name: 'Acme', base_url: sb.baseUrl, api_key: org.apiKey })).id;
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      problems = watchPage(page).problems;
      await page.addInitScript((id) => localStorage.setItem('fieldwork.lastWorkspace', id), ws);
    });

    const create = (body: Pick<StudyCreateInput, 'title' | 'questions'> & Partial<StudyCreateInput>) =>
      harness.core.call('studies.create', {
        workspace_id: ws,
        intro_message: 'Welcome, and thanks for your time.',
        languages: [{ language_name: 'English', accent: 'en-US' }],
        interaction_modes: ['chat'],
        ...body,
      });

    const openStudy = async (title: string) => {
      await page.goto(harness.host.url);
      await page.getByRole('navigation').getByRole('button', { name: title }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    };

    it('a 409 conflict (survey questions) is explained and the edit is kept', async () => {
      const { project_id } = await create({ title: 'Checkout survey', questions: [{ question: 'How was checkout?', probing_level: 'medium' }] });
      expect((await org.operator('PATCH', `/_sandbox/projects/${project_id}`, { survey_questions: true })).status).toBe(200);
      await openStudy('Checkout survey');
      await page.getByRole('button', { name: 'Edit guide' }).click();
      const form = page.getByRole('form', { name: 'Edit the guide' });
      await form.getByLabel('Intro message').fill('Hello! This takes five minutes.');
      await form.getByRole('button', { name: 'Save guide' }).click();
      const alert = form.getByRole('alert').filter({ hasText: "Fieldwork can't save this guide." });
      await alert.waitFor();
      await shot(page, 'guide-survey-conflict');
      expect(await alert.innerText()).toMatch(/contains survey questions, which can only be edited in the service's survey workflow/);
      expect(await form.getByLabel('Intro message').inputValue()).toBe('Hello! This takes five minutes.');
      expect(await form.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).toBe(1);
      expect(problems).toEqual([]);
    });

    it('a study launched elsewhere while being edited: the save is refused with the reason, the edit is kept, then the guide is read-only', async () => {
      const { project_id } = await create({ title: 'Launch race', questions: [{ question: 'How did you hear about us?', probing_level: 'low' }] });
      await openStudy('Launch race');
      await page.getByRole('button', { name: 'Edit guide' }).click();
      const form = page.getByRole('form', { name: 'Edit the guide' });
      await form.getByRole('textbox', { name: 'Question 1' }).fill('Where did you first hear about us?');
      await org.client.launchProject(project_id, 1);
      await form.getByRole('button', { name: 'Save guide' }).click();
      await form.getByRole('alert').filter({ hasText: 'This study has launched; its guide can no longer change.' }).waitFor();
      expect(await form.getByRole('textbox', { name: 'Question 1' }).inputValue()).toBe('Where did you first hear about us?');
      await expect.poll(() => form.getByRole('button', { name: 'Save guide' }).isDisabled()).toBe(true);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('note').filter({ hasText: 'This study has launched; its guide can no longer change.' }).waitFor();
      expect(await page.getByRole('button', { name: 'Edit guide' }).count()).toBe(0);
      expect(problems).toEqual([]);
    });

    it('on a STIMULI study, warns before a question change, then reports what was re-assigned and what still needs questions', async () => {
      const q = ['Which pack catches your eye first?', 'What does the kraft box say about the brand?', 'Would you reuse the crate?'];
      const { project_id } = await create({ title: 'Pack test', type: 'STIMULI', questions: q.map((question) => ({ question, probing_level: 'medium' })) });
      await addStimulus(org, project_id, 'Kraft box', [q[0]!, q[1]!]);
      await addStimulus(org, project_id, 'Reusable crate', [q[2]!]);
      await harness.core.call('sync.run', { workspace_id: ws, project_ids: [project_id] });

      await openStudy('Pack test');
      expect((await guideQuestions(page))[0]).toContain('Shown with: Kraft box');
      await page.getByRole('button', { name: 'Edit guide' }).click();
      const form = page.getByRole('form', { name: 'Edit the guide' });
      expect(await form.getByText('Changing questions clears every stimulus assignment').count()).toBe(1);
      await form.getByRole('textbox', { name: 'Question 3' }).fill('Would you keep the crate for storage?');
      await form.getByRole('button', { name: 'Save guide' }).click();

      const dialog = page.getByRole('dialog', { name: 'Save and re-assign stimuli?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toMatch(/clears the assignments of all 2 stimuli/);
      await dialog.getByRole('button', { name: 'Save and re-assign' }).click();

      const report = page.getByRole('status').filter({ hasText: 're-assigned automatically' });
      await report.waitFor({ timeout: 20_000 });
      expect(await report.innerText()).toMatch(/1 stimulus was re-assigned automatically/);
      expect(await report.innerText()).toMatch(/1 stimulus needs questions before launch: Reusable crate\./);
      const live = Object.fromEntries((await org.client.listStimuli(project_id)).items.map((s) => [s.caption, s.question_items]));
      expect(live).toEqual({ 'Kraft box': [q[0], q[1]], 'Reusable crate': [] });
      expect(await guideQuestions(page)).toEqual([
        expect.stringContaining('Shown with: Kraft box'),
        expect.stringContaining('Shown with: Kraft box'),
        expect.not.stringContaining('Shown with'),
      ]);
      await shot(page, 'guide-stimuli-reassigned');
      await report.getByRole('button', { name: 'Assign on the Stimuli tab' }).click();
      await expect.poll(() => page.getByRole('tab', { name: 'Stimuli' }).getAttribute('aria-selected')).toBe('true');
      expect(problems).toEqual([]);
    });
  });
});
