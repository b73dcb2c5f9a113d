import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { workspaceDir } from '../../src/main/workspaces/paths';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { browserSkipReason, launchBrowser, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { demoOperator, demoProjectId, openDemo, type DemoOperator } from '../support/demo-operator';
import { testSandbox, type TestSandbox } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e settings ${skip}`);

/** Relative luminance of a computed rgb() colour (WCAG). */
const luminanceOf = (page: Page, selector: string, prop: 'backgroundColor' | 'color') =>
  page.evaluate(
    ([sel, p]) => {
      const css = getComputedStyle(document.querySelector(sel)!)[p as 'color'];
      const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    },
    [selector, prop] as const,
  );

/** A strong secret in the service's form, recognisable if it ever leaked into the page. */
const CANARY_SECRET = `whsec_${Buffer.from('canary-secret-for-the-settings-e2e!!!').toString('base64')}`;

describe.skipIf(skip !== null)('settings', () => {
  let browser: Browser;
  let harness: Harness;
  let sandbox: TestSandbox;
  let page: Page;
  let problems: string[];
  let op: DemoOperator;

  beforeAll(async () => {
    harness = await startHarness();
    sandbox = await testSandbox();
    browser = await launchBrowser();
    ({ page, problems } = await openDemo(browser, harness, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' }));
    op = await demoOperator(harness);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await sandbox?.close();
  });

  const openSettings = async () => {
    await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  };

  it('shows every section, with About naming the version and keychain status', async () => {
    await openSettings();
    expect(await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe(
      'page',
    );
    for (const name of ['Workspaces', 'Sync', 'Offline videos', 'Appearance', 'Notifications', 'Webhook receiver', 'About']) {
      await page.getByRole('heading', { name, level: 2 }).waitFor();
      expect(await page.getByRole('heading', { name, level: 2 }).count(), name).toBe(1);
    }
    const about = page.getByRole('region', { name: 'About' });
    expect(await about.innerText()).toMatch(/Version\s+e2e/);
    // This harness's memory store reports no keychain without a reason.
    expect(await about.innerText()).toMatch(/Keychain\s+Not available\. API keys are kept in memory/);
    const workspaces = page.getByRole('table', { name: 'Workspaces' });
    expect(await workspaces.getByRole('row', { name: /Demo: Northwind Meals/ }).innerText()).toMatch(
      /In use[\s\S]*http:\/\/127\.0\.0\.1:\d+[\s\S]*Memory only/,
    );
    await page.setViewportSize({ width: 1280, height: 1750 });
    await shot(page, 'settings-light');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the dark theme applies at once app-wide and survives a reload', async () => {
    await openSettings();
    const lightBg = await luminanceOf(page, 'body', 'backgroundColor');
    expect(lightBg).toBeGreaterThan(0.8);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => luminanceOf(page, 'body', 'backgroundColor')).toBeLessThan(0.05);
    expect(await luminanceOf(page, 'body', 'color')).toBeGreaterThan(0.6);
    // The sidebar and header are dark too, not just the page behind them.
    expect(await luminanceOf(page, '.sidebar', 'backgroundColor')).toBeLessThan(0.05);
    // The page applies the theme at once; main saves it when the settings call lands.
    await expect.poll(() => harness.core.settings.get().theme).toBe('dark');
    await page.setViewportSize({ width: 1280, height: 1750 });
    await shot(page, 'settings-dark');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.reload();
    await page.getByRole('table', { name: 'Studies' }).waitFor({ timeout: 30_000 });
    expect(await luminanceOf(page, 'body', 'backgroundColor')).toBeLessThan(0.05);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // Back to following the system, which this page emulates as light.
    await openSettings();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'System' }).check();
    await expect.poll(() => luminanceOf(page, 'body', 'backgroundColor')).toBeGreaterThan(0.8);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => luminanceOf(page, 'body', 'backgroundColor')).toBeLessThan(0.05);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => harness.core.settings.get().theme).toBe('system');
  });

  it('a bad sync interval is explained inline, keeps what was typed and is not saved; a good one is', async () => {
    await openSettings();
    const input = page.getByRole('textbox', { name: 'Sync interval' });
    expect(await input.inputValue()).toBe('15');
    await input.fill('0');
    const sync = page.getByRole('region', { name: 'Sync' });
    await expect.poll(() => sync.getByRole('alert').innerText()).toBe('At least every minute.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await sync.getByRole('button', { name: 'Save' }).click();
    expect(await input.inputValue()).toBe('0');
    expect(harness.core.settings.get().sync_interval_minutes).toBe(15);
    await shot(page, 'settings-sync-invalid');
    await input.fill('ten');
    await expect.poll(() => sync.getByRole('alert').innerText()).toBe('Enter a number.');
    await input.fill('2000');
    await expect.poll(() => sync.getByRole('alert').innerText()).toMatch(/At most once a day/);
    await input.fill('30');
    await expect.poll(() => sync.getByRole('alert').count()).toBe(0);
    await sync.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => harness.core.settings.get().sync_interval_minutes).toBe(30);
    await expect.poll(() => sync.getByRole('status').innerText()).toBe('Saved');
  });

  it("shows the offline video quota and this workspace's usage, and saves a new quota", async () => {
    await openSettings();
    const section = page.getByRole('region', { name: 'Offline videos' });
    const input = section.getByRole('textbox', { name: 'Space for offline videos' });
    expect(await input.inputValue()).toBe('2048');
    const usage = (await harness.core.dispatch('videos.usage', { workspace_id: DEMO_WORKSPACE_ID })) as { ok: true; value: { bytes: number } };
    expect(usage.ok).toBe(true);
    const bar = section.getByRole('progressbar');
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe(String(usage.value.bytes));
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(2048 * 1024 * 1024));
    expect(await section.innerText()).toMatch(/Demo: Northwind Meals\s+[\d.]+ [KMG]B of 2\.0 GB used/);
    await input.fill('50');
    await expect.poll(() => section.getByRole('alert').innerText()).toBe('At least 100 MB.');
    await input.fill('4096');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => harness.core.settings.get().video_quota_mb).toBe(4096);
    await expect.poll(() => section.innerText()).toMatch(/of 4\.0 GB used/);
  });

  it('the webhook receiver never shows its secret and reports where it listens', async () => {
    await openSettings();
    const section = page.getByRole('region', { name: 'Webhook receiver' });
    expect(await section.getByRole('status').first().innerText()).toMatch(/Off/);
    await section.getByRole('switch', { name: 'Receive webhooks' }).check();
    const port = section.getByRole('textbox', { name: 'Port' });
    await port.fill('80');
    await expect.poll(() => section.getByRole('alert').innerText()).toBe('Use a port from 1024 up.');
    await port.fill('0');
    await port.fill('18787');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => harness.core.settings.get().webhook_enabled).toBe(true);
    await expect.poll(() => section.getByRole('status').first().innerText()).toMatch(/set the signing secret/);
    const secret = section.getByLabel('Signing secret');
    expect(await secret.getAttribute('type')).toBe('password');
    // A weak key is refused with a clear message; the secret the service issues is taken.
    await secret.fill('whsec_canary_123456');
    await section.getByRole('button', { name: 'Set secret' }).click();
    await expect.poll(() => section.getByRole('alert').innerText()).toMatch(/not valid base64|too short/);
    await secret.fill(CANARY_SECRET);
    await section.getByRole('button', { name: 'Set secret' }).click();
    await expect.poll(() => section.getByRole('button', { name: 'Replace secret' }).count()).toBe(1);
    expect(await secret.inputValue()).toBe('');
    await expect.poll(() => section.getByRole('status').first().innerText()).toBe('Listening on 127.0.0.1:18787');
    expect(await page.content()).not.toContain(CANARY_SECRET);
    // Off again, so the port is free for the next run.
    await section.getByRole('switch', { name: 'Receive webhooks' }).uncheck();
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => section.getByRole('status').first().innerText()).toMatch(/Off/);
  });

  it('sync finding new completed interviews sends one OS notification and shows a toast', async () => {
    await op.ok('POST', `/_sandbox/projects/${demoProjectId(harness, 'Meal-kit churn')}/simulate`, { completed: 2 });
    harness.desktop.notifications.length = 0;
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => harness.desktop.notifications, { timeout: 30_000 }).toEqual([{ title: '2 new interviews completed', body: 'Meal-kit churn' }]);
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect
      .poll(
        () =>
          toasts
            .getByRole('listitem')
            .first()
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toMatch(/2 new interviews completed\s+Meal-kit churn/);
    await shot(page, 'settings-toast');
    await toasts.getByRole('button', { name: 'Dismiss: 2 new interviews completed' }).click();
    await expect.poll(() => toasts.getByRole('listitem').count()).toBe(0);
  });

  it('with notifications off, a sync with new interviews sends none', async () => {
    await openSettings();
    await page.getByRole('switch', { name: /Notify me/ }).uncheck();
    await expect.poll(() => harness.core.settings.get().notifications).toBe(false);
    await op.ok('POST', `/_sandbox/projects/${demoProjectId(harness, 'Meal-kit churn')}/simulate`, { completed: 1 });
    harness.desktop.notifications.length = 0;
    const done = new Promise<void>((resolve) => {
      const off = harness.core.events.subscribe((e) => {
        if (e.name === 'sync.finished') {
          off();
          resolve();
        }
      });
    });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await done;
    // Then a sync with notifications on, as a marker: its notice and toast come after the first sync's were
    // decided, so if the first had leaked there would be two of each (or one saying 2 interviews).
    await page.getByRole('switch', { name: /Notify me/ }).check();
    await expect.poll(() => harness.core.settings.get().notifications).toBe(true);
    await op.ok('POST', `/_sandbox/projects/${demoProjectId(harness, 'Meal-kit churn')}/simulate`, { completed: 1 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
    await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => harness.desktop.notifications.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(harness.desktop.notifications.map((n) => n.title)).toEqual(['1 new interview completed']);
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().innerText()).toContain('1 new interview completed');
  });

  it('native menu commands (app.command) run in the page like their shortcuts', async () => {
    await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: 'Studies' }).click();
    await page.getByRole('table', { name: 'Studies' }).waitFor();
    const settingsHeading = page.getByRole('heading', { name: 'Settings', level: 1 });
    harness.core.events.emit('app.command', { command: 'settings' });
    await settingsHeading.waitFor();
    // The keyboard runs the same commands: Ctrl+K opens search.
    await page.keyboard.press('Control+k');
    const search = page.getByRole('dialog', { name: /Search/ });
    await search.waitFor();
    await search.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => search.count()).toBe(0);
    harness.core.events.emit('app.command', { command: 'new-study' });
    await expect.poll(() => settingsHeading.count()).toBe(0);
    harness.core.events.emit('app.command', { command: 'search' });
    await search.waitFor();
    await search.getByRole('button', { name: 'Close' }).click();
    // Ctrl+, opens settings, and Ctrl+R syncs without reloading the page.
    await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
    await page.keyboard.press('Control+,');
    await settingsHeading.waitFor();
    const finished = new Promise<void>((resolve) => {
      const off = harness.core.events.subscribe((e) => {
        if (e.name === 'sync.finished') {
          off();
          resolve();
        }
      });
    });
    await page.keyboard.press('Control+r');
    await finished;
    expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  });

  it('removing a workspace names the consequence, and purging deletes its saved data', async () => {
    const org = await sandbox.newOrg({ name: 'Acme' });
    const added = (await harness.core.dispatch('workspaces.add', { name: 'Acme', base_url: sandbox.baseUrl, api_key: org.apiKey })) as {
      ok: true;
      value: { id: string };
    };
    expect(added.ok).toBe(true);
    const id = added.value.id;
    // Opening its runtime creates its saved data folder, which the purge must delete.
    await harness.core.dispatch('sync.run', { workspace_id: id });
    expect(existsSync(workspaceDir(harness.dataDir, id))).toBe(true);
    // The renderer hears workspaces.changed and lists it.
    await openSettings();
    const table = page.getByRole('table', { name: 'Workspaces' });
    await expect.poll(() => table.getByRole('row', { name: /Acme/ }).count()).toBe(1);

    await table.getByRole('button', { name: 'Remove Acme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove workspace' });
    await dialog.waitFor();
    expect(await dialog.locator('.settings-consequence').innerText()).toBe("Remove 'Acme'. Its API key is forgotten. Studies on the service are not affected.");
    await dialog.getByRole('checkbox', { name: /Also delete its saved data/ }).check();
    await expect
      .poll(() => dialog.locator('.settings-consequence').innerText())
      .toBe("Remove 'Acme'. Its API key is forgotten, and its saved data is deleted (it has no offline videos). Studies on the service are not affected.");
    const confirm = dialog.getByRole('button', { name: 'Remove Acme' });
    // The destructive button reads as one: a solid danger fill with legible text.
    const [bg, fg] = await confirm.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(bg).not.toBe(fg);
    await shot(page, 'settings-remove-workspace');
    await dialog.getByRole('button', { name: 'Remove Acme' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => table.getByRole('row', { name: /Acme/ }).count()).toBe(0);
    expect(harness.core.workspaces.list().map((w) => w.name)).toEqual(['Demo: Northwind Meals']);
    expect(existsSync(workspaceDir(harness.dataDir, id))).toBe(false);
    expect(await harness.secrets.get(id)).toBeNull();
    // The demo is still the workspace in use.
    expect(await table.getByRole('row', { name: /Demo: Northwind Meals/ }).innerText()).toMatch(/In use/);
    expect(problems).toEqual([]);
  });
});

describe.skipIf(skip !== null)('settings without a keychain', () => {
  let browser: Browser;
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ secrets: createMemoryStore('No system keychain was found (test). API keys are kept in memory until Fieldwork quits.') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it('first run shows the keychain banner, and About says the keychain is not available', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const { problems } = watchPage(page);
    await page.goto(harness.host.url);
    const banner = page.getByRole('status').filter({ hasText: 'No keychain.' });
    await expect.poll(() => banner.innerText().catch(() => '')).toMatch(/No keychain\.\s+No system keychain was found \(test\)/);
    expect(await page.getByRole('form', { name: 'Add a workspace' }).innerText()).toMatch(
      /No keychain on this computer: the key is kept in memory until Fieldwork quits/,
    );
    await shot(page, 'first-run-no-keychain');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByRole('table', { name: 'Studies' }).waitFor({ timeout: 30_000 });
    expect(await banner.isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: 'Settings' }).click();
    expect(await page.getByRole('region', { name: 'About' }).innerText()).toMatch(/Keychain\s+Not available\. No system keychain was found/);
    expect(problems).toEqual([]);
  });
});
