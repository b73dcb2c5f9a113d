import type { Page } from 'playwright-core';

/** The Export clips dialog: the planned clips as a checklist, the options, the folder, progress and the summary. */
export const clipExportDialog = (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Export clips' });
  return {
    dialog,
    /** "Export clips…" beside the open code's "Export segments…". */
    openButton: page.getByRole('button', { name: 'Export clips…' }),
    items: dialog.getByRole('list', { name: 'Clips to cut' }).getByRole('listitem'),
    /** A clip's checkbox, by its label ("1. P03 0:12–0:40"). */
    clip: (label: string | RegExp) => dialog.getByRole('checkbox', { name: label }),
    warnings: dialog.locator('.clips-warning'),
    /** Said with redaction on: what redaction changes, and the choice to leave the picture out. */
    redactionNote: dialog.getByRole('note', { name: 'What redaction changes' }),
    option: (name: string) => dialog.getByRole('checkbox', { name, exact: true }),
    padding: dialog.getByRole('spinbutton', { name: 'Padding' }),
    folder: dialog.getByLabel('Export folder'),
    chooseFolder: dialog.getByRole('button', { name: 'Choose folder…' }),
    exportButton: dialog.getByRole('button', { name: 'Export', exact: true }),
    cancel: dialog.getByRole('button', { name: 'Cancel', exact: true }),
    progress: dialog.getByRole('progressbar', { name: 'Clip export progress' }),
    status: dialog.locator('.export-progress p').first(),
    done: dialog.locator('.export-done'),
    written: dialog.getByRole('list', { name: 'What was written' }).getByRole('listitem'),
    leftOut: dialog.getByRole('list', { name: 'Left out' }).getByRole('listitem'),
    notes: dialog.getByRole('list', { name: 'Notes' }).getByRole('listitem'),
    cancelled: dialog.getByText('The export was cancelled. No files were left behind.'),
    showInFolder: dialog.getByRole('button', { name: 'Show in folder' }),
    doneButton: dialog.getByRole('button', { name: 'Done' }),
  };
};
