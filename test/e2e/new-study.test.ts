import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { testSandbox, type Org, type TestSandbox } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e new study ${skip}`);

describe.skipIf(skip !== null)('creating a study', () => {
  let browser: Browser;
  let harness: Harness;
  let sb: TestSandbox;
  let org: Org;
  let workspaceId: string;

  beforeAll(async () => {
    [harness, browser, sb] = await Promise.all([startHarness(), launchBrowser(), testSandbox()]);
    org = await sb.newOrg({ name: 'Northwind Research', context: { company_info: 'Northwind delivers weekly meal kits.' } });
    const r = await harness.core.dispatch('workspaces.add', { name: 'Northwind', base_url: sb.baseUrl, api_key: org.apiKey, organisation_id: org.orgId });
    if (!r.ok) throw new Error(r.error.message);
    workspaceId = (r.value as { id: string }).id;
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await sb?.close();
  });

  async function openNewStudy(scheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
    const { problems } = watchPage(page);
    await page.goto(harness.host.url);
    await page.getByRole('table', { name: 'Studies' }).or(page.getByText('No studies yet')).first().waitFor({ timeout: 30_000 });
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /New study/ })
      .or(page.getByRole('button', { name: 'New study', exact: true }))
      .first()
      .click();
    await page.getByRole('heading', { name: 'New study', level: 1 }).waitFor();
    return { page, problems };
  }

  const questionTexts = (page: Page) =>
    page.getByRole('textbox', { name: /^Question \d+$/ }).evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));

  it('AI draft: objective → drafted title, messages and questions become editable → created and shown in the guide', async () => {
    const { page, problems } = await openNewStudy();
    expect(await page.getByRole('radio', { name: /Draft with AI/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Churn/ }).check();
    await page.getByLabel('Research objective').fill('Understand why subscribers pause or cancel in their first three months');
    await page.getByRole('button', { name: 'Draft questions' }).click();
    await page.getByText('Drafted from your objective').waitFor();

    const title = page.getByLabel('Title', { exact: true });
    const suggested = await title.inputValue();
    expect(suggested.trim()).not.toBe('');
    expect((await page.getByLabel('Intro message').inputValue()).trim()).not.toBe('');
    const drafted = await questionTexts(page);
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
    for (let i = last; i > 1; i--) await page.getByRole('button', { name: `Move question ${i} up` }).click();
    const reordered = await questionTexts(page);
    expect(reordered[0]).toBe(drafted[last - 1]);
    await page.getByRole('combobox', { name: 'Probing level for question 1' }).selectOption('high');

    await page.getByRole('button', { name: 'Create study' }).click();
    await page.getByRole('heading', { name: 'First-quarter churn', level: 1 }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab', { name: 'Guide' }).getAttribute('aria-selected')).toBe('true');
    const guideQuestions = page.getByRole('region', { name: /Questions/ }).getByRole('listitem');
    await expect.poll(() => guideQuestions.count()).toBe(reordered.length);
    expect(await guideQuestions.first().innerText()).toContain(reordered[0]!);
    expect(await guideQuestions.first().innerText()).toContain('High · 3 follow-ups');
    // The sidebar list has it, and the service really has it.
    await expect.poll(() => page.getByRole('navigation').getByText('First-quarter churn').count()).toBeGreaterThan(0);
    const onService = (await org.client.listProjects()).find((p) => p.title === 'First-quarter churn');
    expect(onService).toMatchObject({ status: 'STARTED', type: 'CHURN' });
    expect(problems).toEqual([]);
  });

  it('502 from drafting offers Retry, and Retry drafts', async () => {
    await org.operator('PUT', '/_sandbox/faults', { generation_failure_rate: 1 });
    const { page, problems } = await openNewStudy();
    await page.getByLabel('Research objective').fill('Learn how people choose recipes each week');
    await page.getByRole('button', { name: 'Draft questions' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'could not draft questions' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/Try again; nothing was saved/);
    await org.operator('PUT', '/_sandbox/faults', {});
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Drafted from your objective').waitFor();
    expect((await questionTexts(page)).length).toBeGreaterThan(0);
    expect(await page.getByRole('alert').filter({ hasText: 'could not draft' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a slow draft can be cancelled, and drafting again works', async () => {
    const { page, problems } = await openNewStudy();
    await page.getByLabel('Research objective').fill('See how people plan the week');
    await org.operator('PUT', '/_sandbox/faults', { latency_ms: 4000, fault_methods: ['POST'] });
    try {
      await page.getByRole('button', { name: 'Draft questions' }).click();
      await page.getByRole('button', { name: 'Drafting…' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByRole('button', { name: 'Draft questions' }).isEnabled()).toBe(true);
      expect(await page.getByText('Drafted from your objective').count()).toBe(0);
    } finally {
      await org.operator('PUT', '/_sandbox/faults', {});
    }
    await page.getByLabel('Research objective').fill('See how people plan their weekly meals');
    await page.getByRole('button', { name: 'Draft questions' }).click();
    await page.getByText('Drafted from your objective').waitFor();
    expect(problems).toEqual([]);
  });

  it('503 (AI off for the organisation) explains it and writing by hand keeps the objective', async () => {
    await org.operator('PUT', '/_sandbox/organisations/me', { ai_enabled: false });
    try {
      const { page, problems } = await openNewStudy();
      await page.getByRole('radio', { name: /Draft with AI/ }).check();
      const objective = 'Find out what makes the first delivery feel special';
      await page.getByLabel('Research objective').fill(objective);
      await page.getByRole('button', { name: /Draft (questions|again)/ }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'AI drafting is turned off for this organisation' });
      await alert.waitFor();
      await shot(page, 'new-study-ai-off');
      await alert.getByRole('button', { name: 'Write questions by hand' }).click();
      expect(await page.getByRole('radio', { name: /Write my own questions/ }).isChecked()).toBe(true);
      expect(await page.getByLabel(/Research objective/).inputValue()).toBe(objective);
      await page.getByRole('textbox', { name: 'Question 1' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await org.operator('PUT', '/_sandbox/organisations/me', { ai_enabled: true });
    }
  });

  it('own questions: an empty question and no mode are shown inline, fixed, then created', async () => {
    const { page, problems } = await openNewStudy();
    await page.getByRole('radio', { name: /Write my own questions/ }).check();
    const form = page.getByRole('form', { name: 'Write your own questions' });
    await form.getByLabel('Title', { exact: true }).fill('Weekend cooking habits');
    await form.getByLabel('Intro message').fill('Thanks for joining. This takes about ten minutes.');
    await form.getByRole('textbox', { name: 'Question 1' }).fill('');
    for (const m of ['Video', 'Audio', 'Chat']) await form.getByRole('checkbox', { name: new RegExp(m) }).uncheck();
    await form.getByRole('button', { name: 'Create study' }).click();

    await expect.poll(() => form.getByText('Write this question, or delete it.').count()).toBe(1);
    await expect.poll(() => form.getByText('Choose at least one interaction mode.').count()).toBe(1);
    expect(await form.getByRole('textbox', { name: 'Question 1' }).getAttribute('aria-invalid')).toBe('true');
    // Focus lands on the first field with a problem.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Question 1');
    await shot(page, 'new-study-own-errors');
    expect((await org.client.listProjects()).some((p) => p.title === 'Weekend cooking habits')).toBe(false);

    await form.getByRole('textbox', { name: 'Question 1' }).fill('What did you cook last weekend?');
    await form.getByRole('button', { name: '+ Add question' }).click();
    // The new question gets focus; Alt+↑ moves it up from the keyboard.
    await page.keyboard.type('Who decides what to cook?');
    await page.keyboard.press('Alt+ArrowUp');
    expect(await questionTexts(page)).toEqual(['Who decides what to cook?', 'What did you cook last weekend?']);
    await form.getByRole('checkbox', { name: /Chat/ }).check();
    expect(await form.getByText('With one mode the interview starts at once as chat, with no format picker.').count()).toBe(1);
    await form.getByRole('checkbox', { name: /Audio/ }).check();
    expect(await form.getByText(/participants pick their format on the waiting screen/).count()).toBe(1);
    await form.getByLabel('Target participants').fill('many');
    await form.getByRole('button', { name: 'Create study' }).click();
    await expect.poll(() => form.getByText('Enter a whole number of participants.').count()).toBe(1);
    await form.getByLabel('Target participants').fill('12');
    await form.getByRole('combobox', { name: 'Accent for language 1' }).selectOption('en-GB');
    await form.getByRole('button', { name: 'Create study' }).click();

    await page.getByRole('heading', { name: 'Weekend cooking habits', level: 1 }).waitFor({ timeout: 20_000 });
    const guide = page.getByRole('tabpanel');
    await expect
      .poll(() =>
        guide
          .getByRole('region', { name: /Questions/ })
          .getByRole('listitem')
          .allInnerTexts(),
      )
      .toEqual([expect.stringContaining('Who decides what to cook?'), expect.stringContaining('What did you cook last weekend?')]);
    expect(await guide.innerText()).toMatch(/Audio, Chat/);
    expect(await guide.innerText()).toMatch(/en-GB/);
    expect(await guide.innerText()).toMatch(/Target 12/);
    expect(problems).toEqual([]);
  });

  it('a service failure on create is shown inline and nothing typed is lost; creating again works', async () => {
    const { page, problems } = await openNewStudy();
    await page.getByRole('radio', { name: /Write my own questions/ }).check();
    const form = page.getByRole('form', { name: 'Write your own questions' });
    await form.getByLabel('Title', { exact: true }).fill('Delivery windows');
    await form.getByLabel('Intro message').fill('Thanks for helping us.');
    await form.getByRole('textbox', { name: 'Question 1' }).fill('When do you like your box to arrive?');
    await org.operator('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['POST'] });
    try {
      await form.getByRole('button', { name: 'Create study' }).click();
      await form.getByRole('alert').filter({ hasText: 'The service had a temporary problem' }).waitFor({ timeout: 10_000 });
    } finally {
      await org.operator('PUT', '/_sandbox/faults', {});
    }
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('Delivery windows');
    expect(await form.getByRole('textbox', { name: 'Question 1' }).inputValue()).toBe('When do you like your box to arrive?');
    // POST is never retried blindly: exactly nothing was created.
    expect((await org.client.listProjects()).some((p) => p.title === 'Delivery windows')).toBe(false);
    await form.getByRole('button', { name: 'Create study' }).click();
    await page.getByRole('heading', { name: 'Delivery windows', level: 1 }).waitFor({ timeout: 20_000 });
    expect((await org.client.listProjects()).filter((p) => p.title === 'Delivery windows')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('external AI guide: prefilled organisation ID → a DRAFT whose guide is shown', async () => {
    const { page, problems } = await openNewStudy();
    await page.getByRole('radio', { name: /External AI guide/ }).check();
    const form = page.getByRole('form', { name: 'Create with an external AI guide' });
    expect(await form.getByLabel('Organisation ID').inputValue()).toBe(org.orgId);
    await form.getByRole('button', { name: 'Generate draft' }).click();
    await expect.poll(() => form.getByText('Give the study a title.').count()).toBe(1);
    await form.getByLabel('Title', { exact: true }).fill('Switching from supermarkets');
    await form.getByLabel('Research objective').fill('Why do households move their weekly shop to meal kits?');
    await form.getByLabel(/AI context/).fill('Northwind sells weekly meal kits for two to four people.');
    await form.getByLabel(/Target audience/).fill('Households who tried a meal kit in the last year');
    // A failed generation offers Retry, which generates the guide again (not an AI question draft).
    await org.operator('PUT', '/_sandbox/faults', { generation_failure_rate: 1 });
    try {
      await form.getByRole('button', { name: 'Generate draft' }).click();
      await form.getByRole('alert').filter({ hasText: 'could not draft questions' }).waitFor({ timeout: 10_000 });
    } finally {
      await org.operator('PUT', '/_sandbox/faults', {});
    }
    expect((await org.client.listProjects()).some((p) => p.title === 'Switching from supermarkets')).toBe(false);
    await form.getByRole('button', { name: 'Retry' }).click();

    await page.getByRole('heading', { name: 'Switching from supermarkets', level: 1 }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.project-head').innerText()).toMatch(/Draft/);
    const guide = page.getByRole('tabpanel');
    await guide.getByText('The service drafted this guide with AI').waitFor();
    await shot(page, 'guide-external-draft');
    const onService = (await org.client.listProjects()).find((p) => p.title === 'Switching from supermarkets')!;
    expect(onService.status).toBe('DRAFT');
    expect(
      await guide
        .getByRole('region', { name: /Questions/ })
        .getByRole('listitem')
        .count(),
    ).toBeGreaterThan(0);
    expect(await guide.innerText()).toContain('Why do households move their weekly shop to meal kits?');
    expect(problems).toEqual([]);
  });

  it('stimuli entry creates the study and opens the guided setup at its media step', async () => {
    const { page, problems } = await openNewStudy();
    await page.getByRole('radio', { name: /Stimuli study/ }).check();
    const form = page.getByRole('form', { name: 'Start a stimuli study' });
    await form.getByLabel('Title', { exact: true }).fill('Box designs');
    await form.getByRole('button', { name: 'Create stimuli study and add media' }).click();
    await page.getByRole('heading', { name: 'Box designs', level: 1 }).waitFor({ timeout: 20_000 });
    // The wizard (test/e2e/stimuli.test.ts runs it end to end) replaced the stub that opened the Stimuli tab.
    await expect.poll(() => page.locator('[aria-current="step"]').innerText()).toMatch(/Add media/);
    expect((await org.client.listProjects()).find((p) => p.title === 'Box designs')?.type).toBe('STIMULI');
    expect(problems).toEqual([]);
    expect(workspaceId).toBeTruthy();
  });
});
