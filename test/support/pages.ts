import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Page objects for the workstation, built on the same role-based locators and waits the feature tests use,
 * so a journey across many screens reads as what the researcher does rather than as selectors.
 */

/** Sidebar → a study by its title → one of its tabs. */
export async function openStudyTab(page: Page, title: string, tab: 'Guide' | 'Stimuli' | 'Interviews' | 'Report' | 'Share' | string): Promise<void> {
  await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: title, exact: true }).first().click();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor({ timeout: 20_000 });
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name: tab, exact: true, selected: true }).isVisible()).toBe(true);
}

/** An interview's row in the Interviews tab, by its participant's name (a click on the row opens it). */
export function interviewRow(page: Page, participant: string): Locator {
  const name = new RegExp(participant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return page.getByRole('table', { name: 'Interviews' }).getByRole('row', { name }).first();
}

/** What the viewer is showing: the video's playhead and the transcript turn marked as the current one. */
export const viewer = (page: Page) => ({
  ready: async (participant: string) => {
    await page.getByRole('heading', { name: participant, level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('list', { name: 'Transcript turns' }).waitFor();
  },
  time: () => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1),
  duration: () => page.evaluate(() => document.querySelector('video')?.duration ?? NaN),
  activeTurn: () => page.evaluate(() => Number(document.querySelector('[aria-current="true"][data-turn]')?.getAttribute('data-turn') ?? -1)),
});

/** The Ctrl+K search palette. */
export const palette = (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  return {
    dialog,
    input: dialog.getByRole('combobox', { name: 'Search transcripts and report quotes' }),
    options: dialog.getByRole('listbox', { name: 'Results' }).getByRole('option'),
    metas: () =>
      dialog
        .getByRole('listbox', { name: 'Results' })
        .getByRole('option')
        .evaluateAll((els) => els.map((el) => el.querySelector('.search-hit-meta')?.textContent ?? '')),
    /** The results for the current query are in (not a stale list from the previous one). */
    settle: async () => {
      await expect.poll(() => dialog.locator('.search-status').innerText()).toMatch(/result/);
      await expect.poll(() => dialog.locator('.search-list.is-stale').count()).toBe(0);
    },
  };
};

/**
 * A participant takes a chat interview at the study's call_url in the sandbox's page: name and email, then an
 * answer to whatever the interviewer asks, until the thank-you screen. Returns the interviewer's messages.
 */
export async function takeChatInterview(
  page: Page,
  callUrl: string,
  who: { name: string; email: string },
  answer: (turn: number) => string,
): Promise<string[]> {
  await page.goto(callUrl);
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel(/Your email/).fill(who.email);
  await page.getByRole('button', { name: 'Start interview' }).click();
  // The conversation is hidden once the interview ends, and role locators skip hidden elements.
  const log = page.locator('ol#messages');
  const done = page.getByRole('heading', { name: 'Thank you' });
  const send = page.locator('#send');
  await expect.poll(() => log.locator('li.ai').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  for (let turn = 0; turn < 40; turn++) {
    // Wait for the interviewer's answer to the last message: Send is enabled again, or the interview ended.
    await expect.poll(async () => (await done.isVisible()) || (await send.isEnabled()), { timeout: 15_000 }).toBe(true);
    if (await done.isVisible()) break;
    const text = answer(turn);
    await page.getByLabel('Your answer').fill(text);
    await send.click();
    await expect.poll(() => log.textContent()).toContain(text);
  }
  await expect.poll(() => done.isVisible(), { timeout: 15_000 }).toBe(true);
  return log.locator('li.ai p').allTextContents();
}
