import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { demoOperator, demoProjectId, type DemoOperator } from '../support/demo-operator';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { useHarness } from '../support/e2e';
import { present } from '../support/ipc';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e interviews ${skip}`);

const WS = DEMO_WORKSPACE_ID;

describe.skipIf(skip !== null)('interviews tab', () => {
  // A failing download fails when main's five attempts have: they back off from 10 ms, not the app's 500 ms.
  const e2e = useHarness({ harness: { retryBaseDelayMs: 10 } });
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;
  let iv: App['interviews'];
  let churnId: string;
  let op: DemoOperator;
  const list = (f: Record<string, unknown> = {}) => harness.core.call('interviews.list', { workspace_id: WS, project_id: churnId, ...f });
  const count = () => iv.count.innerText();
  /**
   * Ages the video link the app holds for an interview to expired, as a short-lived link is by the time it is
   * used, so that downloading it first asks the service for a fresh one. (The demo's recordings were synced
   * with day-long links, before the tests below made links short-lived.)
   */
  const expireHeldLink = async (id: string) => {
    const cache = (await harness.core.runtimes.get(WS)).cache;
    const held = (await cache.call('interviews.get', { id }))!;
    await cache.call('interviews.updateVideoLink', { id, url: held.video_url, expiresAt: new Date(Date.now() - 1000).toISOString() });
  };

  beforeAll(async () => {
    harness = e2e.harness;
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1360, height: 860 } }));
    ui = app(page);
    iv = ui.interviews;
    op = await demoOperator(harness);
    churnId = demoProjectId(harness, 'Meal-kit churn');
    // The demo's first sync fills the cache; wait for it.
    await vi.waitFor(async () => expect((await list()).total).toBeGreaterThanOrEqual(24), { timeout: 30_000, interval: 100 });
    await ui.studies.open('Meal-kit churn');
    await ui.study.tab('Interviews').click();
  });

  it("lists the study's interviews with their total, in a table with row semantics", async () => {
    const { total, items } = await list();
    await expect.poll(count).toBe(`${total} interviews`);
    expect(await iv.table.getAttribute('aria-rowcount')).toBe(String(total + 1));
    // Rows render in the cache's order, with the participant as the row header; only what fits is in the DOM.
    await expect.poll(() => iv.renderedRows.count()).toBeGreaterThan(10);
    expect(await iv.renderedRows.count()).toBeLessThanOrEqual(total);
    const first = items[0]!;
    const row = iv.row(first.participant_name!);
    expect(await row.getAttribute('aria-rowindex')).toBe('2');
    const text = await row.innerText();
    expect(text).toContain(first.participant_email!);
    expect(text).toMatch(/Complete/);
    expect(text).toContain(`${first.duration_minutes} min`);
    expect(text).toMatch(/Online only|Available offline/);
    // Screener outcomes are words, not colour alone.
    const failed = items.slice(0, 15).find((i) => i.screener_approved === false);
    if (failed) expect(await iv.row(failed.participant_name!).innerText()).toMatch(/Failed/);
    await shot(page, 'interviews-tab-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'interviews-tab-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('filters narrow the list through the cache: status, screener and text', async () => {
    const complete = await list({ status: 'COMPLETE' });
    await iv.status.selectOption('COMPLETE');
    await expect.poll(count).toBe(`${complete.total} interviews match`);
    await expect.poll(async () => Number(await iv.table.getAttribute('aria-rowcount'))).toBe(complete.total + 1);
    expect(await iv.table.innerText()).not.toMatch(/Incomplete/);

    await iv.status.selectOption('');
    const failed = await list({ screener: 'failed' });
    await iv.screener.selectOption('failed');
    await expect.poll(count).toBe(`${failed.total} ${failed.total === 1 ? 'interview' : 'interviews'} match`);
    await iv.screener.selectOption('');

    const target = (await list()).items[3]!;
    const surname = target.participant_name!.split(' ').at(-1)!;
    const byText = await list({ text: surname });
    await iv.search.fill(surname);
    await expect.poll(count).toBe(`${byText.total} ${byText.total === 1 ? 'interview' : 'interviews'} match`);
    expect(byText.total).toBeLessThan((await list()).total);
    expect(await iv.table.innerText()).toContain(target.participant_name!);

    await iv.search.fill('zz-nobody-zz');
    await expect.poll(() => iv.noMatches.isVisible()).toBe(true);
    await iv.clearFilters.click();
    await expect.poll(count).toBe(`${(await list()).total} interviews`);
    expect(await iv.search.inputValue()).toBe('');
  });

  it('opens an interview from the keyboard: arrows move between rows, Enter opens the viewer', async () => {
    const { items } = await list();
    const first = iv.renderedRows.first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'))).toBe('4');
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.header.back.isVisible()).toBe(true);
    // The viewer is another screen's work: check only that it is the third row's interview that opened.
    // The Back button shows while the viewer is still loading the interview: wait for its content.
    await expect.poll(() => ui.main.innerText()).toMatch(new RegExp(`${items[2]!.id}|${items[2]!.participant_name}`));
    await ui.header.back.click();
    await iv.table.waitFor();
  });

  it('downloads one interview for offline, and its row gets the offline mark', async () => {
    const target = (await list()).items.find((i) => i.has_video && !i.offline)!;
    const row = iv.row(target.participant_name!);
    expect(await row.innerText()).toContain('Online only');
    const usage = iv.usage;
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
    expect(await iv.table.getAttribute('aria-rowcount')).toBe(String(total + 1));
    expect(await iv.renderedRows.count()).toBeLessThanOrEqual(60);
    expect(await iv.renderedRows.count()).toBeGreaterThan(5);

    // Scroll to the bottom: the last rows appear (loaded page by page), the first ones leave.
    const last = (await list({ offset: total - 1, limit: 1 })).items[0]!;
    await iv.scrollToEnd();
    await expect.poll(() => iv.rowAt(total + 1).count()).toBe(1);
    await expect.poll(() => iv.rowAt(total + 1).innerText()).toContain(last.participant_name!);
    expect(await iv.rowAt(2).count()).toBe(0);
    expect(await iv.renderedRows.count()).toBeLessThanOrEqual(60);

    // Home from the keyboard goes back to the top.
    await iv.renderedRows.last().focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'))).toBe('2');
    expect(await iv.renderedRows.count()).toBeLessThanOrEqual(60);
    await shot(page, 'interviews-tab-many');
  });

  it('a download that fails says so beside the table, and the row stays online-only', { timeout: 60_000 }, async () => {
    // Links are short-lived now, so the download must ask the service for a fresh one, which fails.
    await op.ok('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['GET'] });
    try {
      // Only the study's first interviews have a recording (one per sample video), far down a newest-first
      // list of 500 more: search for the participant to bring the row up.
      const target = (await list({ limit: 10_000 })).items.find((i) => i.has_video && !i.offline)!;
      await expireHeldLink(target.id);
      await iv.search.fill(target.participant_name!);
      await expect.poll(count).toBe('1 interview match');
      const row = iv.row(target.participant_name!);
      expect(await row.innerText()).toContain(target.participant_name!);
      await row.getByRole('button', { name: `Download ${target.participant_name}'s video for offline` }).click();
      await expect.poll(() => row.innerText()).toContain('Downloading');
      const alert = iv.downloadFailed(target.participant_name!);
      await expect.poll(() => alert.isVisible(), { timeout: 45_000 }).toBe(true);
      expect(await row.innerText()).toContain('Online only');
      expect((await list({ limit: 10_000 })).items.find((i) => i.id === target.id)!.offline).toBe(false);
      await shot(page, 'interviews-download-failed');
      // Once the service is back, Try again fetches it.
      await op.ok('PUT', '/_sandbox/faults', {});
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => alert.count()).toBe(0);
      await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('Available offline');
    } finally {
      await op.ok('PUT', '/_sandbox/faults', {});
      await iv.search.fill('');
    }
  });

  it('"Download all" shows progress and Cancel stops it', { timeout: 60_000 }, async () => {
    // Each link refresh now takes a while, so the job is still running when Cancel is pressed.
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 300, fault_methods: ['GET'] });
    try {
      const recorded = (await list({ limit: 10_000 })).items.filter((i) => i.has_video);
      const before = recorded.filter((i) => i.offline).length;
      const withVideo = recorded.length;
      for (const i of recorded.filter((x) => !x.offline)) await expireHeldLink(i.id);
      await iv.downloadAll.click();
      const bar = iv.downloadAllProgress;
      await expect.poll(() => bar.isVisible(), { timeout: 10_000 }).toBe(true);
      // Past the first rows (some were downloaded above and are skipped), so at least one video really landed.
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      // Every interview with a recording, and only those (the 500 simulated last have none).
      expect(Number(await bar.getAttribute('aria-valuemax'))).toBe(withVideo);
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
      await iv.cancelDownloadAll.click();
      const end = await closed;
      expect(end.state).toBe('cancelled');
      expect(end.done).toBeGreaterThanOrEqual(3);
      // It says how far it got, not 0.
      await expect.poll(() => iv.downloadAllCancelled(end.done).isVisible(), { timeout: 10_000 }).toBe(true);
      const { items } = await list({ limit: 10_000 });
      const offline = items.filter((i) => i.offline).length;
      expect(offline).toBeGreaterThan(before);
      expect(offline).toBeLessThan(withVideo);
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
      new_codes: ['price vs value'],
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
      new_codes: ['delivery'],
    });

    await iv.view('Highlights').click();
    const cards = iv.highlights;
    await expect.poll(() => cards.count()).toBe(2);
    const card = iv.highlight(quote.slice(0, 30));
    // Named as the Interviews list names it: the name with the participant code beside it.
    expect(a.code).toMatch(/^P\d{2,}$/);
    expect(await card.root.innerText()).toContain(`${a.participant_name} (${a.code})`);
    expect(await card.root.innerText()).toContain('Says it outright');

    // Filter by tag.
    const filter = iv.tagFilter;
    await filter.getByRole('button', { name: /delivery/ }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('Hello');
    await filter.getByRole('button', { name: /All/ }).click();
    await expect.poll(() => cards.count()).toBe(2);

    // Edit tags and note.
    await card.edit.click();
    await card.tags.fill('recipe fatigue');
    await card.tags.press('Enter');
    await card.note.fill('Price, then boredom');
    await card.save.click();
    await expect.poll(() => card.root.innerText()).toContain('Price, then boredom');
    const stored = (await harness.core.call('highlights.list', { workspace_id: WS, interview_id: a.id }))[0]!;
    expect(stored.codes.map((c) => c.name)).toEqual(['price vs value', 'recipe fatigue']);
    expect(stored.note).toBe('Price, then boredom');

    // Copy quote: the quote, who said it and when.
    await card.copyQuote.click();
    const at = present(turn.start_ms, 'the turn time');
    const mmss = `${String(Math.floor(at / 60_000)).padStart(2, '0')}:${String(Math.floor((at % 60_000) / 1000)).padStart(2, '0')}`;
    await expect.poll(() => harness.desktop.clipboard).toBe(`"${quote.trim()}" — ${a.participant_name} (${a.code}), [${mmss}]`);
    await expect.poll(() => card.copied.isVisible()).toBe(true);
    await shot(page, 'interviews-highlights-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'interviews-highlights-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A re-sync (new interviews arrive) keeps every highlight, and the view still lists them.
    await op.ok('POST', `/_sandbox/projects/${churnId}/simulate`, { completed: 2, transcript_turns: 4 });
    await harness.core.call('sync.run', { workspace_id: WS });
    await iv.view('All interviews').click();
    await iv.table.waitFor();
    await iv.view('Highlights').click();
    await expect.poll(() => cards.count()).toBe(2);
    expect(await card.root.innerText()).toContain('recipe fatigue');

    // Jump: the timestamp opens the interview at that moment.
    await card.openAt(mmss).click();
    await expect.poll(() => ui.header.back.isVisible()).toBe(true);
    await ui.header.back.click();

    // Delete asks first, naming what goes.
    await card.delete.click();
    await expect.poll(() => card.deleteWarning.isVisible()).toBe(true);
    await card.confirmDelete.click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await harness.core.call('highlights.list', { workspace_id: WS, interview_id: a.id })).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a draft without interviews says launching comes first (as Share does), in both views', async () => {
    await ui.sidebar.study('Onboarding interviews').click();
    await ui.study.tab('Interviews').click();
    await iv.view('All interviews').click();
    await expect.poll(() => iv.noInterviewsDraft.isVisible()).toBe(true);
    // Not the launched study's advice: a draft has no participant link to share.
    expect(await iv.noInterviews.count()).toBe(0);
    expect(await iv.table.count()).toBe(0);
    await shot(page, 'interviews-empty');
    await iv.view('Highlights').click();
    await expect.poll(() => iv.noHighlights.isVisible()).toBe(true);
    await iv.view('All interviews').click();
    // The next step is offered where the text names it: the launch dialog, for this study.
    await ui.study.panel.getByRole('button', { name: 'Launch…' }).click();
    await ui.launchDialog('Onboarding interviews').dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => ui.launchDialog('Onboarding interviews').dialog.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
