import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoSeed } from '../../src/sandbox/seed/demo';
import { browserSkipReason, launchBrowser, ROOT, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { testSandbox, type TestSandbox } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e offline ${skip}`);

/**
 * The embedded demo restarts its sandbox whenever the demo workspace is used (so it is never "offline"),
 * so this test connects a workspace to a standalone service seeded with the same demo studies, and then
 * stops that service.
 */
describe.skipIf(skip !== null)('offline: the service goes away', () => {
  let browser: Browser;
  let harness: Harness;
  let sandbox: TestSandbox;
  let seed: DemoSeed;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [harness, browser, sandbox] = await Promise.all([startHarness(), launchBrowser(), testSandbox({ mediaDir: join(ROOT, 'resources/sample-media') })]);
    seed = await seedDemo(sandbox.baseUrl, sandbox.context.media);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    problems = watchPage(page).problems;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await sandbox?.close().catch(() => undefined);
  });

  it('first run: the key is masked with a named show/hide toggle, and a good key opens the studies', async () => {
    await page.goto(harness.host.url);
    const form = page.getByRole('form', { name: 'Add a workspace' });
    await form.getByLabel('Workspace name').fill('Northwind');
    await form.getByLabel('Service address').fill(sandbox.baseUrl);
    const key = form.getByLabel('API key');
    await key.fill(seed.api_key);
    expect(await key.getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Show key' }).click();
    expect(await key.getAttribute('type')).toBe('text');
    await form.getByRole('button', { name: 'Hide key' }).click();
    expect(await key.getAttribute('type')).toBe('password');
    await form.getByLabel(/Organisation ID/).fill(seed.organisation_id);
    await form.getByRole('button', { name: 'Add workspace' }).click();

    const table = page.getByRole('table', { name: 'Studies' });
    await table.waitFor({ timeout: 30_000 });
    for (const title of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      await expect.poll(() => table.getByRole('rowheader', { name: title }).count(), { timeout: 30_000 }).toBe(1);
    }
    // Let the first sync (which prefetches each study) finish before the service goes away.
    await expect.poll(() => page.locator('.sync-state').innerText(), { timeout: 30_000 }).toMatch(/Synced/);
  });

  it('with the service stopped, Sync now says "Offline: showing saved data" and everything stays browsable', async () => {
    await sandbox.close();
    const started = Date.now();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.locator('.sync-state').innerText(), { timeout: 60_000 }).toBe('Offline: showing saved data');
    // The transport retries a refused connection a few times before calling it offline.
    expect(Date.now() - started).toBeLessThan(30_000);
    const banner = page.getByRole('status').filter({ hasText: "The service can't be reached" });
    expect(await banner.isVisible()).toBe(true);

    const table = page.getByRole('table', { name: 'Studies' });
    for (const title of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      expect(await table.getByRole('rowheader', { name: title }).count()).toBe(1);
    }
    expect(await table.getByRole('row', { name: /Meal-kit churn/ }).innerText()).toMatch(/Churn[\s\S]*In progress[\s\S]*\d+ \/ 30/);
    await shot(page, 'offline-banner-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'offline-banner-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A project page opens from the cache.
    await table.getByRole('button', { name: 'Meal-kit churn' }).click();
    await page.getByRole('heading', { name: 'Meal-kit churn', level: 1 }).waitFor({ timeout: 15_000 });
    // Its header comes from the cache (the tabs' content belongs to their own features' tests).
    expect(await page.locator('.project-head').innerText()).toMatch(/Churn[\s\S]*In progress/);
    expect(await page.locator('.sync-state').innerText()).toBe('Offline: showing saved data');
    await page.getByRole('tab', { name: 'Interviews', exact: true }).click();
    expect(await page.getByRole('tab', { name: 'Interviews', exact: true }).getAttribute('aria-selected')).toBe('true');
    await shot(page, 'offline-project');
    // Another study opens too, from the sidebar.
    await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: 'Packaging concepts' }).click();
    await page.getByRole('heading', { name: 'Packaging concepts', level: 1 }).waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
  }, 120_000);
});
