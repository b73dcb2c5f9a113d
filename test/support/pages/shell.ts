import type { Page } from 'playwright-core';

/** The sidebar: the workspace in use, its studies, and the way to every other screen. */
export const sidebar = (page: Page) => {
  const nav = page.getByRole('navigation', { name: 'Workspace and studies' });
  const heading = (title: string) => page.getByRole('heading', { name: title, level: 1 });
  const study = (title: string) => nav.getByRole('button', { name: title, exact: true }).first();
  return {
    nav,
    workspace: nav.getByRole('combobox', { name: 'Workspace' }),
    addWorkspace: nav.getByRole('button', { name: 'Add workspace' }),
    studies: nav.getByRole('button', { name: 'Studies', exact: true }),
    study,
    newStudy: nav.getByRole('button', { name: /New study/ }),
    search: nav.getByRole('button', { name: /Search/ }),
    settings: nav.getByRole('button', { name: 'Settings' }),
    /** A study's page, once its title is the page's heading. */
    async openStudy(title: string, { timeout = 20_000 }: { timeout?: number } = {}) {
      await study(title).click();
      await heading(title).waitFor({ timeout });
    },
    /** The studies list, once its table is up. */
    async openStudies() {
      await nav.getByRole('button', { name: 'Studies', exact: true }).click();
      await page.getByRole('table', { name: 'Studies' }).waitFor();
    },
    async openSettings() {
      await nav.getByRole('button', { name: 'Settings' }).click();
      await heading('Settings').waitFor();
    },
  };
};

/** The header above every screen: Back (in the viewer), the sync state and Sync now. */
export const header = (page: Page) => {
  const banner = page.getByRole('banner');
  return {
    back: banner.getByRole('button', { name: '← Back' }),
    /** What the last sync did, or how far the running one has got ("Synced just now", "Offline: showing saved data"). */
    syncState: banner.getByRole('status'),
    syncNow: banner.getByRole('button', { name: 'Sync now' }),
    cancelSync: banner.getByRole('button', { name: 'Cancel sync' }),
    syncProgress: banner.getByRole('progressbar', { name: 'Sync progress' }),
  };
};

/** The "?" sheet of keyboard shortcuts. */
export const shortcutSheet = (page: Page) => ({
  dialog: page.getByRole('dialog', { name: 'Keyboard shortcuts' }),
  heading: page.getByRole('heading', { name: 'Keyboard shortcuts' }),
});

/** The title of whatever screen is showing. */
export const screenTitle = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** What a view that failed to render shows in its place (with Show details and Reload view). */
export const viewFailed = (page: Page) => page.getByRole('alert', { name: 'This view hit a problem' });

/** The screen under the header, whatever it is. */
export const mainArea = (page: Page) => page.getByRole('main');
