import type { Page } from 'playwright-core';
import { containing } from './text';

/** The studies list: one row per study of the workspace in use. */
export const studiesList = (page: Page) => {
  const table = page.getByRole('table', { name: 'Studies' });
  return {
    table,
    /** The table is up (the first sync of a new workspace can take a while). */
    ready: (timeout = 30_000) => table.waitFor({ timeout }),
    /** A study's row, by its title. */
    row: (title: string) => table.getByRole('row', { name: containing(title) }),
    /** A study's title cell; the list has one per study. */
    title: (title: string) => table.getByRole('rowheader', { name: title }),
    titles: table.getByRole('rowheader'),
    /** Opens a study from the list, once the list is up, and waits for its page. */
    async open(title: string) {
      await table.waitFor({ timeout: 30_000 });
      await table.getByRole('button', { name: title }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    },
  };
};
