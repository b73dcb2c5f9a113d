import type { Page } from 'playwright-core';

/** The toasts: short notes about work that finished in the background. */
export const toasts = (page: Page) => {
  const region = page.getByRole('region', { name: 'Notifications' });
  return {
    region,
    items: region.getByRole('listitem'),
    /** The toast that says `text`. */
    item: (text: string | RegExp) => region.getByRole('listitem').filter({ hasText: text }),
    dismiss: (title: string) => region.getByRole('button', { name: `Dismiss: ${title}` }),
  };
};

/** Messages on the page (status notes, alerts and notes), found by what they say. */
export const messages = (page: Page) => ({
  status: (text: string | RegExp) => page.getByRole('status').filter({ hasText: text }),
  alert: (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text }),
  note: (text: string | RegExp) => page.getByRole('note').filter({ hasText: text }),
  /** The banner under the header while the service can't be reached. */
  offline: page.getByRole('status').filter({ hasText: "The service can't be reached" }),
  /** The banner when there is no system keychain. */
  noKeychain: page.getByRole('status').filter({ hasText: 'No keychain.' }),
});
