import type { Page } from 'playwright-core';
import { openStudyTab } from './study';
import { containing } from './text';

/** Analysis → Reels: the study's reels, the open reel's clips in order, and its dialogs. */
export const reelsView = (page: Page) => {
  const book = page.getByRole('navigation', { name: 'Reels' });
  const clipList = page.getByRole('list', { name: /^Clips of / });
  return {
    book,
    /** Sidebar → the study → Analysis → Reels, once the list (or its empty note) is up. */
    async open(study: string) {
      await openStudyTab(page, study, 'Analysis');
      await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Reels' }).click();
      await book.waitFor();
    },
    /** A reel in the list, by its name (its clip count follows in the name). */
    reel: (name: string) => book.getByRole('button', { name: new RegExp(`^${containing(name).source}, \\d+ clips?$`) }),
    newReel: book.getByRole('button', { name: 'New reel', exact: true }),
    title: (name: string) => page.getByRole('heading', { name, level: 2, exact: true }),
    /** "3 clips · 00:42 total". */
    meta: page.locator('.rl-meta'),
    status: page.locator('.rl-status'),
    clips: clipList.locator(':scope > li'),
    /** A clip by its place, from 1. */
    clip: (n: number) => clipList.locator(':scope > li').nth(n - 1),
    /** A clip by the start of its words. */
    clipWith: (quote: string) => clipList.locator(':scope > li').filter({ has: page.getByText(containing(quote)) }),
    addFromHighlights: page.getByRole('button', { name: 'Add from highlights…' }),
    exportReel: page.getByRole('button', { name: 'Export reel…' }),
    rename: page.getByRole('button', { name: 'Rename…' }),
    deleteReel: page.getByRole('button', { name: 'Delete…' }),
    dialog: (title: string | RegExp) => page.getByRole('dialog', { name: title }),
  };
};
