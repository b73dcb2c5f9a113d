import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The Ctrl+K search palette. */
export const palette = (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const listbox = dialog.getByRole('listbox', { name: 'Results' });
  const options = listbox.getByRole('option');
  /** The line under a result: who said it, in which study, when (or "Quote" for a report quote); it has no role. */
  const metaOf = (option: Locator) => option.locator('.search-hit-meta');
  return {
    dialog,
    input: dialog.getByRole('combobox', { name: 'Search transcripts, report quotes and highlights' }),
    speaker: dialog.getByRole('combobox', { name: 'Speaker' }),
    study: dialog.getByRole('combobox', { name: 'Study' }),
    close: dialog.getByRole('button', { name: 'Close' }),
    listbox,
    options,
    selected: listbox.getByRole('option', { selected: true }),
    /** The words the results highlight as matching. */
    marks: options.locator('mark'),
    metaOf,
    metas: () => options.evaluateAll((els) => els.map((el) => el.querySelector('.search-hit-meta')!.textContent ?? '')),
    /** The results for the current query are in (not a stale list from the previous one). */
    settle: async () => {
      await expect.poll(() => dialog.locator('.search-status').innerText()).toMatch(/result/);
      await expect.poll(() => dialog.locator('.search-list.is-stale').count()).toBe(0);
    },
  };
};
