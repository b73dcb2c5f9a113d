import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { sidebar } from './shell';

export type StudyTab = 'Guide' | 'Stimuli' | 'Interviews' | 'Report' | 'Share';

/** A study's page: its title, status line, Export and Launch, and its tabs. */
export const studyPage = (page: Page) => {
  const tabs = page.getByRole('tablist', { name: 'Study sections' });
  const tab = (name: StudyTab | string) => tabs.getByRole('tab', { name, exact: true });
  return {
    heading: (title: string) => page.getByRole('heading', { name: title, level: 1 }),
    /** The head of the page: title, type, status and when it was saved. It has no role of its own in the app. */
    head: page.locator('.project-head'),
    exportButton: page.getByRole('button', { name: 'Export…' }),
    launchButton: page.getByRole('button', { name: 'Launch…' }),
    tabs,
    tab,
    /** The tab, only while it is the selected one. */
    selectedTab: (name: StudyTab | string) => tabs.getByRole('tab', { name, exact: true, selected: true }),
    /** The selected tab's content. */
    panel: page.getByRole('tabpanel'),
    /** Selects a tab and waits until it is the selected one. */
    async openTab(name: StudyTab | string) {
      await tab(name).click();
      await expect.poll(() => tabs.getByRole('tab', { name, exact: true, selected: true }).isVisible()).toBe(true);
    },
  };
};

/** Sidebar → a study by its title → one of its tabs. */
export async function openStudyTab(page: Page, title: string, tab: StudyTab | string): Promise<void> {
  await sidebar(page).openStudy(title);
  await studyPage(page).openTab(tab);
}
