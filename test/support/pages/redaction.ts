import type { Page } from 'playwright-core';
import { openStudyTab } from './study';

/** Analysis → Redaction: the terms the scan found (each a card with its places and Redact / Keep), the filters, and your own terms. */
export const redactionView = (page: Page) => {
  const views = page.getByRole('tablist', { name: 'Analysis views' });
  const list = page.getByRole('list', { name: 'Terms found' });
  const heading = page.getByRole('heading', { name: 'Redaction', level: 2 });
  const term = (kind: string, text: string) => list.getByRole('listitem', { name: `${kind}: ${text}`, exact: true });
  return {
    heading,
    /** Sidebar → the study → Analysis → Redaction, once the scan has answered. */
    async open(study: string) {
      await openStudyTab(page, study, 'Analysis');
      await views.getByRole('tab', { name: 'Redaction', exact: true }).click();
      await heading.waitFor({ timeout: 60_000 });
    },
    /** Another analysis view and back: the review is read afresh. */
    async reopen() {
      await views.getByRole('tab', { name: 'Codes', exact: true }).click();
      await views.getByRole('tab', { name: 'Redaction', exact: true }).click();
      await heading.waitFor({ timeout: 60_000 });
    },
    /** "Scanning 24 interviews…" while the scan runs. */
    scanning: page.getByRole('status').filter({ hasText: /^Scanning / }),
    summary: page.locator('.rd-summary'),
    warning: page.locator('.rd-warning'),
    list,
    terms: list.getByRole('listitem').filter({ has: page.locator('.rd-term-head') }),
    /** A term's card by its kind's singular ("Participant", "Name", "Your term") and its text. */
    term,
    /** The words around a term where it was found, the term marked. */
    contexts: (kind: string, text: string) => term(kind, text).locator('.rd-context'),
    marked: (kind: string, text: string) => term(kind, text).locator('mark'),
    redact: (kind: string, text: string) => term(kind, text).getByRole('button', { name: 'Redact', exact: true }),
    keep: (kind: string, text: string) => term(kind, text).getByRole('button', { name: 'Keep', exact: true }),
    state: (kind: string, text: string) => term(kind, text).locator('.rd-state'),
    kindChip: (label: string) => page.getByRole('group', { name: 'Kind' }).getByRole('button', { name: new RegExp(`^${label} \\d+$`) }),
    decisionFilter: (label: string) => page.getByRole('group', { name: 'Decision' }).getByRole('button', { name: new RegExp(`^${label}( \\d+)?$`) }),
    filter: page.getByRole('searchbox', { name: 'Filter terms' }),
    status: page.locator('.rd-status'),
    redactAllShown: page.getByRole('button', { name: 'Redact all shown' }),
    keepAllShown: page.getByRole('button', { name: 'Keep all shown' }),
    showMore: page.getByRole('button', { name: /^Show \d+ more of / }),
    ownInput: page.getByRole('textbox', { name: 'Add your own term' }),
    ownAdd: page.getByRole('button', { name: 'Add', exact: true }),
    ownError: page.locator('#rd-own-error'),
    ownTerms: page.getByRole('list', { name: 'Your own terms' }).getByRole('listitem'),
    removeOwn: (text: string) => page.getByRole('button', { name: `Remove ${text}` }),
    /** The "Possible N" chip: only what the scan is unsure of, most at risk first. */
    possibleChip: page.getByRole('button', { name: /^Possible \d+$/ }),
    /** "Find every mention" on a term's card, on an own term ("Mentions"), or for what is typed in the form. */
    findMentions: (kind: string, text: string) => term(kind, text).getByRole('button', { name: 'Find every mention' }),
    ownMentions: (text: string) => page.getByRole('button', { name: `Every mention of ${text}`, exact: true }),
    ownFindFirst: page.getByRole('button', { name: 'Find every mention first' }),
    mentionsDialog: page.getByRole('dialog', { name: /^Every mention of / }),
    /** The side list of interviews: each one's code, counts, "Reviewed" box and "changed since" note. */
    interviews: page.getByRole('list', { name: 'Interviews to review' }).getByRole('listitem'),
    interview: (code: string) =>
      page
        .getByRole('list', { name: 'Interviews to review' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('checkbox', { name: `${code} reviewed`, exact: true }) }),
    reviewed: (code: string) => page.getByRole('checkbox', { name: `${code} reviewed`, exact: true }),
  };
};
