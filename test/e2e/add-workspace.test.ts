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
});
