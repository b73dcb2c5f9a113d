import type { Page } from 'playwright-core';

/** In the Report tab: "Turn themes into codes" and its outcome, and the Versions panel with the diff of two. */
export const reportExtras = (page: Page) => {
  const versions = page.getByRole('region', { name: 'Versions' });
  return {
    themesToCodes: page.getByRole('button', { name: /^Turn(ing)? themes into codes/ }),
    outcome: page.getByRole('status').filter({ hasText: 'from the themes' }),
    versionsButton: page.getByRole('button', { name: 'Versions', exact: true }),
    versions,
    /** The kept versions' rows (the header row left out), newest first. */
    versionRows: versions
      .getByRole('table', { name: 'Kept report versions, newest first' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') }),
    from: versions.getByRole('combobox', { name: 'From' }),
    to: versions.getByRole('combobox', { name: 'To' }),
    diff: versions.getByRole('region', { name: /^Changes from version \d+ to version \d+$/ }),
    diffList: (title: string) => versions.getByRole('list', { name: title }).getByRole('listitem'),
  };
};
