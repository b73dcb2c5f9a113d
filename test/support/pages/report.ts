import type { Locator, Page } from 'playwright-core';
import { related } from './aria';
import { sidebar } from './shell';
import { studyPage } from './study';

/** The Report tab: the summary, the themes chart and its quotes, and generating the report again. */
export const reportTab = (page: Page) => {
  const heading = page.getByRole('heading', { name: 'Report', level: 2 });
  const themes = page.getByRole('region', { name: 'Themes' });
  const confirm = page.getByRole('dialog', { name: 'Regenerate the report?' });
  return {
    heading,
    /** Sidebar → the study → its Report tab. */
    async open(study: string) {
      await sidebar(page).openStudy(study);
      await studyPage(page).tab('Report').click();
      await heading.waitFor();
    },
    summary: page.getByRole('region', { name: 'Summary' }),
    /** "24 interviews analysed". */
    analysed: (n: number) => page.getByText(`${n} interviews analysed`),
    /** One row per theme, in the chart's order; a click opens its summary and quotes. */
    themeRows: themes.getByRole('button', { expanded: false }).or(themes.getByRole('button', { expanded: true })),
    /** What an open theme row shows: its summary and its quotes. */
    themeDetail: (row: Locator) => related(page, row, 'aria-controls'),
    quotes: (detail: Locator) => detail.getByRole('listitem'),
    /** A quote's button that opens the interview at the moment it was said ("Open the interview at 03:12"). */
    jump: (detail: Locator, at?: string) => detail.getByRole('button', { name: at ? `Open the interview at ${at}` : /^Open the interview at / }),
    regenerate: page.getByRole('button', { name: 'Regenerate' }),
    confirm,
    keepReport: confirm.getByRole('button', { name: 'Keep current report' }),
    replaceReport: confirm.getByRole('button', { name: 'Replace report' }),
    /** Regenerate, confirmed. */
    async regenerateConfirmed() {
      await page.getByRole('button', { name: 'Regenerate' }).click();
      await confirm.getByRole('button', { name: 'Replace report' }).click();
    },
    progress: page.getByRole('status').filter({ hasText: 'Generating the report' }),
    failed: page.getByRole('alert').filter({ hasText: 'The report could not be generated' }),
    /** A problem starting the report, shown inline with its details folded away. */
    startError: page.getByRole('alert').filter({ has: page.getByText('Show details') }),
    noReport: page.getByText('No report yet'),
    generate: page.getByRole('button', { name: 'Generate report' }),
    /** Why Generate is disabled. */
    generateReason: () => related(page, page.getByRole('button', { name: 'Generate report' }), 'aria-describedby'),
  };
};
