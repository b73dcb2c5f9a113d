import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, launchBrowser, shot, startHarness, type Harness } from '../support/browser';
import { demoProjectId, openDemo } from '../support/demo-operator';

const skip = browserSkipReason();
if (skip) console.warn(`e2e search ${skip}`);

const HOSTILE = 'Honestly <img src=x onerror="window.__pwned=1"> the price was <b>too high</b> for us';

describe.skipIf(skip !== null)('search palette', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  let problems: string[];
  const cache = async () => (await harness.core.runtimes.get(DEMO_WORKSPACE_ID)).cache;
  const projectId = (title: string) => demoProjectId(harness, title);

  beforeAll(async () => {
    harness = await startHarness();
    browser = await launchBrowser();
    ({ page, problems } = await openDemo(browser, harness));
    // A report quote whose text looks like HTML: it must come back as text, never as markup.
    await (
      await cache()
    ).call('reports.save', {
      projectId: projectId('Packaging concepts'),
      now: new Date().toISOString(),
      report: {
        report_id: 'r-hostile',
        project_id: projectId('Packaging concepts'),
        status: 'COMPLETED',
        generated_at: new Date().toISOString(),
        interviews_analysed: 12,
        summary: 'Test report',
        themes: [{ title: 'Price', frequency: 0.5, summary: 'About price', quotes: [HOSTILE] }],
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  const palette = () => page.getByRole('dialog', { name: 'Search' });
  const input = () => palette().getByRole('combobox', { name: 'Search transcripts and report quotes' });
  const options = () => palette().getByRole('listbox', { name: 'Results' }).getByRole('option');
  const metas = () => options().evaluateAll((els) => els.map((el) => el.querySelector('.search-hit-meta')!.textContent ?? ''));
  const settle = async () => {
    await expect.poll(() => palette().locator('.search-status').innerText()).toMatch(/result/);
    await expect.poll(() => palette().locator('.search-list.is-stale').count()).toBe(0);
  };

  it('Ctrl+K opens it; typing "price" shows highlighted snippets; HTML-like text stays text', async () => {
    await page.keyboard.press('Control+K');
    await palette().waitFor();
    expect(await input().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await palette().innerText()).toMatch(/works offline/);
    await input().fill('price');
    await settle();
    expect(await options().count()).toBeGreaterThan(3);
    const marks = await palette().locator('[role="option"] mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(3);
    for (const m of marks) expect(m.toLowerCase()).toMatch(/^price/);

    await shot(page, 'search-results-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'search-results-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A quote whose text looks like HTML is listed with its markup shown literally; nothing is created or run from it.
    await input().fill('onerror');
    await expect.poll(() => options().count()).toBe(1);
    const hostile = options().first();
    expect(await hostile.innerText()).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await hostile.innerText()).toContain('<b>too high</b>');
    expect(await hostile.locator('mark').allInnerTexts()).toEqual(['onerror']);
    expect(await palette().locator('[role="option"] img, [role="option"] b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await hostile.innerText()).toMatch(/Quote/);
    await input().fill('price');
    await expect.poll(() => options().count()).toBeGreaterThan(3);
    await settle();
  });

  it('the speaker and study filters narrow the results', async () => {
    const all = await metas();
    expect(all.some((m) => m.includes('Meal-kit churn'))).toBe(true);

    await palette().getByRole('combobox', { name: 'Speaker' }).selectOption({ label: 'AI interviewer' });
    await settle();
    const ai = await metas();
    expect(ai.length).toBeGreaterThan(0);
    for (const m of ai) expect(m).toMatch(/^AI/);

    await palette().getByRole('combobox', { name: 'Speaker' }).selectOption({ label: 'Participants' });
    await settle();
    const participants = await metas();
    expect(participants.length).toBeGreaterThan(0);
    for (const m of participants) expect(m).toMatch(/^P/);

    // A speaker filter leaves report quotes out (a quote has no speaker turn of its own).
    await input().fill('onerror');
    await expect.poll(() => palette().innerText()).toMatch(/No matches for “onerror” with these filters/);
    await input().fill('price');
    await expect.poll(() => options().count()).toBeGreaterThan(3);
    await settle();

    await palette().getByRole('combobox', { name: 'Speaker' }).selectOption({ label: 'Anyone, and report quotes' });
    await palette().getByRole('combobox', { name: 'Study' }).selectOption({ label: 'Packaging concepts' });
    await settle();
    const packaging = await metas();
    expect(packaging.length).toBeGreaterThan(0);
    for (const m of packaging) expect(m).toContain('Packaging concepts');
    expect(packaging.length).toBeLessThan(all.length);

    await palette().getByRole('combobox', { name: 'Study' }).selectOption({ label: 'All studies' });
    await input().fill('zzqxv nothing like this');
    await expect.poll(() => palette().innerText()).toMatch(/No matches for “zzqxv nothing like this”/);
    await input().fill('price');
    await settle();
  });

  it('↑/↓ move through the results; Enter opens the interview at that moment; Escape closes', async () => {
    const expected = (await (await cache()).call('search.query', { query: 'price', limit: 60 })).filter((h) => h.kind === 'turn');
    // Move to the first transcript hit with the arrow keys.
    const index = (await metas()).findIndex((m) => !m.startsWith('Quote'));
    expect(index).toBeGreaterThanOrEqual(0);
    await input().focus();
    for (let i = 0; i < index + 1; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const selected = palette().locator('[role="option"][aria-selected="true"]');
    expect(await selected.getAttribute('data-index')).toBe(String(index));
    expect(await input().getAttribute('aria-activedescendant')).toBe(await selected.getAttribute('id'));
    const meta = await selected.locator('.search-hit-meta').innerText();
    const hit = expected.find(
      (h) =>
        meta.includes(h.participant_name ?? '\u0000') &&
        h.start_ms != null &&
        meta.includes(`${String(Math.floor(h.start_ms / 60000)).padStart(2, '0')}:${String(Math.floor(h.start_ms / 1000) % 60).padStart(2, '0')}`),
    )!;
    expect(hit).toBeDefined();

    await page.keyboard.press('Enter');
    await expect.poll(() => palette().count()).toBe(0);
    await page.getByRole('button', { name: '← Back' }).waitFor();
    await expect.poll(() => page.locator('#main').innerText()).toMatch(new RegExp(`${hit.interview_id}|${hit.participant_name}`));

    // Reopened, it keeps the query; Escape closes it.
    await page.getByRole('button', { name: /Search/ }).click();
    await palette().waitFor();
    expect(await input().inputValue()).toBe('price');
    await page.keyboard.press('Escape');
    await expect.poll(() => palette().count()).toBe(0);
  });

  it('Enter on a report quote finds where it was said and opens that interview', async () => {
    const c = await cache();
    const pid = projectId('Meal-kit churn');
    const quote = (await c.call('reports.get', { projectId: pid }))!.themes[0]!.quotes[0]!;
    const where = (await c.call('search.locateQuote', { projectId: pid, quote }))!;
    expect(where).not.toBeNull();
    const interview = (await c.call('interviews.get', { id: where.interview_id }))!;
    await page.keyboard.press('Control+K');
    await palette().waitFor();
    await input().fill(`"${quote.replace(/[^\p{L}\p{N}' ]/gu, ' ').trim()}"`);
    await palette().getByRole('combobox', { name: 'Study' }).selectOption({ label: 'Meal-kit churn' });
    await settle();
    const index = (await metas()).findIndex((m) => m.startsWith('Quote'));
    expect(index).toBeGreaterThanOrEqual(0);
    await input().focus();
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => palette().count()).toBe(0);
    await expect.poll(() => page.locator('#main').innerText()).toMatch(new RegExp(`${where.interview_id}|${interview.participant_name ?? '\u0000'}`));
    // Leave the palette's filters as a researcher would expect to find them next time: all studies.
    await page.keyboard.press('Control+K');
    await palette().getByRole('combobox', { name: 'Study' }).selectOption({ label: 'All studies' });
    await page.keyboard.press('Escape');
    await expect.poll(() => palette().count()).toBe(0);
  });

  it('works offline: with the demo service stopped, search still answers from the saved data', async () => {
    // Leave the viewer first: its player would log the lost video link (the viewer's own tests cover that).
    await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: 'Studies' }).click();
    await page.getByRole('table', { name: 'Studies' }).waitFor();
    await harness.core.demo.close();
    expect(harness.core.demo.baseUrl).toBeNull();
    await page.keyboard.press('Control+K');
    await palette().waitFor();
    await input().fill('delivery');
    await settle();
    expect(await options().count()).toBeGreaterThan(0);
    expect((await palette().locator('[role="option"] mark').allInnerTexts()).every((m) => /^deliver/i.test(m))).toBe(true);
    // Nothing needed the service: it is still stopped.
    expect(harness.core.demo.baseUrl).toBeNull();
    expect(problems).toEqual([]);
  });
});
