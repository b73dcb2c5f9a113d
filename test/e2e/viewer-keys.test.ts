import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { InterviewRow } from '../../src/shared/views';
import { browserSkipReason } from '../support/browser';
import { useDemoStudy } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e viewer keys ${skip}`);

/** The viewer's keyboard: Space and the player keys wherever focus is, and Next / Previous interview. */
describe.skipIf(skip !== null)('viewer keyboard and next/previous interview', () => {
  const e2e = useDemoStudy('Meal-kit churn');

  const list = async (f: { status?: 'COMPLETE' | 'INCOMPLETE' | 'STARTED' } = {}): Promise<InterviewRow[]> =>
    (await e2e.harness.core.call('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId, ...f })).items;

  async function openStudyInterviews(page: Page): Promise<App> {
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await ui.sidebar.study('Meal-kit churn').click();
    await ui.study.tab('Interviews').click();
    return ui;
  }
  const playing = (page: Page) => page.evaluate(() => !(document.querySelector('video')?.paused ?? true));

  it('Space plays and pauses from a button or a checkbox, and never presses them again', async () => {
    const row = (await list({ status: 'COMPLETE' })).find((r) => r.has_video)!;
    const { page, problems } = await e2e.newPage({ viewport: { width: 1360, height: 840 } });
    const ui = await openStudyInterviews(page);
    await ui.interviews.row(row.participant_name!).click();
    const v = ui.viewer;
    await v.ready(row.participant_name!);
    await v.playerReady();

    // Export… opened and closed: focus is back on Export…, and Space plays instead of reopening it.
    await v.exportButton.click();
    const exp = ui.exportDialog();
    await exp.dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => exp.dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Export…');
    await page.keyboard.press(' ');
    await expect.poll(() => playing(page)).toBe(true);
    expect(await exp.dialog.count()).toBe(0);
    await page.keyboard.press(' ');
    await expect.poll(() => playing(page)).toBe(false);
    expect(await exp.dialog.count()).toBe(0);

    // Follow playhead unticked with the mouse: Space plays, and the box stays as the researcher left it.
    await v.follow.click();
    expect(await v.follow.isChecked()).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(() => playing(page)).toBe(true);
    expect(await v.follow.isChecked()).toBe(false);
    // J and L work from the checkbox too.
    await page.keyboard.press('k');
    await expect.poll(() => playing(page)).toBe(false);
    const t = await v.time();
    await page.keyboard.press('l');
    await expect.poll(v.time).toBeCloseTo(t + 10, 0);

    // In a text field of a modal (the search palette) Space types a space and the player keys are letters.
    await page.keyboard.press('Control+k');
    const search = ui.palette.input;
    await search.waitFor();
    await search.pressSequentially('j k');
    expect(await search.inputValue()).toBe('j k');
    expect(await playing(page)).toBe(false);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('Next and Previous walk the Interviews list in its order, with its filters, and Back returns to the list', async () => {
    const complete = await list({ status: 'COMPLETE' });
    expect(complete.length).toBeGreaterThan(3);
    const { page, problems } = await e2e.newPage({ viewport: { width: 1360, height: 840 } });
    const ui = await openStudyInterviews(page);
    await ui.interviews.status.selectOption('COMPLETE');
    await expect.poll(() => ui.interviews.count.innerText()).toMatch(new RegExp(`^${complete.length} `));
    const [first, second, third] = complete as [InterviewRow, InterviewRow, InterviewRow];
    await ui.interviews.row(second.participant_name!).click();
    const v = ui.viewer;
    await v.ready(second.participant_name!);
    await expect.poll(() => v.stepper.innerText()).toContain(`2 of ${complete.length} (filtered)`);
    // Previous and Next name the interviews as the list and the viewer's title do: the name, the code beside it.
    expect(first.code).toMatch(/^P\d{2,}$/);
    expect(await v.previousInterview.getAttribute('title')).toBe(`Previous: ${first.participant_name} (${first.code}) (Shift+P)`);
    expect(await v.nextInterview.getAttribute('title')).toBe(`Next: ${third.participant_name} (${third.code}) (Shift+N)`);

    await v.nextInterview.click();
    await v.ready(third.participant_name!);
    await expect.poll(() => v.stepper.innerText()).toContain(`3 of ${complete.length}`);
    // Focus stays on Next, so pressing it again walks on.
    await expect.poll(() => v.nextInterview.evaluate((el) => el === document.activeElement)).toBe(true);

    // Shift+P goes back, twice to the first, where Previous is disabled. The second press comes as soon as
    // the interview's heading is up, before its place in the list may be read: it is kept, not lost.
    await page.keyboard.press('Shift+P');
    await v.ready(second.participant_name!);
    await page.keyboard.press('Shift+P');
    await v.ready(first.participant_name!);
    await expect.poll(() => v.stepper.innerText()).toContain(`1 of ${complete.length}`);
    await expect.poll(() => v.previousInterview.isDisabled()).toBe(true);
    await page.keyboard.press('Shift+N');
    await v.ready(second.participant_name!);

    // The shortcut sheet lists the keys.
    await page.keyboard.press('?');
    await ui.shortcuts.heading.waitFor();
    expect(await page.getByRole('table', { name: 'Keyboard shortcuts' }).innerText()).toMatch(/Shift N \/ Shift P\s+Viewer: next or previous interview/);
    await page.keyboard.press('Escape');

    // Back returns to the list, not through every interview read.
    await ui.header.back.click();
    await ui.interviews.table.waitFor();
    expect(await ui.interviews.status.inputValue()).toBe('COMPLETE');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});
