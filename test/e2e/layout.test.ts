import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { demoProjectId, openDemo } from '../support/demo-operator';
import { browserSkipReason, type Harness } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e layout ${skip}`);

const WS = DEMO_WORKSPACE_ID;

// The smallest window Fieldwork allows: every screen has to work here.
describe.skipIf(skip !== null)('at 1024×700, the smallest window', () => {
  const e2e = useHarness();
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;

  beforeAll(async () => {
    harness = e2e.harness;
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1024, height: 700 } }));
    ui = app(page);
    const churnId = demoProjectId(harness, 'Meal-kit churn');
    await vi.waitFor(
      async () => expect((await harness.core.call('interviews.list', { workspace_id: WS, project_id: churnId })).total).toBeGreaterThanOrEqual(24),
      { timeout: 30_000, interval: 100 },
    );
  });

  it('the studies list sorts from its headers, filters by title and status, and shows completed / target and the last interview', async () => {
    const s = ui.studies;
    await s.ready();
    await expect.poll(() => s.titles.count()).toBe(3);
    const titles = () => s.titles.allInnerTexts();

    await s.sortBy('Title').click();
    expect(await s.column('Title').getAttribute('aria-sort')).toBe('ascending');
    expect(await s.column('Created').getAttribute('aria-sort')).toBe('none');
    await expect.poll(titles).toEqual(['Meal-kit churn', 'Onboarding interviews', 'Packaging concepts']);
    await s.sortBy('Title').click();
    expect(await s.column('Title').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(titles).toEqual(['Packaging concepts', 'Onboarding interviews', 'Meal-kit churn']);

    // Completed against target, as numbers.
    const listed = (await harness.core.call('projects.list', { workspace_id: WS })).items;
    for (const p of listed) {
      const target = p.recruiting.target_participants;
      const want = target ? `${p.recruiting.completed_participants} / ${target}` : /target set at launch|no target/;
      if (typeof want === 'string') expect(await s.row(p.title).innerText()).toContain(want);
      else expect(await s.row(p.title).innerText()).toMatch(want);
    }
    const churn = listed.find((p) => p.title === 'Meal-kit churn')!;
    // Last interview: a real time for a study with interviews, "—" and the reason for the draft.
    expect(churn.last_interview_at).not.toBeNull();
    expect(await s.row('Onboarding interviews').innerText()).toMatch(/— not launched/);
    await s.sortBy('Last interview').click();
    expect(await s.column('Last interview').getAttribute('aria-sort')).toBe('descending');
    // The study without interviews goes last, whichever way the column is sorted.
    await expect.poll(async () => (await titles()).at(-1)).toBe('Onboarding interviews');

    await s.search.fill('pack');
    await expect.poll(titles).toEqual(['Packaging concepts']);
    expect(await s.count.innerText()).toBe('1 of 3 studies');
    await s.search.fill('');
    await s.status.selectOption({ label: 'Not launched' });
    await expect.poll(titles).toEqual(['Onboarding interviews']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => s.titles.count()).toBe(3);

    // A click anywhere on the row opens the study (here: its Created cell).
    await s.row('Packaging concepts').getByRole('cell').last().click();
    await ui.study.heading('Packaging concepts').waitFor();
    expect(problems).toEqual([]);
  });

  it('a launched study opens on Interviews, a draft on Guide, and each study reopens on the tab last used in it', async () => {
    await ui.sidebar.openStudy('Meal-kit churn');
    await expect.poll(() => ui.study.selectedTab('Interviews').isVisible()).toBe(true);
    await ui.sidebar.openStudy('Onboarding interviews');
    await expect.poll(() => ui.study.selectedTab('Guide').isVisible()).toBe(true);
    // The keyboard reaches a study from the list: Enter on its title.
    await ui.sidebar.openStudies();
    await ui.studies.table.getByRole('button', { name: 'Meal-kit churn' }).focus();
    await page.keyboard.press('Enter');
    await ui.study.heading('Meal-kit churn').waitFor();
    await ui.study.openTab('Report');
    await ui.sidebar.openStudy('Packaging concepts');
    await ui.sidebar.openStudy('Meal-kit churn');
    await expect.poll(() => ui.study.selectedTab('Report').isVisible()).toBe(true);
    // A reload keeps it: it is remembered by this window, not by the route.
    await page.reload();
    await ui.sidebar.openStudy('Meal-kit churn', { timeout: 30_000 });
    await expect.poll(() => ui.study.selectedTab('Report').isVisible()).toBe(true);
    await ui.study.openTab('Interviews');
    expect(problems).toEqual([]);
  });

  it("the interviews table keeps the participant's name readable, its header in view, and select-all and the toolbar steady", async () => {
    const iv = ui.interviews;
    await ui.sidebar.openStudy('Meal-kit churn');
    await ui.study.openTab('Interviews');
    await iv.table.waitFor();
    const { items, total } = await harness.core.call('interviews.list', { workspace_id: WS, project_id: demoProjectId(harness, 'Meal-kit churn') });
    const first = items[0]!;

    // Name and email columns are wide enough to read (they were 0 px here), and the name is not cut.
    const name = iv.row(first.participant_name!).getByRole('rowheader');
    const nameBox = (await name.boundingBox())!;
    expect(nameBox.width).toBeGreaterThanOrEqual(200);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await iv.columnHeader('Email').boundingBox())!.width).toBeGreaterThanOrEqual(160);
    // The name stays in view when the table scrolls sideways to the last column.
    await iv.scrollBox.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const box = (await iv.scrollBox.boundingBox())!;
    await expect.poll(async () => (await name.boundingBox())!.x).toBeGreaterThanOrEqual(box.x);
    expect((await name.boundingBox())!.x + nameBox.width).toBeLessThanOrEqual(box.x + box.width);
    await iv.scrollBox.evaluate((el) => (el.scrollLeft = 0));

    // Only the table scrolls, and its header row stays at the top of it.
    await iv.scrollBox.evaluate((el) => (el.scrollTop = 400));
    await expect.poll(() => iv.scrollBox.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const header = (await iv.columnHeader('Participant').boundingBox())!;
    expect(Math.abs(header.y - box.y)).toBeLessThanOrEqual(2);
    expect(await page.locator('#main').evaluate((el) => el.scrollTop)).toBe(0);
    await iv.scrollBox.evaluate((el) => (el.scrollTop = 0));

    // Ticking a row moves neither the toolbar nor the table.
    const toolbarBefore = (await iv.toolbar.boundingBox())!;
    const tableBefore = (await iv.scrollBox.boundingBox())!;
    await iv.select(first.participant_name!).check();
    await expect.poll(() => iv.selectedCount.innerText()).toBe('1 selected');
    expect(await iv.toolbar.boundingBox()).toEqual(toolbarBefore);
    expect(await iv.scrollBox.boundingBox()).toEqual(tableBefore);

    // Select all ticks every interview shown: all of them, not only those on screen.
    await iv.selectAll.click();
    await expect.poll(() => iv.selectedCount.innerText()).toBe(`${total} selected`);
    expect(await iv.table.getByRole('checkbox', { checked: false }).count()).toBe(0);
    await iv.clearAllShown.click();
    await expect.poll(() => iv.selection.count()).toBe(0);

    // With a filter, "all shown" is the matches only.
    const complete = await harness.core.call('interviews.list', { workspace_id: WS, project_id: demoProjectId(harness, 'Meal-kit churn'), status: 'COMPLETE' });
    await iv.status.selectOption('COMPLETE');
    await expect.poll(() => iv.count.innerText()).toBe(`${complete.total} interviews match`);
    await iv.selectAll.click();
    await expect.poll(() => iv.selectedCount.innerText()).toBe(`${complete.total} selected`);
    await iv.clearSelection.click();
    await iv.status.selectOption('');
    expect(problems).toEqual([]);
  });
});

// Up to a 4K screen at 100%: nothing overflows sideways, lists stop growing, and text keeps a reading measure.
describe.skipIf(skip !== null)('on large screens', () => {
  // Each size gets a profile of its own, so each opens the demo from the first run.
  const e2e = useHarness({ harness: false });

  it.each([
    [2560, 1440],
    [3840, 2160],
  ])('at %i×%i every screen fits, tables stop at 2400px and transcript turns wrap at about 80 characters', async (width, height) => {
    const { page, problems } = await openDemo(e2e.browser, await e2e.startHarness(), { viewport: { width, height } });
    const ui = app(page);
    const noSidewaysScroll = async (label: string) => {
      const over = await page.evaluate(() =>
        [document.documentElement, document.getElementById('main')!].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.id || el.tagName),
      );
      expect(over, `${label}: scrolls sideways`).toEqual([]);
    };
    const screenWidth = () =>
      page
        .locator('#main .screen')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);

    await noSidewaysScroll('studies');
    expect(await screenWidth()).toBeLessThanOrEqual(2400);
    await ui.sidebar.openStudy('Meal-kit churn', { timeout: 30_000 });
    await ui.study.openTab('Interviews');
    await ui.interviews.rowAt(2).waitFor({ timeout: 30_000 });
    await noSidewaysScroll('interviews');
    expect(await ui.interviews.table.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(2400);

    await ui.interviews.rowAt(2).click();
    await ui.viewer.turns.first().waitFor({ timeout: 30_000 });
    await noSidewaysScroll('viewer');
    // The widest turn's text, in characters of its own font: no line is longer than the measure.
    const widest = await page.evaluate(() => {
      const probe = document.createElement('span');
      let chars = 0;
      for (const el of document.querySelectorAll<HTMLElement>('[data-turn-text]')) {
        probe.textContent = '0';
        probe.style.font = getComputedStyle(el).font;
        document.body.append(probe);
        chars = Math.max(chars, el.getBoundingClientRect().width / probe.getBoundingClientRect().width);
        probe.remove();
      }
      return chars;
    });
    expect(widest).toBeGreaterThan(0);
    expect(widest).toBeLessThanOrEqual(80.5);

    await ui.header.back.click();
    await ui.study.openTab('Report');
    await ui.report.heading.waitFor();
    await noSidewaysScroll('report');
    await ui.settings.open();
    await noSidewaysScroll('settings');
    expect(problems).toEqual([]);
    await page.close();
  });
});
