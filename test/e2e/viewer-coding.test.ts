import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { shortQuote } from '../../src/renderer/features/highlights/coding-text';
import { timecode } from '../../src/renderer/lib/timecode';
import { browserSkipReason, shotEverySize } from '../support/browser';
import { completeDemoInterviews, demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e viewer coding ${skip}`);

/**
 * Coding a transcript as a MAXQDA or NVivo user would: select words, code them with the picker from the
 * keyboard (type-ahead, a number for a most-used code), see the coding in the margin and on the progress bar,
 * recode, move and remove it, and see who coded it and when.
 */
describe.skipIf(skip !== null)('coding in the viewer', () => {
  const e2e = useDemoStudy('Meal-kit churn');
  let row: InterviewRow;
  let detail: InterviewDetail;
  const WS = DEMO_WORKSPACE_ID;
  const cache = async () => (await e2e.harness.core.runtimes.get(WS)).cache;

  beforeAll(async () => {
    const withVideo = (await completeDemoInterviews(e2e.harness, e2e.studyId)).filter((r) => r.has_video);
    row = withVideo[0]!;
    detail = await demoInterview(e2e.harness, row.id);
    // A codebook in use elsewhere in the study: Price most used (1), then Delivery (2), then Trust (3, with the AI report's below).
    const other = await demoInterview(e2e.harness, withVideo[1]!.id);
    const t = other.transcript.find((x) => x.role === 'User' && x.text.length > 12)!;
    for (const tags of [['Price'], ['Price', 'Delivery'], ['Price', 'Delivery'], ['Price', 'Delivery', 'Trust']])
      await e2e.harness.core.call('highlights.add', {
        workspace_id: WS,
        project_id: e2e.studyId,
        interview_id: other.id,
        start_turn: t.index,
        start_offset: 0,
        end_turn: t.index,
        end_offset: 10,
        start_ms: t.start_ms,
        quote: t.text.slice(0, 10),
        note: '',
        new_codes: tags,
      });
  }, 120_000);

  const stored = async () => e2e.harness.core.call('highlights.list', { workspace_id: WS, interview_id: row.id });
  const colors = async () =>
    new Map((await e2e.harness.core.call('codes.list', { workspace_id: WS, project_id: e2e.studyId })).map((c) => [c.name, c.color.toLowerCase()]));

  it('codes words with the keyboard picker, shows them in the margin and on the progress bar, recodes, moves and removes them, with coder and time', async () => {
    // A participant turn long enough to code words in it and move the coding within it, and an earlier one the AI report coded.
    const turns = detail.transcript.filter((t) => t.role === 'User' && t.start_ms !== null && t.text.split(' ').length > 10);
    const turn = turns.at(-1)!;
    const aiTurn = turns[0]!;
    expect(aiTurn.index).not.toBe(turn.index);
    await (
      await cache()
    ).call('highlights.add', {
      highlight: {
        project_id: e2e.studyId,
        interview_id: row.id,
        start_turn: aiTurn.index,
        start_offset: 0,
        // Into the next turn: its bar runs down the margin beside both.
        end_turn: aiTurn.index + 1,
        end_offset: 5,
        start_ms: aiTurn.start_ms,
        quote: `${aiTurn.text}\n${detail.transcript[aiTurn.index + 1]!.text.slice(0, 5)}`,
        note: '',
        new_codes: ['Trust'],
        coder: 'AI report',
      },
      now: new Date().toISOString(),
    });
    const words = turn.text.split(' ');
    const firstWords = words.slice(0, 4).join(' ');

    const { page, problems } = await e2e.newPage({ viewport: { width: 1360, height: 840 } });
    const ui: App = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();

    // Your name as coder, in Settings: the outcome is said beside the field.
    await ui.settings.open();
    await ui.settings.coding.name.fill('Dana Reyes');
    await ui.settings.coding.save.click();
    await expect.poll(() => ui.settings.coding.status.innerText()).toBe('Saved. Your codings now show as coded by Dana Reyes.');
    expect((await e2e.harness.core.call('settings.get', undefined)).researcher_name).toBe('Dana Reyes');

    await ui.sidebar.study('Meal-kit churn').click();
    await ui.study.tab('Interviews').click();
    await ui.interviews.row(row.participant_name!).click();
    const v = ui.viewer;
    await v.ready(row.participant_name!);
    await v.playerReady();
    await v.turn(turn.index).scrollIntoViewIfNeeded();

    // Select words; C opens the picker on them. Escape cancels and gives focus back to the turn.
    await v.turn(turn.index).focus();
    await ui.viewer.selectWords(turn.index, 0, firstWords.length);
    await page.keyboard.press('c');
    const picker = v.codePicker;
    await picker.root.waitFor();
    await expect.poll(() => picker.input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.root.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-turn'))).toBe(String(turn.index));
    expect(await stored()).toHaveLength(1);

    // Again: the nine most used codes are numbered; type-ahead "deli" + Enter adds Delivery, 1 adds Price, Enter applies.
    await ui.viewer.selectWords(turn.index, 0, firstWords.length);
    await page.keyboard.press('c');
    await picker.root.waitFor();
    await expect
      .poll(() => picker.options.allInnerTexts())
      .toEqual([expect.stringMatching(/^1\s*Price\s*4/), expect.stringMatching(/^2\s*Delivery\s*3/), expect.stringMatching(/^3\s*Trust\s*2/)]);
    await page.keyboard.type('deli');
    // The match first (Enter takes it), and a new code of that name last.
    await expect.poll(() => picker.options.allInnerTexts()).toEqual([expect.stringMatching(/Delivery/), expect.stringMatching(/Create code “deli”/)]);
    await page.keyboard.press('Enter');
    await page.keyboard.press('1');
    await expect.poll(() => picker.chosen.allInnerTexts()).toEqual([expect.stringMatching(/^Delivery/), expect.stringMatching(/^Price/)]);
    await shotBoth(page, 'viewer-coding-picker');
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.root.count()).toBe(0);
    const [coding] = (await stored()).filter((h) => h.coder === null);
    expect(coding).toMatchObject({
      codes: [{ name: 'Delivery' }, { name: 'Price' }],
      start_turn: turn.index,
      start_offset: 0,
      end_offset: firstWords.length,
      quote: firstWords,
      coder: null,
    });

    // The margin: a bar per code in the code's colour beside the turn, each named with its words and coder.
    const palette = await colors();
    const q = shortQuote(firstWords);
    await v.marginCoding(`Delivery: '${q}' by Dana Reyes`).waitFor();
    await v.marginCoding(`Price: '${q}' by Dana Reyes`).waitFor();
    expect((await v.marginBars(turn.index)).sort()).toEqual([palette.get('Delivery'), palette.get('Price')].sort());
    expect(await v.turnTags(turn.index).allInnerTexts()).toEqual(['Delivery', 'Price']);
    // The AI report's coding is there too, named as theirs.
    await v.turn(aiTurn.index).scrollIntoViewIfNeeded();
    expect(await v.turnTags(aiTurn.index).allInnerTexts()).toEqual(['Trust · AI report']);
    expect(await v.marginBars(aiTurn.index)).toEqual([palette.get('Trust')]);
    expect(await v.marginBars(aiTurn.index + 1)).toEqual([palette.get('Trust')]);
    expect(await v.turnTags(aiTurn.index + 1).count()).toBe(0);
    await v.turn(turn.index).scrollIntoViewIfNeeded();

    // The progress bar: a mark coloured by its codes, named by time and codes.
    const mark = v.timelineMark(`Coding at ${timecode(turn.start_ms)}: Delivery, Price`);
    await mark.waitFor();
    const fill = await mark.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--mark-fill'));
    expect(fill).toContain(palette.get('Delivery'));
    expect(fill).toContain(palette.get('Price'));

    // Choosing the coding in the margin shows who coded it and when.
    await v.marginCoding(`Price: '${q}' by Dana Reyes`).click();
    const sel = v.selectedCoding;
    await sel.waitFor();
    expect(await sel.getByText(/^Coded by Dana Reyes · /).innerText()).toMatch(/\d{1,2}:\d{2}/);
    await shotBoth(page, 'viewer-coding', () => v.turn(turn.index).scrollIntoViewIfNeeded());

    // Recode: the picker has its codes; Backspace takes Price off, type-ahead adds Trust, Enter applies.
    await sel.getByRole('button', { name: 'Recode…' }).click();
    await page.getByRole('dialog', { name: 'Recode' }).waitFor();
    await expect.poll(() => picker.chosen.allInnerTexts()).toEqual([expect.stringMatching(/^Delivery/), expect.stringMatching(/^Price/)]);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('tru');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.root.count()).toBe(0);
    await expect.poll(async () => (await stored()).find((h) => h.id === coding!.id)?.codes.map((c) => c.name)).toEqual(['Delivery', 'Trust']);
    await v.marginCoding(`Trust: '${q}' by Dana Reyes`).waitFor();
    expect(await v.turnTags(turn.index).allInnerTexts()).toEqual(['Delivery', 'Trust']);

    // Move (and resize): select other words, then "Move coding here" on the chosen coding.
    const from = words.slice(0, 5).join(' ').length + 1;
    const to = words.slice(0, 9).join(' ').length;
    await ui.viewer.selectWords(turn.index, from, to);
    await sel.getByRole('button', { name: 'Move coding here' }).click();
    await expect.poll(() => sel.getByRole('status').innerText()).toBe('Moved to the selected words.');
    expect((await stored()).find((h) => h.id === coding!.id)).toMatchObject({ start_offset: from, end_offset: to, quote: turn.text.slice(from, to) });
    await expect.poll(() => v.marks(turn.index).allInnerTexts()).toEqual([turn.text.slice(from, to)]);

    // The interview's highlights can be filtered by coder.
    await v.tab('Highlights').click();
    const byCoder = page.getByRole('group', { name: 'Filter codings by coder' });
    await byCoder.getByRole('button', { name: /^AI report/ }).click();
    await expect.poll(() => v.highlights.root.count()).toBe(1);
    await byCoder.getByRole('button', { name: /^Dana Reyes/ }).click();
    await expect.poll(() => v.highlights.root.count()).toBe(1);
    expect(await v.highlights.root.getByText(/^Coded by Dana Reyes · /).count()).toBe(1);

    // Remove: asked first, then gone from the margin, the progress bar and the saved data.
    await sel.getByRole('button', { name: 'Remove…' }).click();
    await sel.getByRole('button', { name: 'Remove coding' }).click();
    await expect.poll(() => sel.count()).toBe(0);
    expect((await stored()).map((h) => h.coder)).toEqual(['AI report']);
    await expect.poll(() => v.turnTags(turn.index).count()).toBe(0);
    await expect.poll(() => v.timelineMark(/Delivery/).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});

async function shotBoth(page: Page, name: string, before?: () => Promise<void>) {
  const size = page.viewportSize()!;
  await shotEverySize(page, name, before);
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}
