import type { Page } from 'playwright-core';

/** The Codes view of a study's Analysis tab: the codebook, the open code with its settings and segments. */
export const codesView = (page: Page) => {
  const book = page.getByRole('navigation', { name: 'Codebook' });
  const detail = page.locator('.cd-detail');
  return {
    book,
    /** A code (or "Name (category)") in the codebook. */
    code: (name: string) => book.getByRole('button', { name, exact: true }),
    newCode: book.getByRole('button', { name: 'New code', exact: true }),
    newCategory: book.getByRole('button', { name: 'New category', exact: true }),
    /** The open code's heading. */
    title: (name: string) => page.getByRole('heading', { name, level: 2, exact: true }),
    /** The open code's settings, a disclosure (the app gives the section no other role). */
    settings: detail.locator('summary'),
    nameInput: detail.getByRole('textbox', { name: 'Name' }),
    rename: detail.getByRole('button', { name: 'Rename' }),
    definition: detail.getByRole('textbox', { name: 'Definition' }),
    saveDefinition: detail.getByRole('button', { name: 'Save definition' }),
    colour: (hex: string) => detail.getByRole('button', { name: `Colour ${hex}` }),
    category: detail.getByRole('combobox', { name: 'Category' }),
    fieldError: detail.locator('.field-error'),
    mergeButton: detail.getByRole('button', { name: 'Merge into…' }),
    deleteButton: detail.getByRole('button', { name: 'Delete…' }),
    /** Any dialog by its title. */
    dialog: (title: string | RegExp) => page.getByRole('dialog', { name: title }),
    segments: (code: string) => page.getByRole('list', { name: `Segments coded ${code}` }).getByRole('listitem'),
    segmentStatus: page.locator('.cd-segments > p[role="status"]'),
    participantFilter: page.getByRole('combobox', { name: 'Participant field' }),
    screenerFilter: page.getByRole('combobox', { name: 'Screener answer' }),
    coderFilter: page.getByRole('combobox', { name: 'Coder' }),
    clearFilters: page.getByRole('button', { name: 'Clear filters' }),
    exportButton: page.getByRole('button', { name: 'Export segments…' }),
    showMore: page.getByRole('button', { name: /^Show \d+ more/ }),
  };
};
