import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { testSandbox, type TestSandbox } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e add workspace ${skip}`);

describe.skipIf(skip !== null)('adding a workspace', () => {
  let browser: Browser;
  let harness: Harness;
  let sb: TestSandbox;
  beforeAll(async () => {
    [harness, browser, sb] = await Promise.all([startHarness(), launchBrowser(), testSandbox()]);
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await sb?.close();
  });

  it('explains bad input inline, keeps what was typed, and adds the workspace once the key is right', async () => {
    const org = await sb.newOrg({ name: 'Acme Research' });
    await org.client.createProject({
      title: 'Checkout interviews',
      intro_message: 'Hi',
      questions: [{ question: 'How was checkout?', probing_level: 'medium' }],
      languages: [{ language_name: 'English', accent: 'en-US' }],
      interaction_modes: ['chat'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const { problems } = watchPage(page);
    await page.goto(harness.host.url);
    const form = page.getByRole('form', { name: 'Add a workspace' });
    await form.getByRole('button', { name: 'Add workspace' }).click();
    await expect
      .poll(() => form.getByRole('alert').allInnerTexts())
      .toEqual(expect.arrayContaining(['Give the workspace a name.', 'Enter the service address.', 'Paste the API key your account manager gave you.']));

    await form.getByLabel('Workspace name').fill('Acme');
    await form.getByLabel('Service address').fill('http://api.example.com');
    await form.getByLabel('API key').fill('sk_wrong_key_123456');
    await form.getByLabel('Service address').blur();
    await expect
      .poll(() => form.getByRole('alert').allInnerTexts())
      .toContain('The address must start with https:// (plain http is only allowed for this computer).');

    await form.getByLabel('Service address').fill(sb.baseUrl);
    await form.getByRole('button', { name: 'Add workspace' }).click();
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toContain('This key was not accepted by the service. Check it in your account settings.');
    expect(await form.getByLabel('Workspace name').inputValue()).toBe('Acme');
    expect(await form.getByLabel('API key').inputValue()).toBe('sk_wrong_key_123456');
    await shot(page, 'add-workspace-rejected-key');

    await form.getByLabel('Service address').fill('http://127.0.0.1:9');
    await form.getByRole('button', { name: 'Add workspace' }).click();
    await expect
      .poll(() => form.getByRole('alert').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining("can't reach the service at 127.0.0.1:9")]));

    await form.getByLabel('Service address').fill(sb.baseUrl);
    await form.getByLabel('API key').fill(org.apiKey);
    await form.getByRole('button', { name: 'Add workspace' }).click();
    const table = page.getByRole('table', { name: 'Studies' });
    await table.waitFor();
    await expect.poll(() => table.getByRole('rowheader', { name: 'Checkout interviews' }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Workspace' }).inputValue()).toMatch(/^acme-/);
    expect(problems).toEqual([]);

    // The key never comes back to the renderer.
    const listed = await page.evaluate(async () =>
      JSON.stringify(await (window as unknown as { fieldwork: { workspaces: { list(): Promise<unknown> } } }).fieldwork.workspaces.list()),
    );
    expect(listed).not.toContain(org.apiKey);
    expect(listed).toContain('Acme');
  });
});
