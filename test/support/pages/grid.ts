import type { Page } from 'playwright-core';
import { openStudyTab } from './study';

/** Analysis → Question grid: the toolbar, the notes, the per-group code counts, the grid and a cell's dialog. */
export const gridView = (page: Page) => {
  const grid = page.getByRole('grid', { name: 'Question grid' });
  const cellDialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^▶ / }) });
  return {
    grid,
    /** Sidebar → the study → Analysis → Question grid, once the grid (or its empty note) is up. */
    async open(study: string) {
      await openStudyTab(page, study, 'Analysis');
      await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Question grid' }).click();
      await grid
        .or(page.getByText(/^No (interviews|questions)/))
        .first()
        .waitFor({ timeout: 30_000 });
    },
    groupBy: page.getByRole('combobox', { name: 'Group by' }),
    show: page.getByRole('combobox', { name: 'Show' }),
    inferredNote: page.getByRole('note').filter({ hasText: 'Guide inferred from the transcripts' }),
    /** The table of code counts per question and group ("Codes per question by plan"). */
    counts: (label: string) => page.getByRole('table', { name: `Codes per question by ${label}` }),
    columnHeaders: grid.getByRole('columnheader'),
    rows: grid.getByRole('row'),
    /** A participant's row, by the name in its first column. */
    row: (participant: string) => grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${participant}`) }) }),
    /** The cell of a row in a column (aria-colindex: 1 is the participant, 2 the first question). */
    cell: (participant: string, colIndex: number) =>
      grid
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${participant}`) }) })
        .locator(`[role="gridcell"][aria-colindex="${colIndex}"]`),
    focused: () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return { col: el?.getAttribute('aria-colindex') ?? null, row: el?.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? null };
      }),
    cellDialog,
    play: cellDialog.getByRole('button', { name: /^▶ / }),
    exportCsv: page.getByRole('button', { name: 'Export CSV…' }),
    exportDocx: page.getByRole('button', { name: 'Export DOCX…' }),
    saved: page.getByRole('status').filter({ hasText: 'Saved the grid to' }),
  };
};
