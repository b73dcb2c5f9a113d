import { describe, expect, it } from 'vitest';
import { browserSkipReason, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e add workspace ${skip}`);

describe.skipIf(skip !== null)('adding a workspace', () => {
  const e2e = useHarness({ sandbox: true });

  it('explains bad input inline, keeps what was typed, and adds the workspace once the key is right', async () => {
    const sb = e2e.sandbox;
    const org = await sb.newOrg({ name: 'Acme Research' });
    await org.client.createProject({
      title: 'Checkout interviews',
      intro_message: 'Hi',
      questions: [{ question: 'How was checkout?', probing_level: 'medium' }],
      languages: [{ language_name: 'English', accent: 'en-US' }],
      interaction_modes: ['chat'],
    });
    const { page, problems } = await e2e.openApp({ viewport: { width: 1280, height: 860 } });
    const ui = app(page);
    const form = ui.firstRun.form;
    await form.add.click();
    await expect
      .poll(() => form.problems.allInnerTexts())
      .toEqual(expect.arrayContaining(['Give the workspace a name.', 'Enter the service address.', 'Paste the API key your account manager gave you.']));

    await form.name.fill('Acme');
    await form.address.fill('http://api.example.com');
    await form.key.fill('sk_wrong_key_123456');
    await form.address.blur();
    await expect.poll(() => form.problems.allInnerTexts()).toContain('The address must start with https:// (plain http is only allowed for this computer).');

    await form.address.fill(sb.baseUrl);
    await form.add.click();
    await expect.poll(() => form.problems.allInnerTexts()).toContain('This key was not accepted by the service. Check it in your account settings.');
    expect(await form.name.inputValue()).toBe('Acme');
    expect(await form.key.inputValue()).toBe('sk_wrong_key_123456');
    await shot(page, 'add-workspace-rejected-key');

    await form.address.fill('http://127.0.0.1:9');
    await form.add.click();
    // A workspace being added has no saved data yet: the words say what to check, not that anything is kept.
    await expect
      .poll(() => form.problems.allInnerTexts())
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^The service at 127\.0\.0\.1:9 can't be reached\. Check the address and your connection, then try again\. The workspace has not been added\.\n/,
          ),
        ]),
      );
    expect((await form.problems.allInnerTexts()).join(' ')).not.toMatch(/saved data/);

    await form.address.fill(sb.baseUrl);
    await form.key.fill(org.apiKey);
    await form.add.click();
    await ui.studies.table.waitFor();
    await expect.poll(() => ui.studies.title('Checkout interviews').count()).toBe(1);
    expect(await ui.sidebar.workspace.inputValue()).toMatch(/^acme-/);
    expect(problems).toEqual([]);

    // The key never comes back to the renderer.
    const listed = await page.evaluate(async () =>
      JSON.stringify(await (window as unknown as { fieldwork: { workspaces: { list(): Promise<unknown> } } }).fieldwork.workspaces.list()),
    );
    expect(listed).not.toContain(org.apiKey);
    expect(listed).toContain('Acme');
  });

  it('a new workspace says "Not synced yet" until its first sync finishes, and "Offline: not synced yet" when the service goes before then', async () => {
    const sb = e2e.sandbox;
    const org = await sb.newOrg({ name: 'Slow Research' });
    await org.client.createProject({
      title: 'Pricing interviews',
      intro_message: 'Hi',
      questions: [{ question: 'How do you judge the price?', probing_level: 'medium' }],
      languages: [{ language_name: 'English', accent: 'en-US' }],
      interaction_modes: ['chat'],
    });
    // Every read is slow, so the first sync is still running when the test cancels it.
    expect((await sb.raw('PUT', '/_sandbox/faults', { key: org.apiKey, body: { latency_ms: 3000, fault_methods: ['GET'] } })).status).toBe(200);
    // A profile of its own, so the app opens on its first run with no workspace saved.
    const fresh = await e2e.startHarness();
    const { page, problems } = await e2e.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(fresh.host.url);
    const ui = app(page);
    const form = ui.firstRun.form;
    await form.name.fill('Slow');
    await form.address.fill(sb.baseUrl);
    await form.key.fill(org.apiKey);
    await form.add.click();
    await ui.header.cancelSync.waitFor({ timeout: 30_000 });
    await ui.header.cancelSync.click();
    await ui.header.syncNow.waitFor();
    // Nothing has been saved, so the header claims neither a sync time nor saved data.
    await expect.poll(() => ui.header.syncState.innerText()).toMatch(/^Not synced yet/);
    await shot(page, 'add-workspace-not-synced');

    await sb.close();
    await ui.header.syncNow.click();
    await expect.poll(() => ui.header.syncState.innerText(), { timeout: 60_000 }).toBe('Offline: not synced yet');
    // The banner does not claim saved data either: the cancelled sync saved the study list at most.
    await expect.poll(() => ui.messages.offline.innerText()).toMatch(/no sync has finished yet, so studies and interviews may be missing here/);
    expect(await ui.messages.offline.innerText()).not.toMatch(/showing the data saved/);
    // Whatever the cancelled sync saved, no list claims the organisation has no studies.
    expect(await page.getByText('No studies yet').count()).toBe(0);
    await shot(page, 'add-workspace-offline-not-synced');
    expect(problems).toEqual([]);
  }, 120_000);
});
