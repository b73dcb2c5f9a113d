import type { Page } from 'playwright-core';

/** The Export dialog, whichever study or interviews it was opened for. */
export const exportDialog = (page: Page, title?: string) => {
  const dialog = page.getByRole('dialog', { name: title ? `Export ${title}` : /^Export / });
  return {
    dialog,
    /** A format or option checkbox, by its exact label ("Plain text (.txt)", "Include participant data"). */
    box: (name: string) => dialog.getByRole('checkbox', { name, exact: true }),
    boxes: dialog.getByRole('checkbox'),
    /** "Selected interviews (2)", "One .zip file", "Files in a folder", … */
    choice: (name: string | RegExp) => dialog.getByRole('radio', { name }),
    lineEndings: dialog.getByLabel('Line endings'),
    speakerLabels: dialog.getByLabel('Speaker labels'),
    folder: dialog.getByLabel('Export folder'),
    chooseFolder: dialog.getByRole('button', { name: 'Choose folder…' }),
    /** The button that starts it ("Export 14 formats"); any of them without a name. */
    start: (name: string | RegExp = /^Export/) => dialog.getByRole('button', { name }),
    cancelExport: dialog.getByRole('button', { name: 'Cancel export' }),
    /** "Exported 12 files …" once it is done. */
    exported: (files: RegExp) => dialog.getByText(files),
    /** Once it is done: what went into which files, a line each. */
    notes: dialog.getByRole('list', { name: 'What the export holds' }).getByRole('listitem'),
    showInFolder: dialog.getByRole('button', { name: 'Show in folder' }),
    done: dialog.getByRole('button', { name: 'Done' }),
    close: dialog.getByRole('button', { name: 'Close' }),
    cancel: dialog.getByRole('button', { name: 'Cancel' }),
    alert: dialog.getByRole('alert'),
  };
};
