import type { Page } from 'playwright-core';
import { openStudyTab } from './study';

/** Analysis → Agreement: the two coder pickers, the per-code table, and each code's disagreements with ▶. */
export const agreementView = (page: Page) => {
  const views = page.getByRole('tablist', { name: 'Analysis views' });
  const table = page.getByRole('table', { name: /^Agreement per code between / });
  return {
    heading: page.getByRole('heading', { name: 'Agreement', level: 2 }),
    /** Sidebar → the study → Analysis → Agreement. */
    async open(study: string) {
      await openStudyTab(page, study, 'Analysis');
      await views.getByRole('tab', { name: 'Agreement', exact: true }).click();
      await page.getByRole('heading', { name: 'Agreement', level: 2 }).waitFor();
    },
    /** Another analysis view and back: the agreement is read afresh. */
    async reopen() {
      await views.getByRole('tab', { name: 'Codes', exact: true }).click();
      await views.getByRole('tab', { name: 'Agreement', exact: true }).click();
      await page.getByRole('heading', { name: 'Agreement', level: 2 }).waitFor();
    },
    coderA: page.getByRole('combobox', { name: 'Coder A' }),
    coderB: page.getByRole('combobox', { name: 'Coder B' }),
    empty: page.getByRole('heading', { name: 'Nothing to compare yet' }),
    themesToCodes: page.getByRole('button', { name: /^Turn(ing)? themes into codes/ }),
    /** What turning the themes into codes did ("5 codes from the themes (5 new), 23 codings by “AI report”. …"). */
    outcome: page.getByRole('status').filter({ hasText: 'from the themes' }),
    scope: page.locator('.agr-scope'),
    table,
    /** A code's row: its header cell names the code. */
    row: (code: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code, exact: true }) }),
    /** The cells of a code's row as text: [turns, agreement, κ, α, disagreements]. */
    cells: (code: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: code, exact: true }) })
        .getByRole('cell')
        .allInnerTexts(),
    showDisagreements: (code: string) => table.getByRole('button', { name: new RegExp(`^Show the \\d+ disagreements? on ${code}$`) }),
    disagreements: (code: string) => page.getByRole('list', { name: `Disagreements on ${code}` }).getByRole('listitem'),
    /** ▶ on a disagreement: opens the interview at that turn. */
    play: (code: string) =>
      page.getByRole('list', { name: `Disagreements on ${code}` }).getByRole('button', { name: /^▶ .* open the interview at this turn$/ }),
  };
};
