import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { HighlightView } from '../../src/shared/ipc/channels/highlights';
import type { InterviewDetail } from '../../src/shared/views';
import { browserSkipReason, shot, shotEverySize } from '../support/browser';
import { completeDemoInterviews, demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app, type App } from '../support/pages';
import { highlightCard } from '../support/pages/interviews';
import { containing } from '../support/pages/text';

const skip = browserSkipReason();
if (skip) console.warn(`e2e reels ${skip}`);

const NOW = '2026-11-26T10:00:00.000Z';
const REEL = 'Why they left';

/**
 * Analysis → Reels, from the demo as a researcher builds a reel: segments coded in four interviews (through
 * the core, as the viewer's C would), two added to a new reel from their highlight cards ("Add to reel…"),
 * a third from the Reels view's picker filtered by code, then reordered with Alt+↑ on the focused clip and
 * with Move up, each move announced; the order is kept when the researcher leaves the view and comes back,
 * and after the app is loaded again. The tests run in order on one demo.
 */
describe.skipIf(skip !== null)('hand-picked reels', () => {
  const e2e = useDemoStudy('Meal-kit churn');
  let segs: HighlightView[];
  const turnOf = (d: InterviewDetail) => d.transcript.filter((t) => t.role !== 'AI' && t.start_ms !== null && t.start_ms > 5000 && t.text.length > 40).at(-1)!;
  const quoteOf = (h: HighlightView) => h.quote.slice(0, 28);
  const serverOrder = async () => {
    const [reel] = await e2e.harness.core.call('reels.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId });
    return (await e2e.harness.core.call('reels.get', { workspace_id: DEMO_WORKSPACE_ID, id: reel!.id })).items.map((i) => i.highlight_id);
  };

  beforeAll(async () => {
    const rows = await completeDemoInterviews(e2e.harness, e2e.studyId);
    const details = (await Promise.all(rows.slice(0, 8).map((r) => demoInterview(e2e.harness, r.id)))).filter((d) => d.participant_name && turnOf(d));
    expect(details.length).toBeGreaterThanOrEqual(4);
    const rt = await e2e.harness.core.runtimes.get(DEMO_WORKSPACE_ID);
    segs = [];
    for (const [i, d] of details.slice(0, 4).entries()) {
      const t = turnOf(d);
      segs.push(
        await rt.cache.call('highlights.add', {
          highlight: {
            project_id: e2e.studyId,
            interview_id: d.id,
            start_turn: t.index,
            start_offset: 0,
            end_turn: t.index,
            end_offset: 40,
            start_ms: t.start_ms,
            quote: t.text.slice(0, 40),
            note: '',
            new_codes: i < 2 ? ['Price'] : ['Packaging'],
          },
          now: NOW,
        }),
      );
    }
    expect(new Set(segs.map(quoteOf)).size).toBe(4);
  }, 180_000);

  async function openReels(page: Page): Promise<App> {
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await ui.reels.open('Meal-kit churn');
    return ui;
  }
  const clipQuotes = (ui: App) => ui.reels.clips.locator('.hl-quote').allInnerTexts();

  it('builds a reel from highlight cards and the picker, reorders it by keyboard and by button, and keeps the order', async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();

    // From the highlight cards: a new reel named in the chooser, then the same reel picked from its list.
    await ui.sidebar.openStudy('Meal-kit churn');
    await ui.study.openTab('Interviews');
    await ui.interviews.view('Highlights').click();
    const [a, b, c] = segs as [HighlightView, HighlightView, HighlightView];
    const cardA = highlightCard(page.getByRole('article', { name: containing(quoteOf(a)) }));
    await cardA.root.getByRole('button', { name: 'Add to reel…' }).click();
    const chooser = page.getByRole('dialog', { name: 'Add to reel' });
    await chooser.getByRole('textbox', { name: 'New reel’s name' }).fill(REEL);
    await chooser.getByRole('button', { name: 'Create and add' }).click();
    await expect.poll(() => cardA.root.locator('.rl-added').innerText()).toBe(`Added to “${REEL}” (1 clip)`);
    await shot(page, 'reels-highlight-card');
    const cardB = highlightCard(page.getByRole('article', { name: containing(quoteOf(b)) }));
    await cardB.root.getByRole('button', { name: 'Add to reel…' }).click();
    await chooser.getByRole('button', { name: containing(REEL) }).click();
    await expect.poll(() => cardB.root.locator('.rl-added').innerText()).toBe(`Added to “${REEL}” (2 clips)`);
    // Adding it again says so, and changes nothing.
    await cardB.root.getByRole('button', { name: 'Add to reel…' }).click();
    await chooser.getByRole('button', { name: containing(REEL) }).click();
    await expect.poll(() => cardB.root.locator('.rl-added').innerText()).toBe(`Already in “${REEL}”`);
    // One highlight as a clip of its own: the clip export opens with just it.
    await cardB.root.getByRole('button', { name: 'Export clip…' }).click();
    await ui.clips.dialog.waitFor();
    await expect.poll(() => ui.clips.dialog.locator('.clips-quote').allInnerTexts()).toEqual([`“${b.quote}”`]);
    await page.keyboard.press('Escape');
    await ui.clips.dialog.waitFor({ state: 'hidden' });

    // The Reels view: the reel open, its two clips in the order added, with who, when and their codes.
    await ui.study.openTab('Analysis');
    await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Reels' }).click();
    const r = ui.reels;
    await r.title(REEL).waitFor();
    await expect.poll(() => r.clips.count()).toBe(2);
    expect(await clipQuotes(ui)).toEqual([a.quote, b.quote]);
    expect(await r.clip(1).innerText()).toContain(a.participant_name!);
    expect(await r.clip(1).innerText()).toContain('Price');
    expect(await r.reel(REEL).getAttribute('aria-label')).toBe(`${REEL}, 2 clips`);

    // From the picker, filtered by code: the Packaging segments only; the third is picked and added.
    await r.addFromHighlights.click();
    const picker = r.dialog(`Add to “${REEL}”`);
    await picker.getByRole('combobox', { name: 'Code' }).selectOption({ label: 'Packaging (2)' });
    const options = picker.getByRole('list', { name: 'Highlights' }).getByRole('checkbox');
    await expect.poll(() => options.count()).toBe(2);
    await picker.getByRole('checkbox', { name: containing(quoteOf(c)) }).check();
    await shot(page, 'reels-picker');
    await picker.getByRole('button', { name: 'Add 1 clip' }).click();
    await expect.poll(() => picker.count()).toBe(0);
    await expect.poll(() => r.clips.count()).toBe(3);
    await expect.poll(() => r.status.innerText()).toBe(`Added 1 clip to “${REEL}”.`);
    expect(await r.meta.innerText()).toMatch(/^3 clips · \d\d:\d\d total$/);
    // Those already in the reel say so in the picker, and cannot be picked twice.
    await r.addFromHighlights.click();
    const inReel = picker.getByRole('checkbox', { name: containing(quoteOf(a)) });
    expect(await inReel.isDisabled()).toBe(true);
    expect(await inReel.isChecked()).toBe(true);
    await picker.getByRole('button', { name: 'Cancel' }).click();

    // By keyboard: the third clip focused, Alt+↑ moves it up one, the move is announced and focus stays on it.
    await r.clip(3).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => clipQuotes(ui)).toEqual([a.quote, c.quote, b.quote]);
    expect(await r.status.innerText()).toMatch(/^Moved “.+” to position 2 of 3\.$/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Clip 2 of 3: /);
    await expect.poll(serverOrder).toEqual([a.id, c.id, b.id]);
    // By button: Move up on that clip again takes it to the top; the first clip cannot move up.
    await r
      .clip(2)
      .getByRole('button', { name: /^Move up/ })
      .click();
    await expect.poll(() => clipQuotes(ui)).toEqual([c.quote, a.quote, b.quote]);
    expect(await r.status.innerText()).toMatch(/^Moved “.+” to position 1 of 3\.$/);
    expect(
      await r
        .clip(1)
        .getByRole('button', { name: /^Move up/ })
        .isDisabled(),
    ).toBe(true);
    await expect.poll(serverOrder).toEqual([c.id, a.id, b.id]);

    // Export reel… hands the reel to the clip export in the reel's order.
    await r.exportReel.click();
    await ui.clips.dialog.waitFor();
    await expect.poll(() => ui.clips.dialog.locator('.clips-quote').allInnerTexts()).toEqual([c.quote, a.quote, b.quote].map((q) => `“${q}”`));
    // A redacted reel says first what redaction leaves as it was, and offers to leave the picture out.
    expect(await ui.clips.redactionNote.count()).toBe(0);
    await ui.clips.option('Redact names and personal data').check();
    expect(await ui.clips.redactionNote.innerText()).toMatch(/Faces, on-screen text and the voice in the recordings are unchanged\./);
    expect(await ui.clips.option('Leave the picture out (audio and captions only)').isChecked()).toBe(false);
    await ui.clips.option('Redact names and personal data').uncheck();
    await page.keyboard.press('Escape');
    await ui.clips.dialog.waitFor({ state: 'hidden' });

    // Away and back: the order is what was left.
    await ui.study.openTab('Interviews');
    await ui.study.openTab('Analysis');
    await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Reels' }).click();
    await r.title(REEL).waitFor();
    await expect.poll(() => clipQuotes(ui)).toEqual([c.quote, a.quote, b.quote]);
    // The app loaded again from scratch: still that order.
    await openReels(page);
    await r.title(REEL).waitFor();
    await expect.poll(() => clipQuotes(ui)).toEqual([c.quote, a.quote, b.quote]);

    await shotEverySize(page, 'reels', () => r.title(REEL).waitFor());
    expect(problems).toEqual([]);
  }, 120_000);

  it('reorders by drag, removes a clip, loses one with its highlight (the count says so), renames and deletes the reel', async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1024, height: 700 } });
    const ui = await openReels(page);
    const r = ui.reels;
    await r.title(REEL).waitFor();
    const [a, b, c] = segs as [HighlightView, HighlightView, HighlightView];
    await expect.poll(() => clipQuotes(ui)).toEqual([c.quote, a.quote, b.quote]);

    // Drag the last clip onto the first's place.
    await r.clip(3).dragTo(r.clip(1));
    await expect.poll(() => clipQuotes(ui)).toEqual([b.quote, c.quote, a.quote]);
    await expect.poll(serverOrder).toEqual([b.id, c.id, a.id]);

    // Remove: the clip leaves the reel, its highlight stays in the study.
    await r
      .clip(2)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect.poll(() => clipQuotes(ui)).toEqual([b.quote, a.quote]);
    const highlights = await e2e.harness.core.call('highlights.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId });
    expect(highlights.map((h) => h.id)).toContain(c.id);

    // A highlight deleted elsewhere leaves the reel; the count shows it on the next read.
    await e2e.harness.core.call('highlights.delete', { workspace_id: DEMO_WORKSPACE_ID, id: b.id });
    await ui.study.openTab('Interviews');
    await ui.study.openTab('Analysis');
    await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Reels' }).click();
    await expect.poll(() => r.meta.innerText()).toMatch(/^1 clip · /);
    expect(await r.reel(REEL).getAttribute('aria-label')).toBe(`${REEL}, 1 clip`);

    // Rename: a taken name is refused at the field.
    await r.newReel.click();
    const create = r.dialog('New reel');
    await create.getByRole('textbox', { name: 'Name' }).fill('Second');
    await create.getByRole('button', { name: 'Create reel' }).click();
    await r.title('Second').waitFor();
    await r.rename.click();
    const rename = r.dialog('Rename reel');
    await rename.getByRole('textbox', { name: 'Name' }).fill(REEL.toUpperCase());
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => rename.locator('.field-error').innerText()).toMatch(/already in this study/);
    await rename.getByRole('textbox', { name: 'Name' }).fill('Second, renamed');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await r.title('Second, renamed').waitFor();

    // Delete asks first, and names what goes and what stays.
    await r.deleteReel.click();
    const del = r.dialog('Delete reel');
    expect(await del.innerText()).toMatch(/the highlights themselves stay/);
    await del.getByRole('button', { name: 'Delete reel' }).click();
    await expect.poll(() => r.book.getByRole('listitem').count()).toBe(1);
    await r.title(REEL).waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});
