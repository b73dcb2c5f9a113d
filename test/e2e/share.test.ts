import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbedInfo } from '../../src/shared/schemas/embed';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { demoOperator, demoProjectId, startDemo, type DemoOperator } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e share ${skip}`);

describe.skipIf(skip !== null)('the Share tab', () => {
  const e2e = useHarness();
  let harness: Harness;
  let op: DemoOperator;
  let churnId: string;
  let embed: EmbedInfo;

  beforeAll(async () => {
    harness = e2e.harness;
    await startDemo(harness);
    op = await demoOperator(harness);
    churnId = demoProjectId(harness, 'Meal-kit churn');
    embed = (await op.call<EmbedInfo>('GET', `/v1/projects/${churnId}/embed`)).body;
  });
  /** The app loaded on the studies list → Meal-kit churn → its Share tab, once the allow-list is there. */
  async function openShare(page: Page): Promise<App> {
    await page.goto(harness.host.url);
    const ui = app(page);
    await ui.studies.open('Meal-kit churn');
    await ui.study.tab('Share').click();
    await ui.share.allowListHeading.waitFor({ timeout: 20_000 });
    return ui;
  }

  it('shows the link with a QR code, and the six snippets as text that copy exactly', async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    const { share } = await openShare(page);
    const callUrl = await share.callUrl.textContent();
    expect(callUrl).toMatch(new RegExp(`^${op.baseUrl}/call/[^/]+/${embed.interview_id}/${churnId}$`));
    expect((await fetch(callUrl!)).status).toBe(200);
    expect(await share.qr.isVisible()).toBe(true);
    expect(await share.embedUrl.textContent()).toBe(embed.embed_url);
    expect(await share.cameraNote.count()).toBe(1);

    // Each snippet is in a code block, exactly as the service sent it.
    const blocks = share.snippetCode;
    expect(await blocks.count()).toBe(6);
    const shown = await blocks.allTextContents();
    expect(shown).toEqual([
      embed.snippets.iframe,
      embed.snippets.widget_inline,
      embed.snippets.widget_overlay_center,
      embed.snippets.widget_overlay_dock_right,
      embed.snippets.mobile_webview,
      embed.snippets.mobile_modal,
    ]);
    // The iframe snippet is HTML, but it is shown as text: no frame, no script comes into the page.
    expect(embed.snippets.iframe).toContain('<iframe');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.locator('script[data-interview-id]').count()).toBe(0);
    // Only the content pane scrolls: nothing (such as a hidden live region) stretches the window itself.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(900);

    await share.copy('Iframe snippet').click();
    await expect.poll(() => harness.desktop.clipboard).toBe(embed.snippets.iframe);
    await share.copy('Widget, docked right snippet').click();
    await expect.poll(() => harness.desktop.clipboard).toBe(embed.snippets.widget_overlay_dock_right);
    await share.copy('participant link').click();
    await expect.poll(() => harness.desktop.clipboard).toBe(callUrl);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('edits the allow-list: explains bad entries, shows the normalised form, saves, keeps it across a reload', async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    const ui = await openShare(page);
    const share = ui.share;
    const values = share.websiteValues;
    // The demo's saved list, then cleared: an empty list is called out, since it permits no website.
    await expect.poll(values).toEqual(['https://www.northwindmeals.example', 'https://help.northwindmeals.example']);
    expect(await share.empty.count()).toBe(0);
    await share.removeWebsite(2).click();
    await share.removeWebsite(1).click();
    await expect.poll(values).toEqual(['']);
    expect(await share.empty.isVisible()).toBe(true);

    await share.website(1).fill('https://Shop.Example.com/checkout?x=1');
    await expect.poll(() => share.websiteMessage(1).innerText()).toMatch(/→\s*Saved as\s*https:\/\/shop\.example\.com$/);
    expect(await share.empty.count()).toBe(0);
    await share.addWebsite.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Allowed website 2');
    await page.keyboard.type('*.example.com');
    await expect.poll(() => share.websiteMessage(2).innerText()).toBe('Wildcards are not allowed. List each domain on its own line.');
    expect(await share.website(2).getAttribute('aria-invalid')).toBe('true');
    await share.addWebsite.click();
    await share.website(3).fill('localhost:3000');
    // localhost is refused for having no dot: the advice names that, not a scheme that would not help.
    await expect.poll(() => share.websiteMessage(3).innerText()).toBe('Use a full domain name. Names without a dot, such as localhost, are not allowed.');
    await share.website(3).fill('shop.example.org');
    await expect.poll(() => share.websiteMessage(3).innerText()).toBe('Add the scheme: https://shop.example.org (or http:// if the site has no https).');
    await share.website(3).fill('localhost:3000');
    await expect.poll(() => share.websiteMessage(3).innerText()).toMatch(/^Use a full domain name/);
    await share.addWebsite.click();
    await share.website(4).fill('http://blog.example.org:8080/');
    await expect.poll(() => share.websiteMessage(4).innerText()).toMatch(/→\s*Saved as\s*http:\/\/blog\.example\.org:8080$/);
    const save = share.save;
    expect(await share.allowList.getByText('Fix the 2 entries marked in red to save.').isVisible()).toBe(true);
    // Save with entries to fix: nothing is sent, and focus lands on the first of them.
    await share.website(1).focus();
    await save.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Allowed website 2');
    // The app scrolls inside its content pane: a tall window puts the whole tab in one picture.
    await page.setViewportSize({ width: 1280, height: 2300 });
    await ui.main.evaluate((el) => el.scrollTo(0, 0));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `share-tab-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Fix one, remove the other.
    await share.website(2).fill('https://www.example.com');
    await share.removeWebsite(3).click();
    await expect.poll(() => share.websites.count()).toBe(3);

    // A failed save keeps everything typed and says what to do.
    await op.call('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['PUT'] });
    try {
      await save.click();
      await share.alert.waitFor({ timeout: 30_000 });
    } finally {
      await op.call('PUT', '/_sandbox/faults', {});
    }
    expect(await share.alert.innerText()).toMatch(/The allow-list wasn't saved: the service had a problem\. Your entries are still here/);
    expect(await values()).toEqual(['https://Shop.Example.com/checkout?x=1', 'https://www.example.com', 'http://blog.example.org:8080/']);

    await share.saveAgain.click();
    await share.saved.waitFor({ timeout: 20_000 });
    const expected = ['https://shop.example.com', 'https://www.example.com', 'http://blog.example.org:8080'];
    expect((await op.call<{ allowed_urls: string[] }>('GET', `/v1/projects/${churnId}/embed/allow-list`)).body.allowed_urls).toEqual(expected);
    expect(await values()).toEqual(expected);

    await page.reload();
    await openShare(page);
    await expect.poll(values).toEqual(expected);
    expect(await share.save.isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
