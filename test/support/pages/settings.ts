import type { Page } from 'playwright-core';
import { sidebar } from './shell';

/** The Settings screen, one region per section. */
export const settingsScreen = (page: Page) => {
  const heading = page.getByRole('heading', { name: 'Settings', level: 1 });
  const section = (name: string) => page.getByRole('region', { name });
  const sync = section('Sync');
  const offlineVideos = section('Offline videos');
  const webhook = section('Webhook receiver');
  const coding = section('Coding');
  const workspaces = page.getByRole('table', { name: 'Workspaces' });
  const remove = page.getByRole('dialog', { name: 'Remove workspace' });
  return {
    heading,
    /** From the sidebar. */
    open: () => sidebar(page).openSettings(),
    section,
    sectionHeading: (name: string) => page.getByRole('heading', { name, level: 2 }),
    about: section('About'),
    workspaces,
    workspace: (name: string | RegExp) => workspaces.getByRole('row', { name }),
    removeWorkspace: (name: string) => workspaces.getByRole('button', { name: `Remove ${name}` }),
    /** Every workspace's Remove button, in the table's order. */
    removeButtons: workspaces.getByRole('button', { name: /^Remove / }),
    removeDialog: {
      dialog: remove,
      /** What removing does, as the dialog spells it out; the app gives the sentence no role. */
      consequence: remove.locator('.settings-consequence'),
      purge: remove.getByRole('checkbox', { name: /Also delete its saved data/ }),
      confirm: (name: string) => remove.getByRole('button', { name: `Remove ${name}` }),
      cancel: remove.getByRole('button', { name: 'Cancel' }),
    },
    sync: {
      region: sync,
      interval: page.getByRole('textbox', { name: 'Sync interval' }),
      save: sync.getByRole('button', { name: 'Save' }),
      alert: sync.getByRole('alert'),
      status: sync.getByRole('status'),
    },
    offlineVideos: {
      region: offlineVideos,
      quota: offlineVideos.getByRole('textbox', { name: 'Space for offline videos' }),
      usage: offlineVideos.getByRole('progressbar'),
      save: offlineVideos.getByRole('button', { name: 'Save' }),
      alert: offlineVideos.getByRole('alert'),
    },
    /** The researcher's name as coder. */
    coding: {
      region: coding,
      name: coding.getByRole('textbox', { name: 'Your name (as coder)' }),
      save: coding.getByRole('button', { name: 'Save' }),
      status: coding.getByRole('status'),
      alert: coding.getByRole('alert'),
    },
    theme: (name: 'System' | 'Light' | 'Dark') => page.getByRole('radio', { name }),
    notify: page.getByRole('switch', { name: /Notify me/ }),
    webhook: {
      region: webhook,
      receive: webhook.getByRole('switch', { name: 'Receive webhooks' }),
      port: webhook.getByRole('textbox', { name: 'Port' }),
      secret: webhook.getByLabel('Signing secret'),
      setSecret: webhook.getByRole('button', { name: 'Set secret' }),
      replaceSecret: webhook.getByRole('button', { name: 'Replace secret' }),
      save: webhook.getByRole('button', { name: 'Save' }),
      alert: webhook.getByRole('alert'),
      /** Where it listens, or that it is off. */
      state: webhook.getByRole('status').first(),
    },
  };
};
