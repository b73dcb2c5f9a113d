import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, shot } from '../support/browser';
import { demoOperator, demoProjectId } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e sync header ${skip}`);

describe.skipIf(skip !== null)('sync in the header', () => {
  const e2e = useHarness();

  it('shows progress while syncing, Cancel stops it and says so, and Sync now comes back', async () => {
    const harness = e2e.harness;
    const { page, problems } = await e2e.openDemo({ viewport: { width: 1280, height: 800 } });
    const { header } = app(page);
    const op = await demoOperator(harness);
    const churn = demoProjectId(harness, 'Meal-kit churn');
    expect((await op.call('POST', `/_sandbox/projects/${churn}/simulate`, { completed: 300 })).status).toBeLessThan(300);
    expect((await op.call('PUT', '/_sandbox/faults', { latency_ms: 400, fault_methods: ['GET'] })).status).toBe(200);

    await header.syncNow.click();
    await header.cancelSync.waitFor();
    await expect.poll(() => header.syncProgress.count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'sync-header-running');
    await header.cancelSync.click();
    await header.syncNow.waitFor();
    await expect.poll(() => header.syncState.innerText()).toMatch(/Sync cancelled\. What it had already fetched is saved\./);
    expect((await harness.core.dispatch('sync.status', { workspace_id: DEMO_WORKSPACE_ID })) as unknown).toMatchObject({ ok: true, value: { running: false } });
    await shot(page, 'sync-header-cancelled');

    // The next sync finishes the job and clears the note.
    await op.call('PUT', '/_sandbox/faults', {});
    await header.syncNow.click();
    await expect.poll(() => header.syncState.innerText(), { timeout: 30_000 }).toMatch(/^Synced just now$/);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe.skipIf(skip !== null)('one read of the study list per sync', () => {
  const e2e = useHarness();

  it('a sync reads the study list once, whether the list or a study is on screen (sidebar and screen share it)', async () => {
    const harness = e2e.harness;
    const { page, problems } = await e2e.openDemo({ viewport: { width: 1280, height: 800 } });
    const ui = app(page);
    const seen: string[] = [];
    const dispatch = harness.core.dispatch;
    harness.core.dispatch = (channel, input, ctx) => {
      seen.push(channel);
      return dispatch(channel, input, ctx);
    };
    try {
      for (const where of ['the studies list', 'a study']) {
        if (where === 'a study') await ui.sidebar.study('Meal-kit churn').click();
        await ui.title.waitFor();
        await ui.header.syncNow.waitFor({ timeout: 30_000 });
        seen.length = 0;
        await ui.header.syncNow.click();
        await expect.poll(() => ui.header.syncState.innerText(), { timeout: 30_000 }).toMatch(/^Synced just now$/);
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
