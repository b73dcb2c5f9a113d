import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app, studyFields, type App } from '../support/pages';
import type { Org } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e new study ${skip}`);

describe.skipIf(skip !== null)('creating a study', () => {
  const e2e = useHarness({ sandbox: true });
  let org: Org;
  let workspaceId: string;

  beforeAll(async () => {
    const sb = e2e.sandbox;
    org = await sb.newOrg({ name: 'Northwind Research', context: { company_info: 'Northwind delivers weekly meal kits.' } });
    const r = await e2e.harness.core.dispatch('workspaces.add', { name: 'Northwind', base_url: sb.baseUrl, api_key: org.apiKey, organisation_id: org.orgId });
    if (!r.ok) throw new Error(r.error.message);
    workspaceId = (r.value as { id: string }).id;
  });

  /** A new page on the New study screen, once the studies list (or its empty state) has loaded. */
  async function openNewStudy(scheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; problems: string[]; ui: App; ns: App['newStudy'] }> {
    const { page, problems } = await e2e.openApp({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
    const ui = app(page);
    await ui.studies.table.or(page.getByText('No studies yet')).first().waitFor({ timeout: 30_000 });
    await ui.newStudy.open();
    return { page, problems, ui, ns: ui.newStudy };
  }

  it('AI draft: objective → drafted title, messages and questions become editable → created and shown in the guide', async () => {
    const { page, problems, ui, ns } = await openNewStudy();
    expect(await ns.choice(/Draft with AI/).isChecked()).toBe(true);
    await ns.choice(/Churn/).check();
    await ns.objective.fill('Understand why subscribers pause or cancel in their first three months');
    await ns.draft.click();
    await ns.drafted.waitFor();

    const title = ns.title;
    const suggested = await title.inputValue();
    expect(suggested.trim()).not.toBe('');
    expect((await ns.intro.inputValue()).trim()).not.toBe('');
    const drafted = await ns.questionTexts();
    expect(drafted.length).toBeGreaterThan(1);
    expect(drafted.every((q) => q.trim().length > 0)).toBe(true);
    // Tall enough to show the whole form: the content pane scrolls, not the page.
    await page.setViewportSize({ width: 1280, height: 2300 });
    await shot(page, 'new-study-ai-draft-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'new-study-ai-draft-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Edit the draft before creating: a new title, and the last question moved to the top.
    await title.fill('First-quarter churn');
    const last = drafted.length;
    for (let i = last; i > 1; i--) await ns.moveUp(i).click();
    const reordered = await ns.questionTexts();
    expect(reordered[0]).toBe(drafted[last - 1]);
    await ns.probing(1).selectOption('high');

    await ns.create.click();
    await ui.study.heading('First-quarter churn').waitFor({ timeout: 20_000 });
    expect(await ui.study.tab('Guide').getAttribute('aria-selected')).toBe('true');
    const guideQuestions = ui.guide.questions;
    await expect.poll(() => guideQuestions.count()).toBe(reordered.length);
    expect(await guideQuestions.first().innerText()).toContain(reordered[0]!);
    expect(await guideQuestions.first().innerText()).toContain('High · 3 follow-ups');
    // The sidebar list has it, and the service really has it.
    await expect.poll(() => ui.sidebar.nav.getByText('First-quarter churn').count()).toBeGreaterThan(0);
    const onService = (await org.client.listProjects()).find((p) => p.title === 'First-quarter churn');
    expect(onService).toMatchObject({ status: 'STARTED', type: 'CHURN' });
    expect(problems).toEqual([]);
  });

  it('502 from drafting offers Retry, and Retry drafts', async () => {
    await org.operator('PUT', '/_sandbox/faults', { generation_failure_rate: 1 });
    const { problems, ui, ns } = await openNewStudy();
    await ns.objective.fill('Learn how people choose recipes each week');
    await ns.draft.click();
    const alert = ui.messages.alert('could not draft questions');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/Try again; nothing was saved/);
    await org.operator('PUT', '/_sandbox/faults', {});
    await alert.getByRole('button', { name: 'Retry' }).click();
    await ns.drafted.waitFor();
    expect((await ns.questionTexts()).length).toBeGreaterThan(0);
    expect(await ui.messages.alert('could not draft').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a slow draft can be cancelled, and drafting again works', async () => {
    const { problems, ns } = await openNewStudy();
    await ns.objective.fill('See how people plan the week');
    await org.operator('PUT', '/_sandbox/faults', { latency_ms: 4000, fault_methods: ['POST'] });
    try {
      await ns.draft.click();
      await ns.drafting.waitFor();
      await ns.cancelDraft.click();
      expect(await ns.draft.isEnabled()).toBe(true);
      expect(await ns.drafted.count()).toBe(0);
    } finally {
      await org.operator('PUT', '/_sandbox/faults', {});
    }
    await ns.objective.fill('See how people plan their weekly meals');
    await ns.draft.click();
    await ns.drafted.waitFor();
    expect(problems).toEqual([]);
  });

  it('503 (AI off for the organisation) explains it and writing by hand keeps the objective', async () => {
    await org.operator('PUT', '/_sandbox/organisations/me', { ai_enabled: false });
    try {
      const { page, problems, ui, ns } = await openNewStudy();
      await ns.choice(/Draft with AI/).check();
      const objective = 'Find out what makes the first delivery feel special';
      await ns.objective.fill(objective);
      await ns.draftAny.click();
      const alert = ui.messages.alert('AI drafting is turned off for this organisation');
      await alert.waitFor();
      await shot(page, 'new-study-ai-off');
      await alert.getByRole('button', { name: 'Write questions by hand' }).click();
      expect(await ns.choice(/Write my own questions/).isChecked()).toBe(true);
      expect(await ns.objective.inputValue()).toBe(objective);
      await ns.question(1).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await org.operator('PUT', '/_sandbox/organisations/me', { ai_enabled: true });
    }
  });

  it('own questions: an empty question and no mode are shown inline, fixed, then created', async () => {
    const { page, problems, ui, ns } = await openNewStudy();
    await ns.choice(/Write my own questions/).check();
    const form = ns.ownForm;
    const own = studyFields(form);
    await own.title.fill('Weekend cooking habits');
    await own.intro.fill('Thanks for joining. This takes about ten minutes.');
    await own.question(1).fill('');
    for (const m of ['Video', 'Audio', 'Chat'] as const) await own.mode(m).uncheck();
    await own.create.click();

    await expect.poll(() => form.getByText('Write this question, or delete it.').count()).toBe(1);
    await expect.poll(() => form.getByText('Choose at least one interaction mode.').count()).toBe(1);
    expect(await own.question(1).getAttribute('aria-invalid')).toBe('true');
    // Focus lands on the first field with a problem.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Question 1');
    await shot(page, 'new-study-own-errors');
    expect((await org.client.listProjects()).some((p) => p.title === 'Weekend cooking habits')).toBe(false);

    await own.question(1).fill('What did you cook last weekend?');
    await own.addQuestion.click();
    // The new question gets focus; Alt+↑ moves it up from the keyboard.
    await page.keyboard.type('Who decides what to cook?');
    await page.keyboard.press('Alt+ArrowUp');
    expect(await ns.questionTexts()).toEqual(['Who decides what to cook?', 'What did you cook last weekend?']);
    await own.mode('Chat').check();
    expect(await form.getByText('With one mode the interview starts at once as chat, with no format picker.').count()).toBe(1);
    await own.mode('Audio').check();
    expect(await form.getByText(/participants pick their format on the waiting screen/).count()).toBe(1);
    await own.target.fill('many');
    await own.create.click();
    await expect.poll(() => form.getByText('Enter a whole number of participants.').count()).toBe(1);
    await own.target.fill('12');
    await own.accent(1).selectOption('en-GB');
    await own.create.click();

    await ui.study.heading('Weekend cooking habits').waitFor({ timeout: 20_000 });
    const guide = ui.guide;
    await expect
      .poll(guide.questionTexts)
      .toEqual([expect.stringContaining('Who decides what to cook?'), expect.stringContaining('What did you cook last weekend?')]);
    expect(await guide.panel.innerText()).toMatch(/Audio, Chat/);
    expect(await guide.panel.innerText()).toMatch(/en-GB/);
    expect(await guide.panel.innerText()).toMatch(/Target 12/);
    expect(problems).toEqual([]);
  });

  it('a service failure on create is shown inline and nothing typed is lost; creating again works', async () => {
    const { problems, ui, ns } = await openNewStudy();
    await ns.choice(/Write my own questions/).check();
    const form = ns.ownForm;
    const own = studyFields(form);
    await own.title.fill('Delivery windows');
    await own.intro.fill('Thanks for helping us.');
    await own.question(1).fill('When do you like your box to arrive?');
    await org.operator('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['POST'] });
    try {
      await own.create.click();
      await form.getByRole('alert').filter({ hasText: 'The service had a temporary problem' }).waitFor({ timeout: 10_000 });
    } finally {
      await org.operator('PUT', '/_sandbox/faults', {});
    }
    expect(await own.title.inputValue()).toBe('Delivery windows');
    expect(await own.question(1).inputValue()).toBe('When do you like your box to arrive?');
    // POST is never retried blindly: exactly nothing was created.
    expect((await org.client.listProjects()).some((p) => p.title === 'Delivery windows')).toBe(false);
    await own.create.click();
    await ui.study.heading('Delivery windows').waitFor({ timeout: 20_000 });
    expect((await org.client.listProjects()).filter((p) => p.title === 'Delivery windows')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('external AI guide: prefilled organisation ID → a DRAFT whose guide is shown', async () => {
    const { page, problems, ui, ns } = await openNewStudy();
    await ns.choice(/External AI guide/).check();
    const form = ns.externalForm;
    const external = studyFields(form);
    const ext = ns.externalGuide;
    expect(await ext.organisationId.inputValue()).toBe(org.orgId);
    await ext.generate.click();
    await expect.poll(() => form.getByText('Give the study a title.').count()).toBe(1);
    await external.title.fill('Switching from supermarkets');
    await external.objective.fill('Why do households move their weekly shop to meal kits?');
    await ext.aiContext.fill('Northwind sells weekly meal kits for two to four people.');
    await ext.audience.fill('Households who tried a meal kit in the last year');
    // A failed generation offers Retry, which generates the guide again (not an AI question draft).
    await org.operator('PUT', '/_sandbox/faults', { generation_failure_rate: 1 });
    try {
      await ext.generate.click();
      await form.getByRole('alert').filter({ hasText: 'could not draft questions' }).waitFor({ timeout: 10_000 });
    } finally {
      await org.operator('PUT', '/_sandbox/faults', {});
    }
    expect((await org.client.listProjects()).some((p) => p.title === 'Switching from supermarkets')).toBe(false);
    await ext.retry.click();

    await ui.study.heading('Switching from supermarkets').waitFor({ timeout: 20_000 });
    expect(await ui.study.head.innerText()).toMatch(/Draft/);
    const guide = ui.guide;
    await guide.panel.getByText('The service drafted this guide with AI').waitFor();
    await shot(page, 'guide-external-draft');
    const onService = (await org.client.listProjects()).find((p) => p.title === 'Switching from supermarkets')!;
    expect(onService.status).toBe('DRAFT');
    expect(await guide.questions.count()).toBeGreaterThan(0);
    expect(await guide.panel.innerText()).toContain('Why do households move their weekly shop to meal kits?');
    expect(problems).toEqual([]);
  });

  it('stimuli entry creates the study and opens the guided setup at its media step', async () => {
    const { problems, ui, ns } = await openNewStudy();
    await ns.choice(/Stimuli study/).check();
    await studyFields(ns.stimuliForm).title.fill('Box designs');
    await ns.createStimuli.click();
    await ui.study.heading('Box designs').waitFor({ timeout: 20_000 });
    // The wizard (test/e2e/stimuli.test.ts runs it end to end) replaced the stub that opened the Stimuli tab.
    await expect.poll(() => ui.wizard.currentStep.innerText()).toMatch(/Add media/);
    expect((await org.client.listProjects()).find((p) => p.title === 'Box designs')?.type).toBe('STIMULI');
    expect(problems).toEqual([]);
    expect(workspaceId).toBeTruthy();
  });
});
