import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoSeed } from '../../src/sandbox/seed/demo';
import { browserSkipReason, ROOT, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e offline ${skip}`);

/**
 * The embedded demo restarts its sandbox whenever the demo workspace is used (so it is never "offline"),
 * so this test connects a workspace to a standalone service seeded with the same demo studies, and then
 * stops that service.
 */
describe.skipIf(skip !== null)('offline: the service goes away', () => {
  // A stopped service fails after the same attempts, without seconds of backoff between them.
  const e2e = useHarness({ sandbox: { mediaDir: join(ROOT, 'resources/sample-media') }, harness: { retryBaseDelayMs: 10 } });
  let seed: DemoSeed;
  let page: Page;
  let problems: string[];
  let ui: App;

  beforeAll(async () => {
    seed = await seedDemo(e2e.sandbox.baseUrl, e2e.sandbox.context.media);
    ({ page, problems } = await e2e.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' }));
    ui = app(page);
  }, 120_000);

  it('first run: the key is masked with a named show/hide toggle, and a good key opens the studies', async () => {
    await page.goto(e2e.harness.host.url);
    const form = ui.firstRun.form;
    await form.name.fill('Northwind');
    await form.address.fill(e2e.sandbox.baseUrl);
    await form.key.fill(seed.api_key);
    expect(await form.key.getAttribute('type')).toBe('password');
    await form.showKey.click();
    expect(await form.key.getAttribute('type')).toBe('text');
    await form.hideKey.click();
    expect(await form.key.getAttribute('type')).toBe('password');
    await form.organisationId.fill(seed.organisation_id);
    await form.add.click();

    await ui.studies.ready();
    for (const title of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      await expect.poll(() => ui.studies.title(title).count(), { timeout: 30_000 }).toBe(1);
    }
    // Let the first sync (which prefetches each study) finish before the service goes away.
    await expect.poll(() => ui.header.syncState.innerText(), { timeout: 30_000 }).toMatch(/Synced/);
  });

  it('with the service stopped, Sync now says "Offline: showing saved data" and everything stays browsable', async () => {
    await e2e.sandbox.close();
    const started = Date.now();
    await ui.header.syncNow.click();
    await expect.poll(() => ui.header.syncState.innerText(), { timeout: 60_000 }).toBe('Offline: showing saved data');
    // The transport retries a refused connection a few times before calling it offline.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await ui.messages.offline.isVisible()).toBe(true);

    for (const title of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      expect(await ui.studies.title(title).count()).toBe(1);
    }
    expect(await ui.studies.row('Meal-kit churn').innerText()).toMatch(/Churn[\s\S]*In progress[\s\S]*\d+ \/ 30/);
    await shot(page, 'offline-banner-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'offline-banner-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A project page opens from the cache.
    await ui.studies.open('Meal-kit churn');
    // Its header comes from the cache (the tabs' content belongs to their own features' tests).
    expect(await ui.study.head.innerText()).toMatch(/Churn[\s\S]*In progress/);
    expect(await ui.header.syncState.innerText()).toBe('Offline: showing saved data');
    await ui.study.tab('Interviews').click();
    expect(await ui.study.tab('Interviews').getAttribute('aria-selected')).toBe('true');
    await shot(page, 'offline-project');
    // Another study opens too, from the sidebar.
    await ui.sidebar.openStudy('Packaging concepts', { timeout: 15_000 });
    expect(problems).toEqual([]);
  }, 120_000);

  it('a STIMULI interview opens offline, and a stimulus never fetched before is said in words, not shown as a broken image', async () => {
    // Sync saves stimuli's records, not their files: none has been shown on this computer yet.
    const stimulusRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/__fieldwork/media/stimulus/')) stimulusRequests.push(r.url());
    });
    await ui.study.openTab('Interviews');
    await ui.interviews.rowAt(2).click();
    await ui.viewer.transcript.waitFor({ timeout: 15_000 });
    // The interview opens on its first question, before any concept: go to where concept A is shown.
    await ui.viewer.turns.filter({ hasText: 'Concept A: kraft box' }).first().click();
    const panel = ui.viewer.stimulusPanel;
    await panel.getByText("Not saved on this computer, and the service can't be reached. It shows once it can.").waitFor();
    expect(await panel.getByRole('img').count()).toBe(0);
    // These studies were made outside this workspace, so it has no guide: the question is the stimulus's own
    // assignment, found in the transcript and shown unnumbered.
    expect(await ui.viewer.shownWith.innerText()).toBe('Shown with: Take a look at "Concept A: kraft box". What is your first impression?');
    await shot(page, 'offline-viewer-stimuli');
    // Nothing was asked for that could only fail.
    expect(stimulusRequests).toEqual([]);
    // The interview's own video can't be streamed either: the player says so (the viewer's tests cover that), and
    // the browser logs the failed loads.
    expect(problems.filter((p) => !/Failed to load resource|MEDIA_ERR/.test(p))).toEqual([]);
  }, 60_000);
});
