import type { Locator, Page } from 'playwright-core';

/** The note an editor shows about its local draft: restored (with Discard), changed underneath by a sync, or not kept. */
export const draftNote = (scope: Page | Locator) => {
  const note = scope.getByRole('note', { name: 'Draft' });
  return {
    note,
    restored: note.getByText('Unsaved draft restored'),
    discard: note.getByRole('button', { name: 'Discard' }),
    changedUnderneath: note.getByText(/changed since this draft began/),
    /** Opens the saved version kept one click away from the draft. */
    showSaved: note.getByText(/^Show the saved /),
  };
};
