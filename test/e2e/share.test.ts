import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbedInfo } from '../../src/shared/schemas/embed';
import { browserSkipReason, launchBrowser, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { demoOperator, demoProjectId, startDemo, type DemoOperator } from '../support/demo-operator';

const skip = browserSkipReason();
if (skip) console.warn(`e2e share ${skip}`);

describe.skipIf(skip !== null)('the Share tab', () => {
  let browser: Browser;
  let harness: Harness;
  let op: DemoOperator;
  let churnId: string;
  let embed: EmbedInfo;

  beforeAll(async () => {
    harness = await startHarness();
    browser = await launchBrowser();
    await startDemo(harness);
    op = await demoOperator(harness);
    churnId = demoProjectId(harness, 'Meal-kit churn');
    embed = (await op.call<EmbedInfo>('GET', `/v1/projects/${churnId}/embed`)).body;
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function openShare(page: Page) {
    await page.goto(harness.host.url);
    const table = page.getByRole('table', { name: 'Studies' });
    await table.waitFor({ timeout: 30_000 });
    await table.getByRole('button', { name: 'Meal-kit churn' }).click();
    await page.getByRole('tab', { name: 'Share' }).click();
    await page.getByRole('heading', { name: 'Websites allowed to embed' }).waitFor({ timeout: 20_000 });
  }

  it('shows the link with a QR code, and the six snippets as text that copy exactly', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { problems } = watchPage(page);
    await openShare(page);
    const callUrl = await page.getByTestId('call-url').textContent();
    expect(callUrl).toMatch(new RegExp(`^${op.baseUrl}/call/[^/]+/${embed.interview_id}/${churnId}$`));
    expect((await fetch(callUrl!)).status).toBe(200);
    expect(await page.getByRole('img', { name: 'QR code for the participant link' }).isVisible()).toBe(true);
    expect(await page.getByTestId('embed-url').textContent()).toBe(embed.embed_url);
    expect(await page.getByRole('note').filter({ hasText: 'camera and microphone' }).count()).toBe(1);

    // Each snippet is in a code block, exactly as the service sent it.
    const blocks = page.locator('pre.code-block');
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

    await page.getByRole('button', { name: 'Copy Iframe snippet' }).click();
    await expect.poll(() => harness.desktop.clipboard).toBe(embed.snippets.iframe);
    await page.getByRole('button', { name: 'Copy Widget, docked right snippet' }).click();
    await expect.poll(() => harness.desktop.clipboard).toBe(embed.snippets.widget_overlay_dock_right);
    await page.getByRole('button', { name: 'Copy participant link' }).click();
    await expect.poll(() => harness.desktop.clipboard).toBe(callUrl);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('edits the allow-list: explains bad entries, shows the normalised form, saves, keeps it across a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { problems } = watchPage(page);
    await openShare(page);
    const form = page.locator('form.allow-list');
    const values = () => form.getByRole('textbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    // The demo's saved list, then cleared: an empty list is called out, since it permits no website.
    await expect.poll(values).toEqual(['https://www.northwindmeals.example', 'https://help.northwindmeals.example']);
    expect(await form.getByText('No websites listed.').count()).toBe(0);
    await form.getByRole('button', { name: 'Remove website 2' }).click();
    await form.getByRole('button', { name: 'Remove website 1' }).click();
    await expect.poll(values).toEqual(['']);
    expect(await form.getByText('No websites listed.').isVisible()).toBe(true);

    await form.getByLabel('Allowed website 1').fill('https://Shop.Example.com/checkout?x=1');
    await expect.poll(() => page.getByTestId('allow-msg-1').innerText()).toMatch(/→\s*Saved as\s*https:\/\/shop\.example\.com$/);
    expect(await form.getByText('No websites listed.').count()).toBe(0);
    await form.getByRole('button', { name: 'Add website' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Allowed website 2');
    await page.keyboard.type('*.example.com');
    await expect.poll(() => page.getByTestId('allow-msg-2').innerText()).toBe('Wildcards are not allowed. List each domain on its own line.');
    expect(await form.getByLabel('Allowed website 2').getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('button', { name: 'Add website' }).click();
    await form.getByLabel('Allowed website 3').fill('localhost:3000');
    await expect.poll(() => page.getByTestId('allow-msg-3').innerText()).toBe('Add the scheme, for example https://example.com.');
    await form.getByRole('button', { name: 'Add website' }).click();
    await form.getByLabel('Allowed website 4').fill('http://blog.example.org:8080/');
    await expect.poll(() => page.getByTestId('allow-msg-4').innerText()).toMatch(/→\s*Saved as\s*http:\/\/blog\.example\.org:8080$/);
    const save = form.getByRole('button', { name: 'Save allow-list' });
    expect(await save.isDisabled()).toBe(true);
    expect(await form.getByText('Fix the 2 entries marked in red to save.').isVisible()).toBe(true);
    // The app scrolls inside its content pane: a tall window puts the whole tab in one picture.
    await page.setViewportSize({ width: 1280, height: 2300 });
    await page.locator('.content').evaluate((el) => el.scrollTo(0, 0));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `share-tab-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Fix one, remove the other.
    await form.getByLabel('Allowed website 2').fill('https://www.example.com');
    await form.getByRole('button', { name: 'Remove website 3' }).click();
    await expect.poll(() => form.getByRole('textbox').count()).toBe(3);
    expect(await save.isDisabled()).toBe(false);

    // A failed save keeps everything typed and says what to do.
    await op.call('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['PUT'] });
    try {
      await save.click();
      await form.getByRole('alert').waitFor({ timeout: 30_000 });
    } finally {
      await op.call('PUT', '/_sandbox/faults', {});
    }
    expect(await form.getByRole('alert').innerText()).toMatch(/The allow-list wasn't saved: the service had a problem\. Your entries are still here/);
    expect(await values()).toEqual(['https://Shop.Example.com/checkout?x=1', 'https://www.example.com', 'http://blog.example.org:8080/']);

    await form.getByRole('button', { name: 'Save again' }).click();
    await form.getByText('Saved.').waitFor({ timeout: 20_000 });
    const expected = ['https://shop.example.com', 'https://www.example.com', 'http://blog.example.org:8080'];
    expect((await op.call<{ allowed_urls: string[] }>('GET', `/v1/projects/${churnId}/embed/allow-list`)).body.allowed_urls).toEqual(expected);
    expect(await values()).toEqual(expected);

    await page.reload();
    await openShare(page);
    const reloaded = page.locator('form.allow-list');
    await expect.poll(() => reloaded.getByRole('textbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(expected);
    expect(await reloaded.getByRole('button', { name: 'Save allow-list' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
