import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { ASKED_IN_PAGE } from '../../src/shared/search-pages';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { demoProjectId } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e search ${skip}`);

const HOSTILE = 'Honestly <img src=x onerror="window.__pwned=1"> the price was <b>too high</b> for us';

describe.skipIf(skip !== null)('search palette', () => {
  const e2e = useHarness();
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;
  let p: App['palette'];
  const cache = async () => (await harness.core.runtimes.get(DEMO_WORKSPACE_ID)).cache;
  const projectId = (title: string) => demoProjectId(harness, title);

  beforeAll(async () => {
    harness = e2e.harness;
    ({ page, problems } = await e2e.openDemo());
    ui = app(page);
    p = ui.palette;
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

  it('Ctrl+K opens it; typing "price" shows highlighted snippets; HTML-like text stays text', async () => {
    await page.keyboard.press('Control+K');
    await p.dialog.waitFor();
    expect(await p.input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await p.dialog.innerText()).toMatch(/works offline/);
    await p.input.fill('price');
    await p.settle();
    expect(await p.options.count()).toBeGreaterThan(3);
    const marks = await p.marks.allInnerTexts();
    expect(marks.length).toBeGreaterThan(3);
    for (const m of marks) expect(m.toLowerCase()).toMatch(/^price/);

    await shot(page, 'search-results-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'search-results-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A quote whose text looks like HTML is listed with its markup shown literally; nothing is created or run from it.
    await p.input.fill('onerror');
    await expect.poll(() => p.options.count()).toBe(1);
    const hostile = p.options.first();
    expect(await hostile.innerText()).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await hostile.innerText()).toContain('<b>too high</b>');
    expect(await hostile.locator('mark').allInnerTexts()).toEqual(['onerror']);
    expect(await p.options.locator('img, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await hostile.innerText()).toMatch(/Quote/);
    await p.input.fill('price');
    await expect.poll(() => p.options.count()).toBeGreaterThan(3);
    await p.settle();
  });

  it('the speaker and study filters narrow the results', async () => {
    const all = await p.metas();
    expect(all.some((m) => m.includes('Meal-kit churn'))).toBe(true);

    await p.speaker.selectOption({ label: 'AI interviewer' });
    await p.settle();
    const ai = await p.metas();
    expect(ai.length).toBeGreaterThan(0);
    for (const m of ai) expect(m).toMatch(/^AI/);

    await p.speaker.selectOption({ label: 'Participants and their highlights' });
    await p.settle();
    const participants = await p.metas();
    expect(participants.length).toBeGreaterThan(0);
    for (const m of participants) expect(m).toMatch(/^P/);

    // A speaker filter leaves report quotes out (a quote has no speaker turn of its own).
    await p.input.fill('onerror');
    await expect.poll(() => p.dialog.innerText()).toMatch(/No matches for “onerror” with these filters/);
    await p.input.fill('price');
    await expect.poll(() => p.options.count()).toBeGreaterThan(3);
    await p.settle();

    await p.speaker.selectOption({ label: 'Anyone, with quotes and highlights' });
    await p.study.selectOption({ label: 'Packaging concepts' });
    await p.settle();
    const packaging = await p.metas();
    expect(packaging.length).toBeGreaterThan(0);
    for (const m of packaging) expect(m).toContain('Packaging concepts');
    expect(packaging.length).toBeLessThan(all.length);

    await p.study.selectOption({ label: 'All studies' });
    await p.input.fill('zzqxv nothing like this');
    await expect.poll(() => p.dialog.innerText()).toMatch(/No matches for “zzqxv nothing like this”/);
    await p.input.fill('price');
    await p.settle();
  });

  it('↑/↓ move through the results; Enter opens the interview at that moment; Escape closes', async () => {
    const expected = (await (await cache()).call('search.query', { query: 'price', limit: 60 })).filter((h) => h.kind === 'turn');
    // Move to the first transcript hit with the arrow keys.
    const index = (await p.metas()).findIndex((m) => !m.startsWith('Quote'));
    expect(index).toBeGreaterThanOrEqual(0);
    await p.input.focus();
    for (let i = 0; i < index + 1; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const selected = p.selected;
    expect(await selected.getAttribute('data-index')).toBe(String(index));
    expect(await p.input.getAttribute('aria-activedescendant')).toBe(await selected.getAttribute('id'));
    const meta = await p.metaOf(selected).innerText();
    // A hit names its interview as the Interviews list does: the name with the participant code beside it.
    const hit = expected.find(
      (h) =>
        /^P\d{2,}$/.test(h.code) &&
        meta.includes(`${h.participant_name} (${h.code})`) &&
        h.start_ms != null &&
        meta.includes(`${String(Math.floor(h.start_ms / 60000)).padStart(2, '0')}:${String(Math.floor(h.start_ms / 1000) % 60).padStart(2, '0')}`),
    )!;
    expect(hit).toBeDefined();

    await page.keyboard.press('Enter');
    await expect.poll(() => p.dialog.count()).toBe(0);
    await ui.header.back.waitFor();
    await expect.poll(() => ui.main.innerText()).toMatch(new RegExp(`${hit.interview_id}|${hit.participant_name}`));

    // Reopened, it keeps the query; Escape closes it.
    await ui.sidebar.search.click();
    await p.dialog.waitFor();
    expect(await p.input.inputValue()).toBe('price');
    await page.keyboard.press('Escape');
    await expect.poll(() => p.dialog.count()).toBe(0);
  });

  it('Enter on a report quote finds where it was said and opens that interview', async () => {
    const c = await cache();
    const pid = projectId('Meal-kit churn');
    const quote = (await c.call('reports.get', { projectId: pid }))!.themes[0]!.quotes[0]!;
    const where = (await c.call('search.locateQuote', { projectId: pid, quote }))!;
    expect(where).not.toBeNull();
    const interview = (await c.call('interviews.get', { id: where.interview_id }))!;
    await page.keyboard.press('Control+K');
    await p.dialog.waitFor();
    await p.input.fill(`"${quote.replace(/[^\p{L}\p{N}' ]/gu, ' ').trim()}"`);
    await p.study.selectOption({ label: 'Meal-kit churn' });
    await p.settle();
    const index = (await p.metas()).findIndex((m) => m.startsWith('Quote'));
    expect(index).toBeGreaterThanOrEqual(0);
    await p.input.focus();
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => p.dialog.count()).toBe(0);
    await expect.poll(() => ui.main.innerText()).toMatch(new RegExp(`${where.interview_id}|${interview.participant_name ?? '\u0000'}`));
    // Leave the palette's filters as a researcher would expect to find them next time: all studies.
    await page.keyboard.press('Control+K');
    await p.study.selectOption({ label: 'All studies' });
    await page.keyboard.press('Escape');
    await expect.poll(() => p.dialog.count()).toBe(0);
  });

  it("finds the researcher's own highlights by their note or tag, as Highlight results, and opens the interview at the highlight", async () => {
    const c = await cache();
    const pid = projectId('Meal-kit churn');
    const { items } = await c.call('interviews.list', { projectId: pid, status: 'COMPLETE', limit: 1 });
    const iv = (await c.call('interviews.get', { id: items[0]!.id }))!;
    const turn = iv.transcript.find((t) => t.role === 'User' && t.start_ms !== null)!;
    await c.call('highlights.add', {
      highlight: {
        project_id: pid,
        interview_id: iv.id,
        start_turn: turn.index,
        start_offset: 0,
        end_turn: turn.index,
        end_offset: Math.min(20, turn.text.length),
        start_ms: turn.start_ms,
        quote: turn.text.slice(0, 20),
        note: 'Compare with the zebrafruit pilot',
        new_codes: ['Quokka moments'],
      },
      now: new Date().toISOString(),
    });
    await page.keyboard.press('Control+K');
    await p.dialog.waitFor();
    await p.input.fill('zebrafruit');
    await p.settle();
    await expect.poll(() => p.options.count()).toBe(1);
    const hit = p.options.first();
    expect(await p.metaOf(hit).innerText()).toMatch(new RegExp(`^Highlight\\s*Meal-kit churn · ${iv.participant_name}`));
    expect(await hit.innerText()).toContain('Codes: Quokka moments');
    expect(await hit.locator('mark').allInnerTexts()).toEqual(['zebrafruit']);
    // By its tag too; the speaker filter reads the words highlighted (a participant's here).
    await p.input.fill('quokka');
    await p.settle();
    await expect.poll(() => p.metas()).toEqual([expect.stringMatching(/^Highlight/)]);
    await p.speaker.selectOption({ label: 'AI interviewer' });
    await expect.poll(() => p.dialog.innerText()).toMatch(/No matches for “quokka” with these filters/);
    await p.speaker.selectOption({ label: 'Participants and their highlights' });
    await p.settle();
    await expect.poll(() => p.options.count()).toBe(1);
    await p.speaker.selectOption({ label: 'Anyone, with quotes and highlights' });
    await p.settle();
    await page.keyboard.press('Enter');
    await expect.poll(() => p.dialog.count()).toBe(0);
    await ui.viewer.ready(iv.participant_name!);
    await ui.header.back.click();
  });

  it('an interviewer question asked in many interviews is one result, "asked in N interviews", that lists them on Enter', async () => {
    const c = await cache();
    const pid = projectId('Meal-kit churn');
    const question = (await c.call('search.query', { query: 'kept you subscribed', projectId: pid, role: 'AI', limit: 60 })).find(
      (h) => h.kind === 'question',
    )!;
    expect(question).toBeDefined();
    // The hit says how many asked it, and carries the first of them (all of them here: fewer than a page).
    const n = question.asked_count!;
    expect(n).toBeGreaterThan(3);
    expect(question.asked_in).toHaveLength(Math.min(n, ASKED_IN_PAGE));
    await page.keyboard.press('Control+K');
    await p.dialog.waitFor();
    await p.input.fill('kept you subscribed');
    await p.study.selectOption({ label: 'Meal-kit churn' });
    await p.settle();
    const metas = await p.metas();
    const asked = metas.filter((m) => m.includes('asked in'));
    expect(asked).toEqual([expect.stringMatching(new RegExp(`^AI\\s*Meal-kit churn · asked in ${n} interviews$`))]);
    // The question fills one result, not n of them.
    expect(metas.filter((m) => m.startsWith('AI')).length).toBe(1);
    const index = metas.findIndex((m) => m.includes('asked in'));
    await p.input.focus();
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    expect(await p.selected.innerText()).toContain(`Enter lists the ${n} interviews.`);
    await shot(page, 'search-question-collapsed');
    await page.keyboard.press('Enter');
    const listed = p.options.filter({ hasText: /^Asked of / });
    await expect.poll(() => listed.count()).toBe(n);
    expect(await p.selected.innerText()).toContain('Enter hides them.');
    await shot(page, 'search-question-expanded');
    const first = question.asked_in![0]!;
    expect(first.code).toMatch(/^P\d{2,}$/);
    expect(await listed.first().innerText()).toContain(`Asked of ${first.participant_name} (${first.code})`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => p.dialog.count()).toBe(0);
    await ui.viewer.ready(first.participant_name!);
    await page.keyboard.press('Control+K');
    await p.study.selectOption({ label: 'All studies' });
    await page.keyboard.press('Escape');
    await expect.poll(() => p.dialog.count()).toBe(0);
  });

  it('works offline: with the demo service stopped, search still answers from the saved data', async () => {
    // Leave the viewer first: its player would log the lost video link (the viewer's own tests cover that).
    await ui.sidebar.openStudies();
    await harness.core.demo.close();
    expect(harness.core.demo.baseUrl).toBeNull();
    await page.keyboard.press('Control+K');
    await p.dialog.waitFor();
    await p.input.fill('delivery');
    await p.settle();
    expect(await p.options.count()).toBeGreaterThan(0);
    expect((await p.marks.allInnerTexts()).every((m) => /^deliver/i.test(m))).toBe(true);
    // Nothing needed the service: it is still stopped.
    expect(harness.core.demo.baseUrl).toBeNull();
    expect(problems).toEqual([]);
  });
});
