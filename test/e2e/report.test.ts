import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { demoOperator, demoProjectId as projectId, type DemoOperator } from '../support/demo-operator';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { useHarness } from '../support/e2e';
import { fakeTimers } from '../support/fake-timers';
import { app, type App } from '../support/pages';
import { manualClock } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e report ${skip}`);

const runtime = (h: Harness) => h.core.runtimes.get(DEMO_WORKSPACE_ID);
const mmssOf = (ms: number) => `${String(Math.floor(ms / 60000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;

describe.skipIf(skip !== null)('report tab', () => {
  // Main's report polls run on a clock the test moves: a check happens when the test says so, not when
  // ten real seconds have passed, so a slow machine cannot reorder what the test looks at.
  const clock = manualClock(Date.now());
  const ft = fakeTimers(clock, { awaitCallbacks: true });
  const e2e = useHarness({ harness: { timers: ft.timers } });
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;
  let report: App['report'];
  let op: DemoOperator;
  beforeAll(async () => {
    harness = e2e.harness;
    ({ page, problems } = await e2e.openDemo());
    ui = app(page);
    report = ui.report;
    op = await demoOperator(harness);
  });

  const openReport = (study: string) => report.open(study);
  /** Waits until the service has finished generating, then lets main's next report check come. */
  const nextCheckAfterService = async (pid: string, status: 'COMPLETED' | 'FAILED') => {
    await expect.poll(async () => (await op.call<{ status?: string }>('GET', `/v1/projects/${pid}/report`)).body.status).toBe(status);
    await expect.poll(() => ft.pending()).toBeGreaterThan(0);
    await ft.advance(15_000);
  };

  it('"Meal-kit churn" shows its summary and themes as bars sorted by frequency, with percentages and counts', async () => {
    await openReport('Meal-kit churn');
    const cached = await (await runtime(harness)).cache.call('reports.get', { projectId: projectId(harness, 'Meal-kit churn') });
    expect(cached?.status).toBe('COMPLETED');
    const analysed = cached!.interviews_analysed!;
    expect(analysed).toBeGreaterThan(0);
    await expect.poll(() => report.analysed(analysed).isVisible()).toBe(true);
    await expect.poll(() => report.themeRows.count()).toBe(cached!.themes.length);
    expect(cached!.themes.length).toBeGreaterThanOrEqual(3);

    const rows = await report.themeRows.evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('.theme-title')!.textContent,
        pct: Number(el.querySelector('.theme-pct')!.textContent!.replace('%', '')),
        count: el.querySelector('.theme-count')!.textContent,
        bar: (el.querySelector('.theme-bar-fill') as HTMLElement).style.width,
      })),
    );
    const byFrequency = [...cached!.themes].sort((a, b) => b.frequency - a.frequency);
    expect(rows.map((r) => r.title)).toEqual(byFrequency.map((t) => t.title));
    for (const [i, r] of rows.entries()) {
      const f = byFrequency[i]!.frequency;
      expect(r.pct).toBe(Math.round(f * 100));
      expect(r.count).toBe(`${Math.round(f * analysed)} of ${analysed} interviews`);
      expect(r.bar).toBe(`${Math.max(r.pct, 1)}%`);
      if (i > 0) expect(r.pct).toBeLessThanOrEqual(rows[i - 1]!.pct);
    }
    // The summary sits in a readable column (about 70 characters).
    const summary = report.summary;
    expect(await summary.innerText()).toContain(cached!.summary!.slice(0, 40));
    const width = await summary.evaluate((el) => parseFloat(getComputedStyle(el).maxWidth) / parseFloat(getComputedStyle(el).fontSize));
    expect(width).toBeLessThanOrEqual(45); // 70ch at this font is well under 45em
  });

  it('a theme expands to its summary, the interviews it quotes and its quotes; each quote names who said it and when and opens the interview there', async () => {
    const cache = (await runtime(harness)).cache;
    const pid = projectId(harness, 'Meal-kit churn');
    const saved = (await cache.call('reports.get', { projectId: pid }))!;
    const top = [...saved.themes].sort((a, b) => b.frequency - a.frequency)[0]!;
    // The report quotes every interview behind a theme, so the top theme has more quotes than are shown at first.
    expect(top.quotes.length).toBeGreaterThan(3);
    const first = report.themeRows.first();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    const detail = await report.themeDetail(first);
    await expect.poll(() => detail.innerText()).toContain(top.summary.slice(0, 30));
    const places = await Promise.all(top.quotes.map((quote) => cache.call('search.locateQuote', { projectId: pid, quote })));
    const where = places[0]!;
    expect(where).not.toBeNull();
    expect(where.participant_name).toBeTruthy();
    expect(where.code).toMatch(/^P\d{2,}$/);
    // Named as the Interviews list names it: the name with the participant code beside it.
    const who = (p: { participant_name: string | null; code: string }) => `${p.participant_name} (${p.code})`;
    const mmss = `${String(Math.floor(where.start_ms! / 60000)).padStart(2, '0')}:${String(Math.floor(where.start_ms! / 1000) % 60).padStart(2, '0')}`;
    const jump = report.jump(detail, mmss).first();
    await jump.waitFor();
    expect(await jump.innerText()).toBe(`▶ ${who(where)} · ${mmss}`);
    expect(await jump.getAttribute('aria-label')).toBe(`${who(where)} · ${mmss}, open the interview`);

    // The first three, then every one of them.
    expect(await report.quotes(detail).count()).toBe(3);
    const showAll = report.showAll(detail);
    expect(await showAll.innerText()).toBe(`Show all ${top.quotes.length} quotes`);
    expect(await showAll.getAttribute('aria-expanded')).toBe('false');
    await showAll.click();
    expect(await showAll.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => report.quotes(detail).count()).toBe(top.quotes.length);
    // Every quote names its participant and time (all of the demo's quotes are in saved transcripts).
    await expect.poll(() => report.jump(detail).count()).toBe(top.quotes.length);
    const labels = await report.jump(detail).allInnerTexts();
    expect(labels).toEqual(places.map((p) => `▶ ${who(p!)} · ${p!.start_ms === null ? 'time unknown' : mmssOf(p!.start_ms)}`));

    // The theme links to every interview it quotes, by participant.
    const quoted = [...new Map(places.map((p) => [p!.interview_id, who(p!)])).values()].sort((a, b) => a.localeCompare(b));
    expect(await report.quotedInterviews(detail).allInnerTexts()).toEqual(quoted);
    await report.regenerate.scrollIntoViewIfNeeded();
    await shot(page, 'report-theme-open-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'report-theme-open-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Scrolled down to the last quote, open its interview, then Back: the same theme open, all quotes shown, the same place.
    const last = report.quotes(detail).last();
    const scrollTop = () => ui.main.evaluate((el) => el.scrollTop);
    // To the top of the view, not merely "into view": how far that is depends on the window and the demo's quotes.
    await expect
      .poll(async () => {
        await last.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        return scrollTop();
      })
      .toBeGreaterThan(100);
    const scrolled = await scrollTop();
    const lastPlace = places.at(-1)!;
    await last.getByRole('button').click();
    await ui.viewer.ready(lastPlace.participant_name!);
    await ui.header.back.click();
    await report.heading.waitFor();
    const keptAsLeft = async (at: number) => {
      await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
      const again = await report.themeDetail(first);
      expect(await report.showAll(again).getAttribute('aria-expanded')).toBe('true');
      expect(await report.quotes(again).count()).toBe(top.quotes.length);
      await expect.poll(scrollTop).toBe(at);
    };
    await keptAsLeft(scrolled);

    // The same after another tab: scrolled a little, so the study's tabs are still in view to click.
    await ui.main.evaluate((el) => (el.scrollTop = 40));
    await expect.poll(scrollTop).toBe(40);
    await ui.study.openTab('Interviews');
    await ui.study.openTab('Report');
    await report.heading.waitFor();
    await keptAsLeft(40);

    // A quote's interview opened from the theme's list of interviews, at that interview's first quote.
    const firstQuoted = places.find((p) => who(p!) === quoted[0])!;
    await report.quotedInterviews(detail).first().click();
    await ui.viewer.ready(firstQuoted.participant_name!);
    await ui.header.back.click();
    await report.heading.waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it('regenerate asks first, shows progress, keeps tracking while the researcher is elsewhere, then completes with a notification', async () => {
    const cache = (await runtime(harness)).cache;
    const pid = projectId(harness, 'Meal-kit churn');
    const before = (await cache.call('reports.get', { projectId: pid }))!;
    await op.ok('PUT', '/_sandbox/organisations/me', { report_duration_ms: 500 });
    harness.desktop.notifications.length = 0;
    const pollBefore = await cache.call('polls.get', { projectId: pid });

    await report.regenerate.click();
    expect(await report.confirm.innerText()).toMatch(/replaces the current one/);
    await report.keepReport.click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Keeping the report started nothing.
    expect(await cache.call('polls.get', { projectId: pid })).toEqual(pollBefore);
    await report.regenerateConfirmed();

    const progress = report.progress;
    await progress.waitFor();
    // The elapsed time shows once main's poll record (its start time) has reached the tab.
    await expect.poll(() => progress.innerText()).toMatch(/\d:\d\d elapsed · usually 1–3 minutes/);
    expect(await report.regenerate.isDisabled()).toBe(true);
    expect((await cache.call('polls.get', { projectId: pid }))?.state).toBe('polling');
    await shot(page, 'report-processing');

    // Leave for the project list and come back: main kept polling and the tab shows the live state.
    await ui.sidebar.openStudies();
    await openReport('Meal-kit churn');
    // The first check comes 10 s (on main's clock) after the start, so the report is still being tracked on return.
    expect((await cache.call('polls.get', { projectId: pid }))?.state).toBe('polling');
    await progress.waitFor();
    expect(await progress.innerText()).toMatch(/You can leave this page/);

    await nextCheckAfterService(pid, 'COMPLETED');
    const toast = ui.toasts.item('Report ready — Meal-kit churn');
    await toast.waitFor();
    await expect.poll(() => harness.desktop.notifications.map((n) => n.title)).toContain('Report ready — Meal-kit churn');
    const after = (await cache.call('reports.get', { projectId: pid }))!;
    expect(after.status).toBe('COMPLETED');
    expect(after.report_id).not.toBe(before.report_id);
    await expect.poll(() => progress.count()).toBe(0);
    await expect.poll(() => report.themeRows.count()).toBe(after.themes.length);
  }, 60_000);

  it('a FAILED report says so and offers Retry, which generates it again', async () => {
    const cache = (await runtime(harness)).cache;
    const pid = projectId(harness, 'Meal-kit churn');
    await op.ok('PUT', '/_sandbox/faults', { report_failure_rate: 1 });
    harness.desktop.notifications.length = 0;
    await report.regenerateConfirmed();
    await nextCheckAfterService(pid, 'FAILED');
    const failure = report.failed;
    await failure.waitFor();
    expect((await cache.call('reports.get', { projectId: pid }))?.status).toBe('FAILED');
    await expect.poll(() => harness.desktop.notifications.map((n) => n.title)).toContain('Report failed — Meal-kit churn');
    await shot(page, 'report-failed');

    await op.ok('PUT', '/_sandbox/faults', { report_failure_rate: 0 });
    await failure.getByRole('button', { name: 'Retry' }).click();
    await report.progress.waitFor();
    await nextCheckAfterService(pid, 'COMPLETED');
    await expect.poll(() => report.themeRows.count()).toBeGreaterThan(0);
    expect((await cache.call('reports.get', { projectId: pid }))?.status).toBe('COMPLETED');
    expect(await report.failed.count()).toBe(0);
  }, 60_000);

  it('a report that cannot be started says why, inline, and the report stays as it was', async () => {
    const cache = (await runtime(harness)).cache;
    const pid = projectId(harness, 'Meal-kit churn');
    const before = await cache.call('reports.get', { projectId: pid });
    await op.ok('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['POST'] });
    try {
      await report.regenerateConfirmed();
      const error = report.startError;
      await error.waitFor({ timeout: 20_000 });
      expect(await error.innerText()).not.toMatch(/at .*\.ts|Error:/);
      expect(await report.regenerate.isEnabled()).toBe(true);
      expect(await report.progress.count()).toBe(0);
      expect((await cache.call('reports.get', { projectId: pid }))?.report_id).toBe(before?.report_id);
      await shot(page, 'report-start-error');
    } finally {
      await op.ok('PUT', '/_sandbox/faults', { rate_5xx: 0 });
    }
  }, 40_000);

  it('a study with completed interviews and no report yet offers Generate', async () => {
    await openReport('Packaging concepts');
    expect(await report.noReport.isVisible()).toBe(true);
    const generate = report.generate;
    await expect.poll(() => generate.isEnabled()).toBe(true);
    expect(await generate.getAttribute('aria-describedby')).toBeNull();
    await shot(page, 'report-empty');
  });

  it('Generate is disabled, with the reason, on a study with no completed interview', async () => {
    await openReport('Onboarding interviews');
    const generate = report.generate;
    await expect.poll(() => generate.getAttribute('aria-describedby')).not.toBeNull();
    expect(await generate.isDisabled()).toBe(true);
    const reason = await report.generateReason();
    // "Checking for completed interviews…" comes first while the count loads: wait for the answer.
    await expect.poll(() => reason.innerText()).toMatch(/needs at least one completed interview/);
    expect(await report.noReport.isVisible()).toBe(true);
    await shot(page, 'report-disabled');
    expect(problems).toEqual([]);
  });
});
