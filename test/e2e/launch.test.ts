import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, launchBrowser, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { countRequests, demoOperator, demoProjectId, startDemo, type DemoOperator } from '../support/demo-operator';
import { projectBody } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e launch ${skip}`);

type Org = { balance_cents: number; trial_credits: number };

describe.skipIf(skip !== null)('launching a study', () => {
  let browser: Browser;
  let harness: Harness;
  let op: DemoOperator;
  let onboardingId: string;

  beforeAll(async () => {
    harness = await startHarness();
    browser = await launchBrowser();
    await startDemo(harness);
    op = await demoOperator(harness);
    onboardingId = demoProjectId(harness, 'Onboarding interviews');
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  const org = async () => (await op.call<Org>('GET', '/_sandbox/organisations/me')).body;
  const setOrg = async (o: Partial<Org>) => {
    expect((await op.call('PUT', '/_sandbox/organisations/me', o)).status).toBe(200);
    // The app reads credits from its cache: a sync brings the change in, as the header's Sync now would.
    await harness.core.dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
  };

  async function openStudy(page: Page, title: string) {
    await page.goto(harness.host.url);
    const table = page.getByRole('table', { name: 'Studies' });
    await table.waitFor({ timeout: 30_000 });
    await table.getByRole('button', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  }

  it('402: the dialog shows available, required and shortfall, and nothing is charged', async () => {
    await setOrg({ balance_cents: 0, trial_credits: 0 });
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const { problems } = watchPage(page);
    await openStudy(page, 'Onboarding interviews');
    await page.getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByTestId('launch-consequence').textContent())
      .toBe('Launch to 12 participants. No trial credits are left, so the balance ($0.00) pays for all of them. A project launches only once.');
    await dialog.getByRole('button', { name: 'Launch to 12 participants' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain("The balance can't cover this launch: it needs $60.00 and $0.00 is available ($60.00 short).");
    expect(text).toMatch(/Available\s+\$0\.00/);
    expect(text).toMatch(/Required\s+\$60\.00/);
    expect(text).toMatch(/Shortfall\s+\$60\.00/);
    // The dialog keeps what was typed and can be tried again with fewer participants.
    expect(await dialog.getByLabel('Participants to recruit').inputValue()).toBe('12');
    await shot(page, 'launch-402');
    // The breakdown was about 12 participants: changing the number clears it.
    await dialog.getByLabel('Participants to recruit').fill('11');
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    expect(await org()).toMatchObject({ balance_cents: 0, trial_credits: 0 });
    const listed = await op.call<{ items: { id: string; recruiting: { has_launched: boolean } }[] }>('GET', '/v1/projects');
    expect(listed.body.items.find((p) => p.id === onboardingId)?.recruiting.has_launched).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('launches the draft once, even on a double click; shows the link and QR code; copy puts the link on the clipboard', async () => {
    await setOrg({ balance_cents: 12_000, trial_credits: 5 });
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const { problems } = watchPage(page);
    await openStudy(page, 'Onboarding interviews');

    // Before launch, the Share tab explains and offers the same launch.
    await page.getByRole('tab', { name: 'Share' }).click();
    await page.getByRole('heading', { name: 'Sharing starts after launch' }).waitFor();
    await page.getByTestId('share-before-launch').getByRole('button', { name: 'Launch…' }).click();

    const dialog = page.getByRole('dialog');
    const target = dialog.getByLabel('Participants to recruit');
    expect(await target.inputValue()).toBe('12');
    await target.fill('0');
    await dialog.getByText('Recruit at least 1 participant.').waitFor();
    await target.fill('20');
    await expect
      .poll(() => dialog.getByTestId('launch-consequence').textContent())
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
      await dialog.getByRole('button', { name: 'Launch to 20 participants' }).dblclick();
      await dialog.getByRole('heading', { name: 'Study launched' }).waitFor({ timeout: 20_000 });
    } finally {
      posts.stop();
      await op.call('PUT', '/_sandbox/faults', {});
    }
    expect(posts.count()).toBe(1);
    expect(ipcLaunches).toHaveLength(1);
    // 5 trial credits, then 15 participants at $5.00 from the balance: charged once.
    expect(await org()).toMatchObject({ balance_cents: 12_000 - 15 * 500, trial_credits: 0 });

    const status = dialog.getByRole('status').first();
    expect(await status.innerText()).toBe('Launched to 20 participants.');
    expect(await dialog.innerText()).toMatch(/Trial credits used\s+5[\s\S]*Charged to the balance\s+\$75\.00[\s\S]*Balance left\s+\$45\.00/);
    const callUrl = (await dialog.getByTestId('call-url').textContent()) ?? '';
    expect(callUrl).toMatch(new RegExp(`^${op.baseUrl}/call/[^/]+/[^/]+/${onboardingId}$`));
    const qr = dialog.getByRole('img', { name: 'QR code for the participant link' });
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.locator('rect').count()).toBeGreaterThan(100);
    // The participant page really is live at that link.
    expect((await fetch(callUrl)).status).toBe(200);

    // Focus moved to Done, not lost with the launch button it replaced.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Done');
    await dialog.getByRole('button', { name: 'Copy participant link' }).click();
    await expect.poll(() => harness.desktop.clipboard).toBe(callUrl);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `launch-done-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await dialog.getByRole('button', { name: 'Done' }).click();
    // The page now shows the study as launched: no Launch button, In progress, and the Share tab has the link.
    await expect.poll(() => page.getByRole('button', { name: 'Launch…' }).count()).toBe(0);
    expect(await page.locator('.project-head').innerText()).toMatch(/In progress/);
    await page.getByTestId('call-url').waitFor();
    expect(await page.getByTestId('call-url').textContent()).toBe(callUrl);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('409: a stale dialog for a study launched elsewhere shows it as launched and charges nothing more', async () => {
    const created = await op.call<{ id: string }>('POST', '/v1/projects', projectBody({ title: 'Checkout friction' }));
    expect(created.status).toBe(201);
    await harness.core.dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const { problems } = watchPage(page);
    await openStudy(page, 'Checkout friction');
    await page.getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Participants to recruit').fill('3');

    // Someone else launches it while this dialog is open.
    expect((await op.call('POST', `/v1/projects/${created.body.id}/launch`, { target_participants: 2 })).status).toBe(200);
    const before = await org();
    // From the keyboard: Enter in the field sends it.
    expect(await dialog.getByRole('button', { name: 'Launch to 3 participants' }).isEnabled()).toBe(true);
    await dialog.getByLabel('Participants to recruit').press('Enter');
    await dialog.getByRole('heading', { name: 'Study already launched' }).waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('status').first().innerText()).toMatch(/had already launched, so nothing more was charged/);
    expect(await dialog.getByTestId('call-url').textContent()).toMatch(new RegExp(`/${created.body.id}$`));
    expect(await org()).toEqual(before);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Launch…' }).count()).toBe(0);
    expect(await page.locator('.project-head').innerText()).toMatch(/In progress/);
    expect(problems).toEqual([]);
    await page.close();
  });
  it('an answer lost on the way is reconciled by reading back: shown as launched, never sent twice', async () => {
    const created = await op.call<{ id: string }>('POST', '/v1/projects', projectBody({ title: 'Returns survey' }));
    expect(created.status).toBe(201);
    await harness.core.dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const { problems } = watchPage(page);
    await openStudy(page, 'Returns survey');
    await page.getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Participants to recruit').fill('2');
    // The service launches, but the connection drops before its answer arrives.
    await op.call('PUT', '/_sandbox/faults', { truncate_rate: 1, fault_methods: ['POST'] });
    const posts = countRequests((m, p) => m === 'POST' && p === `/v1/projects/${created.body.id}/launch`);
    try {
      await dialog.getByRole('button', { name: 'Launch to 2 participants' }).click();
      await dialog.getByRole('heading', { name: 'Study launched' }).waitFor({ timeout: 20_000 });
    } finally {
      posts.stop();
      await op.call('PUT', '/_sandbox/faults', {});
    }
    expect(posts.count()).toBe(1);
    expect(await dialog.getByRole('status').first().innerText()).toMatch(/answer was lost on the way, but the study shows as launched/);
    expect(await dialog.getByTestId('call-url').textContent()).toMatch(new RegExp(`/${created.body.id}$`));
    expect(await dialog.getByRole('img', { name: 'QR code for the participant link' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
