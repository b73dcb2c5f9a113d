import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { demoOperator, demoProjectId, openDemo, type DemoOperator } from '../support/demo-operator';
import { browserSkipReason, launchBrowser, shot, startHarness, type Harness } from '../support/browser';
import { present } from '../support/ipc';

const skip = browserSkipReason();
if (skip) console.warn(`e2e interviews ${skip}`);

const WS = DEMO_WORKSPACE_ID;

describe.skipIf(skip !== null)('interviews tab', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let churnId: string;
  let op: DemoOperator;
  const list = (f: Record<string, unknown> = {}) => harness.core.call('interviews.list', { workspace_id: WS, project_id: churnId, ...f });
  const table = () => page.getByRole('table', { name: 'Interviews' });
  const domRows = () => table().locator('tbody tr[data-index]');
  const count = () => page.locator('.iv-count').innerText();

  beforeAll(async () => {
    harness = await startHarness();
    browser = await launchBrowser();
    const demo = await openDemo(browser, harness, { viewport: { width: 1360, height: 860 } });
    ({ page, problems } = demo);
    op = await demoOperator(harness);
    churnId = demoProjectId(harness, 'Meal-kit churn');
    // The demo's first sync fills the cache; wait for it.
    await vi.waitFor(async () => expect((await list()).total).toBeGreaterThanOrEqual(24), { timeout: 30_000, interval: 100 });
    await demo.studies.getByRole('button', { name: 'Meal-kit churn' }).click();
    await page.getByRole('tab', { name: 'Interviews', exact: true }).click();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it("lists the study's interviews with their total, in a table with row semantics", async () => {
    const { total, items } = await list();
    await expect.poll(count).toBe(`${total} interviews`);
    expect(await table().getAttribute('aria-rowcount')).toBe(String(total + 1));
    // Rows render in the cache's order, with the participant as the row header; only what fits is in the DOM.
    await expect.poll(() => domRows().count()).toBeGreaterThan(10);
    expect(await domRows().count()).toBeLessThanOrEqual(total);
    const first = items[0]!;
    const row = table()
      .getByRole('row', { name: new RegExp(first.participant_name!) })
      .first();
    expect(await row.getAttribute('aria-rowindex')).toBe('2');
    const text = await row.innerText();
    expect(text).toContain(first.participant_email!);
    expect(text).toMatch(/Complete/);
    expect(text).toContain(`${first.duration_minutes} min`);
    expect(text).toMatch(/Online only|Available offline/);
    // Screener outcomes are words, not colour alone.
    const failed = items.slice(0, 15).find((i) => i.screener_approved === false);
    if (failed)
      expect(
        await table()
          .getByRole('row', { name: new RegExp(failed.participant_name!) })
          .first()
          .innerText(),
      ).toMatch(/Failed/);
    await shot(page, 'interviews-tab-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'interviews-tab-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('filters narrow the list through the cache: status, screener and text', async () => {
    const complete = await list({ status: 'COMPLETE' });
    await page.getByLabel('Status').selectOption('COMPLETE');
    await expect.poll(count).toBe(`${complete.total} interviews match`);
    await expect.poll(async () => Number(await table().getAttribute('aria-rowcount'))).toBe(complete.total + 1);
    expect(await table().innerText()).not.toMatch(/Incomplete/);

    await page.getByLabel('Status').selectOption('');
    const failed = await list({ screener: 'failed' });
    await page.getByLabel('Screener').selectOption('failed');
    await expect.poll(count).toBe(`${failed.total} ${failed.total === 1 ? 'interview' : 'interviews'} match`);
    await page.getByLabel('Screener').selectOption('');

    const target = (await list()).items[3]!;
    const surname = target.participant_name!.split(' ').at(-1)!;
    const byText = await list({ text: surname });
    await page.getByRole('searchbox', { name: 'Search participants' }).fill(surname);
    await expect.poll(count).toBe(`${byText.total} ${byText.total === 1 ? 'interview' : 'interviews'} match`);
    expect(byText.total).toBeLessThan((await list()).total);
    expect(await table().innerText()).toContain(target.participant_name!);

    await page.getByRole('searchbox', { name: 'Search participants' }).fill('zz-nobody-zz');
    await expect.poll(() => page.getByText('No interviews match these filters.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(count).toBe(`${(await list()).total} interviews`);
    expect(await page.getByRole('searchbox', { name: 'Search participants' }).inputValue()).toBe('');
  });

  it('opens an interview from the keyboard: arrows move between rows, Enter opens the viewer', async () => {
    const { items } = await list();
    const first = domRows().first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'))).toBe('4');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: '← Back' }).isVisible()).toBe(true);
    // The viewer is another screen's work: check only that it is the third row's interview that opened.
    // The Back button shows while the viewer is still loading the interview: wait for its content.
    await expect.poll(() => page.locator('main').innerText()).toMatch(new RegExp(`${items[2]!.id}|${items[2]!.participant_name}`));
    await page.getByRole('button', { name: '← Back' }).click();
    await table().waitFor();
  });

  it('downloads one interview for offline, and its row gets the offline mark', async () => {
    const target = (await list()).items.find((i) => i.has_video && !i.offline)!;
    const row = table()
      .getByRole('row', { name: new RegExp(target.participant_name!) })
      .first();
    expect(await row.innerText()).toContain('Online only');
    const usage = page.locator('.iv-usage');
    await expect.poll(() => usage.innerText()).toMatch(/^0\.0 MB of [\d.]+ (MB|GB) used$/);
    await row.getByRole('button', { name: `Download ${target.participant_name}'s video for offline` }).click();
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('Available offline');
    // The quota line counts the new file.
    await expect.poll(() => usage.innerText()).not.toMatch(/^0\.0 MB/);
    expect((await list()).items.find((i) => i.id === target.id)!.offline).toBe(true);
    expect(problems).toEqual([]);
  });

  it('keeps only the visible rows in the DOM for 500 more interviews, and scrolling reveals later ones', { timeout: 120_000 }, async () => {
    // Short-lived video links, so the "download all" below has to ask the service for each one.
    await op.ok('PUT', '/_sandbox/organisations/me', { video_url_ttl_seconds: 30 });
    await op.ok('POST', `/_sandbox/projects/${churnId}/simulate`, { completed: 500, transcript_turns: 4 });
    await harness.core.call('sync.run', { workspace_id: WS, project_ids: [churnId] });
    const { total } = await list();
    expect(total).toBeGreaterThanOrEqual(524);
    await expect.poll(count, { timeout: 20_000 }).toBe(`${total.toLocaleString('en-US')} interviews`);
    expect(await table().getAttribute('aria-rowcount')).toBe(String(total + 1));
    expect(await domRows().count()).toBeLessThanOrEqual(60);
    expect(await domRows().count()).toBeGreaterThan(5);

    // Scroll to the bottom: the last rows appear (loaded page by page), the first ones leave.
    const last = (await list({ offset: total - 1, limit: 1 })).items[0]!;
    await page.locator('.iv-scroll').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect
      .poll(() =>
        table()
          .locator(`tr[aria-rowindex="${total + 1}"]`)
          .count(),
      )
      .toBe(1);
    await expect
      .poll(() =>
        table()
          .locator(`tr[aria-rowindex="${total + 1}"]`)
          .innerText(),
      )
      .toContain(last.participant_name!);
    expect(await table().locator('tr[aria-rowindex="2"]').count()).toBe(0);
    expect(await domRows().count()).toBeLessThanOrEqual(60);

    // Home from the keyboard goes back to the top.
    await domRows().last().focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'))).toBe('2');
    expect(await domRows().count()).toBeLessThanOrEqual(60);
    await shot(page, 'interviews-tab-many');
  });

  it('a download that fails says so beside the table, and the row stays online-only', { timeout: 60_000 }, async () => {
    // Links are short-lived now, so the download must ask the service for a fresh one, which fails.
    await op.ok('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['GET'] });
    try {
      const { items } = await list({ limit: 10 });
      const k = items.findIndex((i) => i.has_video && !i.offline);
      const target = items[k]!;
      const row = table().locator(`tr[aria-rowindex="${k + 2}"]`);
      expect(await row.innerText()).toContain(target.participant_name!);
      await row.getByRole('button', { name: `Download ${target.participant_name}'s video for offline` }).click();
      await expect.poll(() => row.innerText()).toContain('Downloading');
      const alert = page.getByRole('alert').filter({ hasText: `${target.participant_name}'s video could not be downloaded for offline use.` });
      await expect.poll(() => alert.isVisible(), { timeout: 45_000 }).toBe(true);
      expect(await row.innerText()).toContain('Online only');
      expect((await list({ limit: 10 })).items[k]!.offline).toBe(false);
      await shot(page, 'interviews-download-failed');
      // Once the service is back, Try again fetches it.
      await op.ok('PUT', '/_sandbox/faults', {});
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => alert.count()).toBe(0);
      await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('Available offline');
    } finally {
      await op.ok('PUT', '/_sandbox/faults', {});
    }
  });

  it('"Download all" shows progress and Cancel stops it', { timeout: 60_000 }, async () => {
    // Each link refresh now takes a while, so the job is still running when Cancel is pressed.
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 300, fault_methods: ['GET'] });
    try {
      const before = (await list()).items.filter((i) => i.offline).length;
      await page.getByRole('button', { name: 'Download all for offline' }).click();
      const bar = page.getByRole('progressbar', { name: 'Downloading all videos for offline' });
      await expect.poll(() => bar.isVisible(), { timeout: 10_000 }).toBe(true);
      // Past the first rows (some were downloaded above and are skipped), so at least one video really landed.
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect(Number(await bar.getAttribute('aria-valuemax'))).toBeGreaterThanOrEqual(524);
      await shot(page, 'interviews-download-all');
      // Main's closing event for the job is sent only once its loop has stopped: after it, nothing may change.
      const closed = new Promise<{ state: string; done: number }>((resolve) => {
        const off = harness.core.events.subscribe((e) => {
          if (e.name === 'videos.progress' && e.payload.state !== 'running') {
            off();
            resolve(e.payload);
          }
        });
      });
      await page.getByRole('group', { name: 'Downloading all videos' }).getByRole('button', { name: 'Cancel' }).click();
      const end = await closed;
      expect(end.state).toBe('cancelled');
      expect(end.done).toBeGreaterThanOrEqual(3);
      // It says how far it got, not 0.
      await expect.poll(() => page.getByText(`Download cancelled after ${end.done} of `).isVisible(), { timeout: 10_000 }).toBe(true);
      const { items, total } = await list({ limit: 10_000 });
      const offline = items.filter((i) => i.offline).length;
      expect(offline).toBeGreaterThan(before);
      expect(offline).toBeLessThan(total);
      // Nothing carries on in the background after Cancel (the closing event came after the loop stopped).
      expect((await list({ limit: 10_000 })).items.filter((i) => i.offline).length).toBe(offline);
    } finally {
      await op.ok('PUT', '/_sandbox/faults', {});
    }
    expect(problems).toEqual([]);
  });

  it('project highlights: listed with tag filter, edited, copied with timestamp, kept across re-sync, deleted', { timeout: 60_000 }, async () => {
    const { items } = await list({ status: 'COMPLETE', limit: 30 });
    const [a, b] = [items[items.length - 1]!, items[items.length - 2]!];
    const detail = present(await harness.core.call('interviews.get', { workspace_id: WS, interview_id: a.id }), 'the interview');
    const turn = detail.transcript.find((t) => (t.start_ms ?? 0) > 60_000) ?? detail.transcript[1]!;
    const quote = turn.text.slice(0, 60);
    await harness.core.call('highlights.add', {
      workspace_id: WS,
      project_id: churnId,
      interview_id: a.id,
      start_turn: detail.transcript.indexOf(turn),
      start_offset: 0,
      end_turn: detail.transcript.indexOf(turn),
      end_offset: quote.length,
      start_ms: turn.start_ms,
      quote,
      note: 'Says it outright',
      tags: ['price vs value'],
    });
    await harness.core.call('highlights.add', {
      workspace_id: WS,
      project_id: churnId,
      interview_id: b.id,
      start_turn: 0,
      start_offset: 0,
      end_turn: 0,
      end_offset: 5,
      start_ms: 1000,
      quote: 'Hello',
      tags: ['delivery'],
    });

    await page.getByRole('tablist', { name: 'Interview views' }).getByRole('tab', { name: 'Highlights' }).click();
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    const card = page.getByRole('article', { name: new RegExp(quote.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(await card.innerText()).toContain(a.participant_name!);
    expect(await card.innerText()).toContain('Says it outright');

    // Filter by tag.
    const filter = page.getByRole('group', { name: 'Filter highlights by tag' });
    await filter.getByRole('button', { name: /delivery/ }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('Hello');
    await filter.getByRole('button', { name: /All/ }).click();
    await expect.poll(() => cards.count()).toBe(2);

    // Edit tags and note.
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Tags', { exact: true }).fill('recipe fatigue');
    await card.getByLabel('Tags', { exact: true }).press('Enter');
    await card.getByLabel('Note').fill('Price, then boredom');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.innerText()).toContain('Price, then boredom');
    const stored = (await harness.core.call('highlights.list', { workspace_id: WS, interview_id: a.id }))[0]!;
    expect(stored.tags).toEqual(['price vs value', 'recipe fatigue']);
    expect(stored.note).toBe('Price, then boredom');

    // Copy quote: the quote, who said it and when.
    await card.getByRole('button', { name: 'Copy quote' }).click();
    const at = present(turn.start_ms, 'the turn time');
    const mmss = `${String(Math.floor(at / 60_000)).padStart(2, '0')}:${String(Math.floor((at % 60_000) / 1000)).padStart(2, '0')}`;
    await expect.poll(() => harness.desktop.clipboard).toBe(`"${quote.trim()}" — ${a.participant_name}, [${mmss}]`);
    await expect.poll(() => card.getByText('Copied with timestamp').isVisible()).toBe(true);
    await shot(page, 'interviews-highlights-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'interviews-highlights-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A re-sync (new interviews arrive) keeps every highlight, and the view still lists them.
    await op.ok('POST', `/_sandbox/projects/${churnId}/simulate`, { completed: 2, transcript_turns: 4 });
    await harness.core.call('sync.run', { workspace_id: WS });
    const views = page.getByRole('tablist', { name: 'Interview views' });
    await views.getByRole('tab', { name: 'All interviews' }).click();
    await table().waitFor();
    await views.getByRole('tab', { name: 'Highlights' }).click();
    await expect.poll(() => cards.count()).toBe(2);
    expect(await card.innerText()).toContain('recipe fatigue');

    // Jump: the timestamp opens the interview at that moment.
    await card.getByRole('button', { name: `Open interview at ${mmss}` }).click();
    await expect.poll(() => page.getByRole('button', { name: '← Back' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: '← Back' }).click();

    // Delete asks first, naming what goes.
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.getByText(/Its tags and note go with it/).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Delete highlight' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await harness.core.call('highlights.list', { workspace_id: WS, interview_id: a.id })).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a study without interviews explains the next step, in both views', async () => {
    await page
      .getByRole('navigation', { name: 'Workspace and studies' })
      .getByRole('button', { name: /Onboarding interviews/ })
      .click();
    await page.getByRole('tablist', { name: 'Study sections' }).getByRole('tab', { name: 'Interviews', exact: true }).click();
    const views = page.getByRole('tablist', { name: 'Interview views' });
    await views.getByRole('tab', { name: 'All interviews' }).click();
    await expect.poll(() => page.getByText('No interviews yet. Share the participant link to start collecting.').isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Interviews' }).count()).toBe(0);
    await shot(page, 'interviews-empty');
    await views.getByRole('tab', { name: 'Highlights' }).click();
    await expect.poll(() => page.getByText(/No highlights in this study yet/).isVisible()).toBe(true);
    await views.getByRole('tab', { name: 'All interviews' }).click();
    await page.getByRole('button', { name: 'Open Share' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Share' }).getAttribute('aria-selected')).toBe('true');
    expect(problems).toEqual([]);
  });
});
