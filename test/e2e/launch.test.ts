import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { countRequests, demoOperator, demoProjectId, startDemo, type DemoOperator } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';
import { projectBody } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e launch ${skip}`);

type Org = { balance_cents: number; trial_credits: number };

describe.skipIf(skip !== null)('launching a study', () => {
  const e2e = useHarness();
  let harness: Harness;
  let op: DemoOperator;
  let onboardingId: string;

  beforeAll(async () => {
    harness = e2e.harness;
    await startDemo(harness);
    op = await demoOperator(harness);
    onboardingId = demoProjectId(harness, 'Onboarding interviews');
  });

  const org = async () => (await op.call<Org>('GET', '/_sandbox/organisations/me')).body;
  const setOrg = async (o: Partial<Org>) => {
    expect((await op.call('PUT', '/_sandbox/organisations/me', o)).status).toBe(200);
    // The app reads credits from its cache: a sync brings the change in, as the header's Sync now would.
    await harness.core.dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
  };

  /** A new page on a study, opened from the studies list. */
  async function openStudy(title: string): Promise<{ page: Page; problems: string[]; ui: App }> {
    const { page, problems } = await e2e.openApp({ viewport: { width: 1280, height: 860 } });
    const ui = app(page);
    await ui.studies.open(title);
    return { page, problems, ui };
  }

  it('402: the dialog shows available, required and shortfall, and nothing is charged', async () => {
    await setOrg({ balance_cents: 0, trial_credits: 0 });
    const { page, problems, ui } = await openStudy('Onboarding interviews');
    await ui.study.launchButton.click();
    const dialog = ui.launchDialog();
    await expect
      .poll(() => dialog.consequence.textContent())
      .toBe('Launch to 12 participants. No trial credits are left, so the balance ($0.00) pays for all of them. A project launches only once.');
    // No launch from this workspace has shown a price yet: none is invented.
    expect(await dialog.cost.innerText()).toBe(
      "The service charges the balance ($0.00) when you launch. It doesn't state the price per participant beforehand, and no earlier launch from this workspace has shown it.",
    );
    await dialog.launchTo(12).click();
    const alert = dialog.alert;
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain("The balance can't cover this launch: it needs $60.00 and $0.00 is available ($60.00 short).");
    expect(text).toMatch(/Available\s+\$0\.00/);
    expect(text).toMatch(/Required\s+\$60\.00/);
    expect(text).toMatch(/Shortfall\s+\$60\.00/);
    // The dialog keeps what was typed and can be tried again with fewer participants.
    expect(await dialog.target.inputValue()).toBe('12');
    await shot(page, 'launch-402');
    // The breakdown was about 12 participants: changing the number clears it.
    await dialog.target.fill('11');
    await expect.poll(() => dialog.alert.count()).toBe(0);
    expect(await org()).toMatchObject({ balance_cents: 0, trial_credits: 0 });
    const listed = await op.call<{ items: { id: string; recruiting: { has_launched: boolean } }[] }>('GET', '/v1/projects');
    expect(listed.body.items.find((p) => p.id === onboardingId)?.recruiting.has_launched).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('launches the draft once, even on a double click; shows the link and QR code; copy puts the link on the clipboard', async () => {
    await setOrg({ balance_cents: 12_000, trial_credits: 5 });
    const { page, problems, ui } = await openStudy('Onboarding interviews');

    // Before launch, the Share tab explains and offers the same launch.
    await ui.study.tab('Share').click();
    await ui.share.beforeLaunchHeading.waitFor();
    await ui.share.launch.click();

    const dialog = ui.launchDialog();
    const target = dialog.target;
    expect(await target.inputValue()).toBe('12');
    await target.fill('0');
    await dialog.dialog.getByText('Recruit at least 1 participant.').waitFor();
    await target.fill('20');
    await expect
      .poll(() => dialog.consequence.textContent())
      .toBe('Launch to 20 participants. Trial credits go first (5 left), then the balance ($120.00). A project launches only once.');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `launch-confirm-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Slow the service down so the second click lands while the first launch is still in flight.
    await op.call('PUT', '/_sandbox/faults', { latency_ms: 600, fault_methods: ['POST'] });
    const posts = countRequests((m, p) => m === 'POST' && p === `/v1/projects/${onboardingId}/launch`);
    const ipcLaunches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/__fieldwork/invoke') && (r.postData() ?? '').includes('studies.launch')) ipcLaunches.push(r.postData() ?? '');
    });
    try {
      await dialog.launchTo(20).dblclick();
      await dialog.heading('Study launched').waitFor({ timeout: 20_000 });
    } finally {
      posts.stop();
      await op.call('PUT', '/_sandbox/faults', {});
    }
    expect(posts.count()).toBe(1);
    expect(ipcLaunches).toHaveLength(1);
    // 5 trial credits, then 15 participants at $5.00 from the balance: charged once.
    expect(await org()).toMatchObject({ balance_cents: 12_000 - 15 * 500, trial_credits: 0 });

    expect(await dialog.outcome.innerText()).toBe('Launched to 20 participants.');
    expect(await dialog.dialog.innerText()).toMatch(/Trial credits used\s+5[\s\S]*Charged to the balance\s+\$75\.00[\s\S]*Balance left\s+\$45\.00/);
    const callUrl = (await dialog.callUrl.textContent()) ?? '';
    expect(callUrl).toMatch(new RegExp(`^${op.baseUrl}/call/[^/]+/[^/]+/${onboardingId}$`));
    const qr = dialog.qr;
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.locator('rect').count()).toBeGreaterThan(100);
    // The participant page really is live at that link.
    expect((await fetch(callUrl)).status).toBe(200);

    // Focus moved to Done, not lost with the launch button it replaced.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Done');
    await dialog.copyLink.click();
    await expect.poll(() => harness.desktop.clipboard).toBe(callUrl);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `launch-done-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await dialog.done.click();
    // The page now shows the study as launched: no Launch button, In progress, and the Share tab has the link.
    await expect.poll(() => ui.study.launchButton.count()).toBe(0);
    expect(await ui.study.head.innerText()).toMatch(/In progress/);
    await ui.share.callUrl.waitFor();
    expect(await ui.share.callUrl.textContent()).toBe(callUrl);

    // Launched with no interviews yet: the Interviews tab says where the link is, and takes you there.
    await ui.study.tab('Interviews').click();
    await ui.interviews.noInterviews.waitFor();
    await ui.interviews.openShare.click();
    await expect.poll(() => ui.study.tab('Share').getAttribute('aria-selected')).toBe('true');
    expect(await ui.share.callUrl.textContent()).toBe(callUrl);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('409: a stale dialog for a study launched elsewhere shows it as launched and charges nothing more', async () => {
    const created = await op.call<{ id: string }>('POST', '/v1/projects', projectBody({ title: 'Checkout friction' }));
    expect(created.status).toBe(201);
    await harness.core.dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    const { page, problems, ui } = await openStudy('Checkout friction');
    await ui.study.launchButton.click();
    const dialog = ui.launchDialog();
    await dialog.target.fill('3');
    // The launch above charged $75.00 for the 15 participants beyond the trial credits: $5.00 each.
    await expect
      .poll(() => dialog.cost.innerText())
      .toBe('Expected charge: about $15.00, from your last launch ($5.00 a participant for 3 participants beyond the trial credits).');
    await dialog.target.fill('7');
    await expect.poll(() => dialog.cost.innerText()).toMatch(/^Expected charge: about \$35\.00, from your last launch/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `launch-expected-charge-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.target.fill('3');

    // Someone else launches it while this dialog is open.
    expect((await op.call('POST', `/v1/projects/${created.body.id}/launch`, { target_participants: 2 })).status).toBe(200);
    const before = await org();
    // From the keyboard: Enter in the field sends it.
    expect(await dialog.launchTo(3).isEnabled()).toBe(true);
    await dialog.target.press('Enter');
    await dialog.heading('Study already launched').waitFor({ timeout: 20_000 });
    expect(await dialog.outcome.innerText()).toMatch(/had already launched, so nothing more was charged/);
    expect(await dialog.callUrl.textContent()).toMatch(new RegExp(`/${created.body.id}$`));
    expect(await org()).toEqual(before);
    await dialog.done.click();
    await expect.poll(() => ui.study.launchButton.count()).toBe(0);
    expect(await ui.study.head.innerText()).toMatch(/In progress/);
    expect(problems).toEqual([]);
    await page.close();
  });
  it('an answer lost on the way is reconciled by reading back: shown as launched, never sent twice', async () => {
    const created = await op.call<{ id: string }>('POST', '/v1/projects', projectBody({ title: 'Returns survey' }));
    expect(created.status).toBe(201);
    await harness.core.dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    const { page, problems, ui } = await openStudy('Returns survey');
    await ui.study.launchButton.click();
    const dialog = ui.launchDialog();
    await dialog.target.fill('2');
    // The service launches, but the connection drops before its answer arrives.
    await op.call('PUT', '/_sandbox/faults', { truncate_rate: 1, fault_methods: ['POST'] });
    const posts = countRequests((m, p) => m === 'POST' && p === `/v1/projects/${created.body.id}/launch`);
    try {
      await dialog.launchTo(2).click();
      await dialog.heading('Study launched').waitFor({ timeout: 20_000 });
    } finally {
      posts.stop();
      await op.call('PUT', '/_sandbox/faults', {});
    }
    expect(posts.count()).toBe(1);
    expect(await dialog.outcome.innerText()).toMatch(/answer was lost on the way, but the study shows as launched/);
    expect(await dialog.callUrl.textContent()).toMatch(new RegExp(`/${created.body.id}$`));
    expect(await dialog.qr.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
