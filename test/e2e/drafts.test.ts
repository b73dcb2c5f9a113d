import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, type Harness } from '../support/browser';
import { demoOperator, demoProjectId, type DemoOperator } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { present } from '../support/ipc';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e drafts ${skip}`);

const WS = DEMO_WORKSPACE_ID;

/** The accessible name of whatever has focus (its aria-label or its label's text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled;
    const id = el.id;
    return (id && document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.trim()) || el.textContent?.trim() || null;
  });

describe.skipIf(skip !== null)('never lose work: local drafts', () => {
  const e2e = useHarness();
  let page: Page;
  let problems: string[];
  let ui: App;
  let harness: Harness;
  let op: DemoOperator;

  beforeAll(async () => {
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1280, height: 900 } }));
    ui = app(page);
    harness = e2e.harness;
    op = await demoOperator(harness);
  });

  const openGuide = async (title: string) => {
    await ui.sidebar.openStudy(title);
    await ui.study.openTab('Guide');
  };

  it(
    'a guide edit survives a tab switch, a study switch and a reload; a sync keeps it; a refused Save focuses the field; Save clears it',
    { timeout: 90_000 },
    async () => {
      const { guide } = ui;
      const { form } = guide;
      await openGuide('Onboarding interviews');
      await guide.edit.click();
      await form.question(1).fill('What did you hope Northwind would do for you?');
      await form.status('kept as a draft on this computer').waitFor();
      // Typed just now: nothing is "restored" yet.
      expect(await form.draft.restored.count()).toBe(0);

      // Another tab and back.
      await ui.study.openTab('Interviews');
      await ui.study.openTab('Guide');
      expect(await form.question(1).inputValue()).toBe('What did you hope Northwind would do for you?');
      await form.draft.restored.waitFor();

      // Another study and back.
      await openGuide('Meal-kit churn');
      expect(await form.form.count()).toBe(0);
      await openGuide('Onboarding interviews');
      expect(await form.question(1).inputValue()).toBe('What did you hope Northwind would do for you?');

      // A reload (as after closing the window).
      await page.reload();
      await openGuide('Onboarding interviews');
      await form.draft.restored.waitFor();
      expect(await form.question(1).inputValue()).toBe('What did you hope Northwind would do for you?');

      // The service renames the study and a sync brings it in: the draft stays, and says the saved guide changed.
      const id = demoProjectId(harness, 'Onboarding interviews');
      await op.ok('PATCH', `/v1/projects/${id}`, { title: 'Onboarding interviews (renamed)' });
      await harness.core.call('sync.run', { workspace_id: WS, project_ids: [id] });
      await form.draft.changedUnderneath.waitFor({ timeout: 20_000 });
      expect(await form.question(1).inputValue()).toBe('What did you hope Northwind would do for you?');
      expect(await form.title.inputValue()).toBe('Onboarding interviews');
      await form.draft.showSaved.click();
      expect(await form.draft.note.getByRole('region', { name: /Questions/ }).isVisible()).toBe(true);

      // Save with an empty question: refused, and focus lands on that question.
      await form.question(2).fill('   ');
      await form.save.click();
      await form.form.getByText('Write this question, or delete it.').waitFor();
      await expect.poll(() => focusedName(page)).toBe('Question 2');
      await form.deleteQuestion(2).click();

      await form.save.click();
      await ui.messages.status('Guide saved.').waitFor({ timeout: 20_000 });
      expect((await guide.questionTexts())[0]).toContain('What did you hope Northwind would do for you?');
      // Saved: the draft is gone, so a reload shows the saved guide, not an edit.
      await page.reload();
      await openGuide('Onboarding interviews');
      await guide.edit.waitFor();
      expect(await form.form.count()).toBe(0);
      expect(problems).toEqual([]);
    },
  );

  it('Discard drops a restored guide draft and shows the saved guide', async () => {
    const { guide } = ui;
    const { form } = guide;
    await openGuide('Onboarding interviews');
    const saved = await guide.questionTexts();
    await guide.edit.click();
    await form.question(1).fill('A question I will throw away');
    await ui.study.openTab('Interviews');
    await ui.study.openTab('Guide');
    await form.draft.discard.click();
    await guide.edit.waitFor();
    expect(await guide.questionTexts()).toEqual(saved);
    await page.reload();
    await openGuide('Onboarding interviews');
    await guide.edit.waitFor();
    expect(await form.form.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('Escape cancels an inline highlight edit and puts back the old note; an open edit survives leaving the tab', { timeout: 60_000 }, async () => {
    const churnId = demoProjectId(harness, 'Meal-kit churn');
    const { items } = await harness.core.call('interviews.list', { workspace_id: WS, project_id: churnId, status: 'COMPLETE', limit: 5 });
    const interview = present(items[0], 'a completed interview');
    await harness.core.call('highlights.add', {
      workspace_id: WS,
      project_id: churnId,
      interview_id: interview.id,
      start_turn: 0,
      start_offset: 0,
      end_turn: 0,
      end_offset: 5,
      start_ms: 1000,
      quote: 'A quote for the draft test',
      note: 'The note as saved',
      new_codes: ['pricing'],
    });
    await ui.sidebar.openStudy('Meal-kit churn');
    await ui.study.openTab('Interviews');
    const iv = ui.interviews;
    await iv.view('Highlights').click();
    const card = iv.highlight('A quote for the draft test');
    await card.edit.click();
    await card.note.fill('Typed, then cancelled');
    await card.note.press('Escape');
    await card.form.waitFor({ state: 'detached' });
    expect(await card.root.innerText()).toContain('The note as saved');
    expect(await card.root.innerText()).not.toContain('Typed, then cancelled');
    await expect.poll(() => focusedName(page)).toBe('Edit');

    // An edit left open is still there after another tab.
    await card.edit.click();
    await card.note.fill('Kept while I look at the guide');
    await ui.study.openTab('Guide');
    await ui.study.openTab('Interviews');
    await iv.view('Highlights').click();
    await card.draft.restored.waitFor();
    expect(await card.note.inputValue()).toBe('Kept while I look at the guide');
    await card.save.click();
    await card.form.waitFor({ state: 'detached' });
    const stored = (await harness.core.call('highlights.list', { workspace_id: WS, interview_id: interview.id })).find(
      (h) => h.quote === 'A quote for the draft test',
    );
    expect(stored?.note).toBe('Kept while I look at the guide');
    expect(problems).toEqual([]);
  });

  it('allow-list rows are kept as a draft across tabs; Escape puts a row back; Discard returns to the saved list', async () => {
    await ui.sidebar.openStudy('Meal-kit churn');
    await ui.study.openTab('Share');
    const { share } = ui;
    await share.save.waitFor();
    const before = await share.websiteValues();
    await share.website(1).fill('https://draft.example.com');
    await ui.study.openTab('Guide');
    await ui.study.openTab('Share');
    await share.draft.restored.waitFor();
    expect(await share.website(1).inputValue()).toBe('https://draft.example.com');

    // Escape in the row puts back what it was when the editor opened.
    await share.website(1).press('Escape');
    await expect.poll(() => share.websiteValues()).toEqual(before);

    // Discard drops the whole draft.
    await share.addWebsite.click();
    // Add website puts focus in the new row (after it renders): type once it is there.
    const added = share.website(before.length + 1);
    await expect.poll(() => added.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('https://another.example.com');
    await ui.study.openTab('Guide');
    await ui.study.openTab('Share');
    // The tab shows its rows once its allow-list is read: wait for the restored draft, not the first paint.
    await share.draft.restored.waitFor();
    await expect.poll(() => share.websiteValues()).toContain('https://another.example.com');
    await share.draft.discard.click();
    await expect.poll(() => share.websiteValues()).toEqual(before);
    expect(await share.draft.note.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('the new study form is restored after a reload, and Discard starts it blank', async () => {
    const ns = ui.newStudy;
    await ns.open();
    await ns.choice(/Write my own questions/).check();
    await ns.title.fill('A study I started before lunch');
    await page.reload();
    await ns.open();
    await ns.localDraft.restored.waitFor();
    expect(await ns.title.inputValue()).toBe('A study I started before lunch');

    // Create with an empty question: refused, and focus lands on the first field to fix.
    await ns.create.click();
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.getAttribute('aria-invalid') ?? document.activeElement?.closest('[aria-invalid]')?.getAttribute('aria-invalid'),
        ),
      )
      .toBe('true');

    await ns.localDraft.discard.click();
    await expect.poll(() => ns.localDraft.note.count()).toBe(0);
    await page.reload();
    await ns.open();
    expect(await ns.localDraft.note.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
