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
    /** A column's header: its button sorts, its aria-sort says how. */
    column: (name: string) => table.getByRole('columnheader', { name: containing(name) }),
    sortBy: (name: string) => table.getByRole('columnheader', { name: containing(name) }).getByRole('button'),
    search: page.getByRole('search', { name: 'Filter studies' }).getByRole('searchbox', { name: 'Search study titles' }),
    status: page.getByRole('search', { name: 'Filter studies' }).getByLabel('Status'),
    count: page.getByRole('search', { name: 'Filter studies' }).getByRole('status'),
    /** Opens a study from the list, once the list is up, and waits for its page. */
    async open(title: string) {
      await table.waitFor({ timeout: 30_000 });
      await table.getByRole('button', { name: title }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    },
  };
};
