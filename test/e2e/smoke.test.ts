import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSkipReason, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e smoke ${skip}`);

describe.skipIf(skip !== null)('browser harness smoke', () => {
  const e2e = useHarness();

  it('first run offers the demo; trying it shows the demo project list', async () => {
    const { page, problems } = await e2e.openApp({ viewport: { width: 1280, height: 800 } });
    const ui = app(page);
    await expect.poll(() => ui.firstRun.welcome.isVisible()).toBe(true);
    await shot(page, 'smoke-first-run');
    await ui.firstRun.tryDemo.click();
    await ui.studies.ready();
    for (const title of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      await expect.poll(() => ui.studies.title(title).count()).toBe(1);
    }
    expect(await ui.studies.row('Meal-kit churn').innerText()).toMatch(/Churn[\s\S]*In progress[\s\S]*24 \/ 30/);
    expect(await ui.studies.row('Onboarding interviews').innerText()).toMatch(/Not launched/);
    expect(existsSync(await shot(page, 'smoke-projects'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('follows the system theme: the dark scheme gets dark surfaces and light text', async () => {
    const colours = async (scheme: 'light' | 'dark') => {
      const { page, problems } = await e2e.openApp({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
      // The demo workspace from the test above is still there: the project list opens.
      await app(page).studies.ready();
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
    const res = await fetch(`${e2e.harness.host.url}__fieldwork/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ channel: 'workspaces.list', input: null, hasInput: false }),
    });
    expect(res.status).toBe(403);
  });
});
