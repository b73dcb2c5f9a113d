import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { timecode } from '../../src/renderer/lib/timecode';
import { browserSkipReason, shotEverySize } from '../support/browser';
import { completeDemoInterviews, demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e viewer highlights ${skip}`);

/** Coding a transcript: a highlight marks its words, its tags sit in the margin, and it is a mark on the timeline. */
describe.skipIf(skip !== null)('highlights in the viewer', () => {
  const e2e = useDemoStudy('Meal-kit churn');
  let row: InterviewRow;
  let detail: InterviewDetail;

  beforeAll(async () => {
    row = (await completeDemoInterviews(e2e.harness, e2e.studyId)).find((r) => r.has_video)!;
    detail = await demoInterview(e2e.harness, row.id);
  }, 120_000);

  async function openViewer(page: Page): Promise<App> {
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await ui.sidebar.study('Meal-kit churn').click();
    await ui.study.tab('Interviews').click();
    await ui.interviews.row(row.participant_name!).click();
    await ui.viewer.ready(row.participant_name!);
    return ui;
  }

  it('marks exactly the selected words, overlapping ones too; tags in the margin; marks on the timeline that seek', async () => {
    // A participant turn with some words, later in the interview so that seeking to it is visible.
    const turn = detail.transcript.filter((t) => t.role !== 'AI' && t.start_ms !== null && t.text.split(' ').length > 5).at(-1)!;
    expect(turn, JSON.stringify(detail.transcript.slice(0, 3))).toBeDefined();
    const words = turn.text.split(' ');
    const firstWords = words.slice(0, 3).join(' ');
    // A highlight from the second word to the fifth, made earlier (here through the core).
    const from = words[0]!.length + 1;
    const to = words.slice(0, 5).join(' ').length;
    await e2e.harness.core.call('highlights.add', {
      workspace_id: DEMO_WORKSPACE_ID,
      project_id: e2e.studyId,
      interview_id: row.id,
      start_turn: turn.index,
      start_offset: from,
      end_turn: turn.index,
      end_offset: to,
      start_ms: turn.start_ms,
      quote: turn.text.slice(from, to),
      note: '',
      new_codes: ['trust'],
    });
    const { page, problems } = await e2e.newPage({ viewport: { width: 1360, height: 840 } });
    const ui = await openViewer(page);
    const v = ui.viewer;
    await v.playerReady();
    await v.turn(turn.index).scrollIntoViewIfNeeded();
    // Exactly those words are marked, not the turn; the turn's text reads as before.
    await expect.poll(() => v.marks(turn.index).allInnerTexts()).toEqual([turn.text.slice(from, to)]);
    expect(await v.turnText(turn.index).innerText()).toBe(turn.text);
    expect(await v.turnTags(turn.index).allInnerTexts()).toEqual(['trust']);

    // Select the first three words, H, code "pricing" (a new code): it overlaps the first, so three runs, the middle under both.
    await app(page).viewer.selectWords(turn.index, 0, firstWords.length);
    await page.keyboard.press('h');
    await v.addHighlight.waitFor();
    await v.codePicker.input.fill('pricing');
    await page.keyboard.press('Enter');
    await v.codePicker.apply.click();
    await expect.poll(() => v.addHighlight.count()).toBe(0);
    await expect.poll(() => v.marks(turn.index).allInnerTexts()).toEqual([words[0] + ' ', words.slice(1, 3).join(' '), ' ' + words.slice(3, 5).join(' ')]);
    expect(await v.turnText(turn.index).innerText()).toBe(turn.text);
    // In reading order of the highlights: "pricing" starts first.
    expect(await v.turnTags(turn.index).allInnerTexts()).toEqual(['pricing', 'trust']);
    const saved = await e2e.harness.core.call('highlights.list', { workspace_id: DEMO_WORKSPACE_ID, interview_id: row.id });
    expect(saved.find((h) => h.codes.some((c) => c.name === 'pricing'))).toMatchObject({ start_offset: 0, end_offset: firstWords.length, quote: firstWords });

    // The timeline has a mark per coding, named by time and codes; one plays from there.
    const at = timecode(turn.start_ms);
    // Both start at the same moment: one mark names both, rather than one hiding the other.
    await v.timelineMark(`2 codings at ${at}: pricing, trust`).waitFor();
    expect(await v.timeline.getByRole('button').count()).toBe(1);
    await v.timelineMark(`2 codings at ${at}: pricing, trust`).click();
    await expect.poll(v.time).toBeCloseTo(turn.start_ms! / 1000, 0);
    await expect.poll(v.activeTurn).toBe(turn.index);

    await shotEverySize(page, 'viewer-highlights');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
