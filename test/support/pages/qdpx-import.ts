import type { Page } from 'playwright-core';

/** "Import from a QDA tool…" (at the top of the Analysis tab) and its dialog: the form, then the result. */
export const qdpxImport = (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Import from a QDA tool' });
  return {
    openButton: page.getByRole('button', { name: 'Import from a QDA tool…' }),
    dialog,
    file: dialog.getByLabel('Project or codebook file'),
    coder: dialog.getByRole('textbox', { name: 'Coder' }),
    importButton: dialog.getByRole('button', { name: 'Import', exact: true }),
    done: dialog.getByRole('button', { name: 'Done' }),
    sources: dialog.getByRole('table'),
    sourceRow: (name: string) => dialog.getByRole('table').getByRole('row', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }),
    notImported: dialog.getByRole('region', { name: 'Not imported' }).getByRole('listitem'),
    codes: dialog.getByRole('region', { name: 'Codes' }),
    alert: dialog.getByRole('alert'),
  };
};
