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
    /** One row per theme, in the chart's order; a click opens its summary and quotes (the name carries its share, "… 42% …"). */
    themeRows: themes.getByRole('button', { expanded: false, name: /\d+%/ }).or(themes.getByRole('button', { expanded: true, name: /\d+%/ })),
    /** What an open theme row shows: its summary and its quotes. */
    themeDetail: (row: Locator) => related(page, row, 'aria-controls'),
    /** The quotes an open theme shows (the first three until "Show all"). */
    quotes: (detail: Locator) => detail.getByRole('list', { name: /^Quotes: / }).getByRole('listitem'),
    /** A quote's button naming who said it and when, which opens the interview there ("Maya Cohen · 03:12, open the interview"). */
    jump: (detail: Locator, at?: string) =>
      detail.getByRole('button', { name: at ? new RegExp(`· ${at.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, open the interview`) : /, open the interview/ }),
    /** "Show all 14 quotes" / "Show the first 3 quotes" under an open theme's quotes. */
    showAll: (detail: Locator) => detail.getByRole('button', { name: /^Show (all \d+|the first \d+) quotes$/ }),
    /** The interviews an open theme quotes, one button each (by participant). */
    quotedInterviews: (detail: Locator) => detail.getByRole('list', { name: /^Interviews quoted: / }).getByRole('button'),
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
