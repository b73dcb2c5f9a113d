import type { Locator, Page } from 'playwright-core';
import { draftNote } from './draft';
import { containing } from './text';

/** An interview's row in the Interviews tab, by its participant's name (a click on the row opens it). */
export function interviewRow(page: Page, participant: string): Locator {
  return page
    .getByRole('table', { name: 'Interviews' })
    .getByRole('row', { name: containing(participant) })
    .first();
}

/** A highlight's card (in the Highlights view, or under the player): edit, copy, jump to it, delete. */
export const highlightCard = (root: Locator) => ({
  root,
  edit: root.getByRole('button', { name: 'Edit' }),
  tags: root.getByLabel('Codes', { exact: true }),
  note: root.getByLabel('Note'),
  save: root.getByRole('button', { name: 'Save' }),
  /** The inline edit of tags and note, while it is open. */
  form: root.getByRole('form', { name: 'Edit highlight' }),
  draft: draftNote(root),
  copyQuote: root.getByRole('button', { name: 'Copy quote' }),
  copied: root.getByText('Copied with timestamp'),
  /** Opens the interview at the highlight's moment ("03:12"). */
  openAt: (at: string) => root.getByRole('button', { name: `Open interview at ${at}` }),
  delete: root.getByRole('button', { name: 'Delete' }),
  /** What Delete asks before it deletes. */
  deleteWarning: root.getByText(/Its codes and note go with it/),
  confirmDelete: root.getByRole('button', { name: 'Delete highlight' }),
});

/** The Interviews tab: the toolbar's filters and count, the table, offline downloads, and the Highlights view. */
export const interviewsTab = (page: Page) => {
  const table = page.getByRole('table', { name: 'Interviews' });
  const toolbar = page.getByRole('search', { name: 'Filter interviews' });
  const views = page.getByRole('tablist', { name: 'Interview views' });
  const highlights = page.getByRole('article');
  return {
    table,
    row: (participant: string) => interviewRow(page, participant),
    /** The row at a position of the whole list (the header row is 1), if the table has it on screen. */
    rowAt: (rowIndex: number) => table.locator(`tr[aria-rowindex="${rowIndex}"]`),
    /** The rows the table has put on screen: it keeps only the visible part of a long list in the page. */
    renderedRows: table.locator('tbody tr[data-index]'),
    /** Scrolls the table's own scroll box to the end. */
    scrollToEnd: () =>
      table.evaluate((el) => {
        const box = el.parentElement!;
        box.scrollTop = box.scrollHeight;
      }),
    toolbar,
    search: toolbar.getByRole('searchbox', { name: 'Search participants' }),
    status: toolbar.getByLabel('Status'),
    screener: toolbar.getByLabel('Screener'),
    clearFilters: page.getByRole('button', { name: 'Clear filters' }).first(),
    noMatches: page.getByText('No interviews match these filters.'),
    /** A launched study without interviews: share the link. */
    noInterviews: page.getByText('No interviews yet. Share the participant link to start collecting.'),
    /** A draft without interviews: it has no link until it is launched. */
    noInterviewsDraft: page.getByText('No interviews yet. Interviews arrive once the study is launched and participants open its link.'),
    /** The header's checkbox: every interview the filters show. */
    selectAll: table.getByRole('checkbox', { name: 'Select all interviews shown' }),
    clearAllShown: table.getByRole('checkbox', { name: 'Clear the selection of the interviews shown' }),
    /** A row's own checkbox. */
    select: (participant: string) => table.getByRole('checkbox', { name: `Select ${participant} for export` }),
    /** "3 selected" in the selection bar. */
    selectedCount: page.getByRole('group', { name: 'Selected interviews' }).getByText(/selected$/),
    /** The table's own scroll box (the header row sticks to its top). */
    scrollBox: table.locator('xpath=..'),
    columnHeader: (name: string) => table.getByRole('columnheader', { name, exact: true }),
    /** "24 interviews", "3 interviews match": the toolbar's first status (Download all may add its own after it). */
    count: toolbar.getByRole('status').first(),
    /** "12.4 MB of 2.0 GB used": the offline videos' share of the quota. */
    usage: page.getByTitle('Offline videos use this much of the quota set in Settings'),
    download: (participant: string) => page.getByRole('button', { name: `Download ${participant}'s video for offline` }),
    downloadAll: page.getByRole('button', { name: 'Download all for offline' }),
    downloadAllProgress: page.getByRole('progressbar', { name: 'Downloading all videos for offline' }),
    cancelDownloadAll: page.getByRole('group', { name: 'Downloading all videos' }).getByRole('button', { name: 'Cancel' }),
    /** "Download cancelled after 3 of 524 videos." */
    downloadAllCancelled: (done: number) => page.getByText(`Download cancelled after ${done} of `),
    downloadFailed: (participant: string) => page.getByRole('alert').filter({ hasText: `${participant}'s video could not be downloaded for offline use.` }),
    selection: page.getByRole('group', { name: 'Selected interviews' }),
    exportSelected: page.getByRole('button', { name: 'Export selected…' }),
    clearSelection: page.getByRole('button', { name: 'Clear selection' }),
    /** "All interviews" or "Highlights". */
    view: (name: 'All interviews' | 'Highlights') => views.getByRole('tab', { name }),
    highlights,
    /** A highlight card, by the start of its quote. */
    highlight: (quote: string) => highlightCard(page.getByRole('article', { name: containing(quote) })),
    tagFilter: page.getByRole('group', { name: 'Filter highlights by code' }),
    noHighlights: page.getByText(/No highlights in this study yet/),
    openShare: page.getByRole('button', { name: 'Open Share' }),
  };
};
