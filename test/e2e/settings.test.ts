import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { workspaceDir } from '../../src/main/workspaces/paths';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { demoOperator, demoProjectId, type DemoOperator } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';

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
  const e2e = useHarness({ sandbox: true });
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;
  let settings: App['settings'];
  let op: DemoOperator;

  beforeAll(async () => {
    harness = e2e.harness;
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' }));
    ui = app(page);
    settings = ui.settings;
    op = await demoOperator(harness);
  }, 60_000);

  const openSettings = () => settings.open();

  it('shows every section, with About naming the version and keychain status', async () => {
    await openSettings();
    expect(await ui.sidebar.settings.getAttribute('aria-current')).toBe('page');
    for (const name of ['Workspaces', 'Sync', 'Offline videos', 'Appearance', 'Coding', 'Notifications', 'Webhook receiver', 'About']) {
      await settings.sectionHeading(name).waitFor();
      expect(await settings.sectionHeading(name).count(), name).toBe(1);
    }
    // The lead says which settings take effect as chosen and which wait for their Save (it once said "at once" beside Save buttons).
    await page.getByText('Theme and notifications change as you choose them; the other settings change when you press their Save.').waitFor();
    expect(await page.getByText(/Changes apply at once/).count()).toBe(0);
    expect(await settings.sync.save.count()).toBe(1);
    const about = settings.about;
    expect(await about.innerText()).toMatch(/Version\s+e2e/);
    // This harness's memory store reports no keychain without a reason.
    expect(await about.innerText()).toMatch(/Keychain\s+Not available\. API keys are kept in memory/);
    expect(await settings.workspace(/Demo: Northwind Meals/).innerText()).toMatch(/In use[\s\S]*http:\/\/127\.0\.0\.1:\d+[\s\S]*Memory only/);
    await page.setViewportSize({ width: 1280, height: 1750 });
    await shot(page, 'settings-light');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the dark theme applies at once app-wide and survives a reload', async () => {
    await openSettings();
    const lightBg = await luminanceOf(page, 'body', 'backgroundColor');
    expect(lightBg).toBeGreaterThan(0.8);
    await settings.theme('Dark').check();
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
    await ui.studies.ready();
    expect(await luminanceOf(page, 'body', 'backgroundColor')).toBeLessThan(0.05);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // Back to following the system, which this page emulates as light.
    await openSettings();
    expect(await settings.theme('Dark').isChecked()).toBe(true);
    await settings.theme('System').check();
    await expect.poll(() => luminanceOf(page, 'body', 'backgroundColor')).toBeGreaterThan(0.8);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => luminanceOf(page, 'body', 'backgroundColor')).toBeLessThan(0.05);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => harness.core.settings.get().theme).toBe('system');
  });

  it('a bad sync interval is explained inline, keeps what was typed and is not saved; a good one is', async () => {
    await openSettings();
    const sync = settings.sync;
    const input = sync.interval;
    expect(await input.inputValue()).toBe('15');
    await input.fill('0');
    await expect.poll(() => sync.alert.innerText()).toBe('At least every minute.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    // A refused Save keeps the value as typed and puts focus on the field.
    await sync.save.focus();
    await sync.save.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await input.inputValue()).toBe('0');
    expect(harness.core.settings.get().sync_interval_minutes).toBe(15);
    await shot(page, 'settings-sync-invalid');
    await input.fill('ten');
    await expect.poll(() => sync.alert.innerText()).toBe('Enter a number.');
    await input.fill('2000');
    await expect.poll(() => sync.alert.innerText()).toMatch(/At most once a day/);
    await input.fill('30');
    await expect.poll(() => sync.alert.count()).toBe(0);
    await sync.save.click();
    await expect.poll(() => harness.core.settings.get().sync_interval_minutes).toBe(30);
    await expect.poll(() => sync.status.innerText()).toBe('Saved. The next sync comes 30 minutes from now.');
    // Escape puts back the saved value.
    await input.fill('45');
    await input.press('Escape');
    expect(await input.inputValue()).toBe('30');
  });

  it('your name as coder: too long is explained at the field and not saved; a name is saved and said; Escape puts it back', async () => {
    await openSettings();
    const coding = settings.coding;
    expect(await coding.name.inputValue()).toBe(harness.core.settings.get().researcher_name);
    await coding.name.fill('x'.repeat(81));
    await coding.save.click();
    await expect.poll(() => coding.alert.innerText()).toBe('At most 80 characters.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(harness.core.settings.get().researcher_name).toBe('');
    await coding.name.fill('  Dana Reyes ');
    await coding.save.click();
    await expect.poll(() => harness.core.settings.get().researcher_name).toBe('Dana Reyes');
    await expect.poll(() => coding.status.innerText()).toBe('Saved. Your codings now show as coded by Dana Reyes.');
    expect(await coding.name.inputValue()).toBe('Dana Reyes');
    const theme = harness.core.settings.get().theme;
    for (const [w, h] of [
      [1024, 700],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const scheme of ['Light', 'Dark'] as const) {
        await settings.theme(scheme).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme.toLowerCase());
        await coding.region.scrollIntoViewIfNeeded();
        await shot(page, `settings-coder-${w}-${scheme.toLowerCase()}`);
      }
    }
    await settings.theme(theme === 'system' ? 'System' : theme === 'dark' ? 'Dark' : 'Light').click();
    await page.setViewportSize({ width: 1280, height: 900 });
    await coding.name.fill('Someone else');
    await coding.name.press('Escape');
    expect(await coding.name.inputValue()).toBe('Dana Reyes');
  });

  it("shows the offline video quota and this workspace's usage, and saves a new quota", async () => {
    await openSettings();
    const videos = settings.offlineVideos;
    const section = videos.region;
    const input = videos.quota;
    expect(await input.inputValue()).toBe('2048');
    const usage = (await harness.core.dispatch('videos.usage', { workspace_id: DEMO_WORKSPACE_ID })) as { ok: true; value: { bytes: number } };
    expect(usage.ok).toBe(true);
    const bar = videos.usage;
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe(String(usage.value.bytes));
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(2048 * 1024 * 1024));
    expect(await section.innerText()).toMatch(/Demo: Northwind Meals\s+[\d.]+ [KMG]B of 2\.0 GB used/);
    await input.fill('50');
    await expect.poll(() => videos.alert.innerText()).toBe('At least 100 MB.');
    await input.fill('4096');
    await videos.save.click();
    await expect.poll(() => harness.core.settings.get().video_quota_mb).toBe(4096);
    await expect.poll(() => section.innerText()).toMatch(/of 4\.0 GB used/);
  });

  it('the webhook receiver never shows its secret and reports where it listens', async () => {
    await openSettings();
    const hook = settings.webhook;
    expect(await hook.state.innerText()).toMatch(/Off/);
    await hook.receive.check();
    await hook.port.fill('80');
    await expect.poll(() => hook.alert.innerText()).toBe('Use a port from 1024 up.');
    await hook.port.fill('0');
    await hook.port.fill('18787');
    await hook.save.click();
    await expect.poll(() => harness.core.settings.get().webhook_enabled).toBe(true);
    await expect.poll(() => hook.state.innerText()).toMatch(/set the signing secret/);
    const secret = hook.secret;
    expect(await secret.getAttribute('type')).toBe('password');
    // A weak key is refused with a clear message; the secret the service issues is taken.
    await secret.fill('whsec_canary_123456');
    await hook.setSecret.click();
    await expect.poll(() => hook.alert.innerText()).toMatch(/not valid base64|too short/);
    await secret.fill(CANARY_SECRET);
    await hook.setSecret.click();
    await expect.poll(() => hook.replaceSecret.count()).toBe(1);
    expect(await secret.inputValue()).toBe('');
    await expect.poll(() => hook.state.innerText()).toBe('Listening on 127.0.0.1:18787');
    expect(await page.content()).not.toContain(CANARY_SECRET);
    // Off again, so the port is free for the next run.
    await hook.receive.uncheck();
    await hook.save.click();
    await expect.poll(() => hook.state.innerText()).toMatch(/Off/);
  });

  it('sync finding new completed interviews sends one OS notification and shows a toast', async () => {
    await op.ok('POST', `/_sandbox/projects/${demoProjectId(harness, 'Meal-kit churn')}/simulate`, { completed: 2 });
    harness.desktop.notifications.length = 0;
    await ui.header.syncNow.click();
    await expect.poll(() => harness.desktop.notifications, { timeout: 30_000 }).toEqual([{ title: '2 new interviews completed', body: 'Meal-kit churn' }]);
    const toasts = ui.toasts;
    await expect
      .poll(
        () =>
          toasts.items
            .first()
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toMatch(/2 new interviews completed\s+Meal-kit churn/);
    await shot(page, 'settings-toast');
    await toasts.dismiss('2 new interviews completed').click();
    await expect.poll(() => toasts.items.count()).toBe(0);
  });

  it('with notifications off, a sync with new interviews sends none', async () => {
    await openSettings();
    await settings.notify.uncheck();
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
    await ui.header.syncNow.click();
    await done;
    // Then a sync with notifications on, as a marker: its notice and toast come after the first sync's were
    // decided, so if the first had leaked there would be two of each (or one saying 2 interviews).
    await settings.notify.check();
    await expect.poll(() => harness.core.settings.get().notifications).toBe(true);
    await op.ok('POST', `/_sandbox/projects/${demoProjectId(harness, 'Meal-kit churn')}/simulate`, { completed: 1 });
    await ui.header.syncNow.click();
    const toasts = ui.toasts.items;
    await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => harness.desktop.notifications.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(harness.desktop.notifications.map((n) => n.title)).toEqual(['1 new interview completed']);
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().innerText()).toContain('1 new interview completed');
  });

  it('native menu commands (app.command) run in the page like their shortcuts', async () => {
    await ui.sidebar.openStudies();
    const settingsHeading = settings.heading;
    harness.core.events.emit('app.command', { command: 'settings' });
    await settingsHeading.waitFor();
    // The keyboard runs the same commands: Ctrl+K opens search.
    await page.keyboard.press('Control+k');
    const search = ui.palette;
    await search.dialog.waitFor();
    await search.close.click();
    await expect.poll(() => search.dialog.count()).toBe(0);
    harness.core.events.emit('app.command', { command: 'new-study' });
    await expect.poll(() => settingsHeading.count()).toBe(0);
    harness.core.events.emit('app.command', { command: 'search' });
    await search.dialog.waitFor();
    await search.close.click();
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
    const org = await e2e.sandbox.newOrg({ name: 'Acme' });
    const added = (await harness.core.dispatch('workspaces.add', { name: 'Acme', base_url: e2e.sandbox.baseUrl, api_key: org.apiKey })) as {
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
    await expect.poll(() => settings.workspace(/Acme/).count()).toBe(1);

    await settings.removeWorkspace('Acme').click();
    const remove = settings.removeDialog;
    await remove.dialog.waitFor();
    expect(await remove.consequence.innerText()).toBe("Remove 'Acme'. Its API key is forgotten. Studies on the service are not affected.");
    await remove.purge.check();
    await expect
      .poll(() => remove.consequence.innerText())
      .toBe("Remove 'Acme'. Its API key is forgotten, and its saved data is deleted (it has no offline videos). Studies on the service are not affected.");
    const confirm = remove.confirm('Acme');
    // The destructive button reads as one: a solid danger fill with legible text.
    const [bg, fg] = await confirm.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(bg).not.toBe(fg);
    await shot(page, 'settings-remove-workspace');
    await remove.confirm('Acme').click();
    await expect.poll(() => remove.dialog.count()).toBe(0);
    await expect.poll(() => settings.workspace(/Acme/).count()).toBe(0);
    expect(harness.core.workspaces.list().map((w) => w.name)).toEqual(['Demo: Northwind Meals']);
    expect(existsSync(workspaceDir(harness.dataDir, id))).toBe(false);
    expect(await harness.secrets.get(id)).toBeNull();
    // The demo is still the workspace in use.
    expect(await settings.workspace(/Demo: Northwind Meals/).innerText()).toMatch(/In use/);
    expect(problems).toEqual([]);
  });
});

describe.skipIf(skip !== null)('settings without a keychain', () => {
  const e2e = useHarness({
    harness: { secrets: createMemoryStore('No system keychain was found (test). API keys are kept in memory until Fieldwork quits.') },
  });

  it('first run shows the keychain banner, and About says the keychain is not available', async () => {
    const { page, problems } = await e2e.openApp({ viewport: { width: 1280, height: 800 } });
    const ui = app(page);
    const banner = ui.messages.noKeychain;
    await expect.poll(() => banner.innerText().catch(() => '')).toMatch(/No keychain\.\s+No system keychain was found \(test\)/);
    expect(await ui.firstRun.form.form.innerText()).toMatch(/No keychain on this computer: the key is kept in memory until Fieldwork quits/);
    await shot(page, 'first-run-no-keychain');
    await ui.firstRun.tryDemo.click();
    await ui.studies.ready();
    expect(await banner.isVisible()).toBe(true);
    await ui.sidebar.settings.click();
    expect(await ui.settings.about.innerText()).toMatch(/Keychain\s+Not available\. No system keychain was found/);
    expect(problems).toEqual([]);
  });
});
