import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, shot, startHarness, watchPage, type Harness } from '../support/browser';

const skip = browserSkipReason();
if (skip) console.warn(`e2e smoke ${skip}`);

describe.skipIf(skip !== null)('browser harness smoke', () => {
  let browser: Browser;
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it('first run offers the demo; trying it shows the demo project list', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const { problems } = watchPage(page);
    await page.goto(harness.host.url);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Fieldwork' }).isVisible()).toBe(true);
    await shot(page, 'smoke-first-run');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    const table = page.getByRole('table', { name: 'Studies' });
    await table.waitFor({ timeout: 30_000 });
    for (const title of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      await expect.poll(() => table.getByRole('rowheader', { name: title }).count()).toBe(1);
    }
    const churn = table.getByRole('row', { name: /Meal-kit churn/ });
    expect(await churn.innerText()).toMatch(/Churn[\s\S]*In progress[\s\S]*24 \/ 30/);
    expect(await table.getByRole('row', { name: /Onboarding interviews/ }).innerText()).toMatch(/Not launched/);
    expect(existsSync(await shot(page, 'smoke-projects'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('follows the system theme: the dark scheme gets dark surfaces and light text', async () => {
    const colours = async (scheme: 'light' | 'dark') => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
      const { problems } = watchPage(page);
      await page.goto(harness.host.url);
      // The demo workspace from the test above is still there: the project list opens.
      await page.getByRole('table', { name: 'Studies' }).waitFor({ timeout: 30_000 });
      await shot(page, `smoke-projects-${scheme}`);
      const c = await page.evaluate(() => {
        const luminance = (css: string) => {
          const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number);
          return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
        };
        const body = getComputedStyle(document.body);
        return { background: luminance(body.backgroundColor), text: luminance(body.color) };
      });
      expect(problems).toEqual([]);
      await page.close();
      return c;
    };
    const light = await colours('light');
    const dark = await colours('dark');
    expect(light.background).toBeGreaterThan(light.text);
    expect(dark.background).toBeLessThan(dark.text);
  });

  it('the bridge refuses calls from another origin', async () => {
    const res = await fetch(`${harness.host.url}__fieldwork/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ channel: 'workspaces.list', input: null, hasInput: false }),
    });
    expect(res.status).toBe(403);
  });
});
