import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, launchBrowser, shot, startHarness, type Harness } from '../support/browser';
import { demoOperator, demoProjectId, openDemo } from '../support/demo-operator';

const skip = browserSkipReason();
if (skip) console.warn(`e2e sync header ${skip}`);

describe.skipIf(skip !== null)('sync in the header', () => {
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

  it('shows progress while syncing, Cancel stops it and says so, and Sync now comes back', async () => {
    const { page, problems } = await openDemo(browser, harness, { viewport: { width: 1280, height: 800 } });
    const op = await demoOperator(harness);
    const churn = demoProjectId(harness, 'Meal-kit churn');
    expect((await op.call('POST', `/_sandbox/projects/${churn}/simulate`, { completed: 300 })).status).toBeLessThan(300);
    expect((await op.call('PUT', '/_sandbox/faults', { latency_ms: 400, fault_methods: ['GET'] })).status).toBe(200);

    await page.getByRole('button', { name: 'Sync now' }).click();
    const cancel = page.getByRole('button', { name: 'Cancel sync' });
    await cancel.waitFor();
    await expect.poll(() => page.getByRole('progressbar', { name: 'Sync progress' }).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'sync-header-running');
    await cancel.click();
    await page.getByRole('button', { name: 'Sync now' }).waitFor();
    await expect.poll(() => page.locator('.sync-state').innerText()).toMatch(/Sync cancelled\. What it had already fetched is saved\./);
    expect((await harness.core.dispatch('sync.status', { workspace_id: DEMO_WORKSPACE_ID })) as unknown).toMatchObject({ ok: true, value: { running: false } });
    await shot(page, 'sync-header-cancelled');

    // The next sync finishes the job and clears the note.
    await op.call('PUT', '/_sandbox/faults', {});
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.locator('.sync-state').innerText(), { timeout: 30_000 }).toMatch(/^Synced just now$/);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe.skipIf(skip !== null)('one read of the study list per sync', () => {
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

  it('a sync reads the study list once, whether the list or a study is on screen (sidebar and screen share it)', async () => {
    const { page, problems } = await openDemo(browser, harness, { viewport: { width: 1280, height: 800 } });
    const seen: string[] = [];
    const dispatch = harness.core.dispatch;
    harness.core.dispatch = (channel, input, ctx) => {
      seen.push(channel);
      return dispatch(channel, input, ctx);
    };
    try {
      for (const where of ['the studies list', 'a study']) {
        if (where === 'a study')
          await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: 'Meal-kit churn', exact: true }).click();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.getByRole('button', { name: 'Sync now' }).waitFor({ timeout: 30_000 });
        seen.length = 0;
        await page.getByRole('button', { name: 'Sync now' }).click();
        await expect.poll(() => page.locator('.sync-state').innerText(), { timeout: 30_000 }).toMatch(/^Synced just now$/);
        // sync.status follows sync.finished, as the list's read does: once it is in, the list's read had its chance.
        await expect.poll(() => seen.filter((c) => c === 'sync.status').length).toBeGreaterThan(0);
        await expect.poll(() => seen.filter((c) => c === 'projects.list').length, { message: where }).toBe(1);
      }
    } finally {
      harness.core.dispatch = dispatch;
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
