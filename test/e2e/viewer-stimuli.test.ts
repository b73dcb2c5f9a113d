import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { demoProjectId, startDemo } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e viewer-stimuli ${skip}`);

/**
 * A STIMULI study in the viewer: the demo's packaging concepts, whose interviewer words each guide question its
 * own way ("First, Concept A, the kraft box…" for `Take a look at "Concept A: kraft box"…`). The panel beside the
 * transcript shows the concept the participant had on screen at the playhead, and follows seeks and clicks.
 */
describe.skipIf(skip !== null)('viewer: the stimulus on screen in a STIMULI study', () => {
  const e2e = useHarness();
  let harness: Harness;
  let participant: string;
  let detail: InterviewDetail;

  beforeAll(async () => {
    harness = e2e.harness;
    await startDemo(harness);
    const dispatch = async <T>(channel: string, input: unknown): Promise<T> => {
      const r = await harness.core.dispatch(channel, input);
      if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
      return r.value as T;
    };
    await dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    const projectId = demoProjectId(harness, 'Packaging concepts');
    const rows = (await dispatch<{ items: InterviewRow[] }>('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: projectId, status: 'COMPLETE' }))
      .items;
    const all = (await dispatch<{ items: InterviewRow[] }>('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: projectId })).items;
    // A complete interview with a recording whose participant's name is in one row only, so the row is this one.
    const row = rows.find((r) => r.has_video && all.filter((x) => x.participant_name === r.participant_name).length === 1)!;
    participant = row.participant_name!;
    detail = (await dispatch<InterviewDetail>('interviews.get', { workspace_id: DEMO_WORKSPACE_ID, interview_id: row.id }))!;
  }, 120_000);

  /** A page at this size with the chosen packaging interview open in the viewer. */
  async function openInterview(width: number, height: number) {
    const opened = await e2e.newPage({ viewport: { width, height }, colorScheme: 'light' });
    const ui = app(opened.page);
    await opened.page.goto(harness.host.url);
    await ui.studies.ready();
    await ui.sidebar.openStudy('Packaging concepts');
    await ui.study.openTab('Interviews');
    await ui.interviews.row(participant).click();
    await ui.viewer.ready(participant);
    return { ...opened, ui };
  }

  it('shows the concept beside the turns of the question it goes with, and the one on screen after a click or a seek', async () => {
    const { page, problems, ui } = await openInterview(1440, 900);
    const v = ui.viewer;
    // The interviewer's turn that first names each concept asks its question (later ones compare them all).
    const ask = (caption: string) => detail.transcript.find((t) => t.role === 'AI' && t.text.includes(caption))!;
    const askA = ask('Concept A: kraft box');
    const askB = ask('Concept B: compostable pouch');
    const askC = ask('Concept C: reusable crate');
    expect(askA.index).toBeLessThan(askB.index);
    expect(askB.index).toBeLessThan(askC.index);
    const answerA = detail.transcript[askA.index + 1]!;
    const answerC = detail.transcript[askC.index + 1]!;

    // Reading concept A's answer: concept A, its picture loaded, with its caption and the question it was shown with.
    await v.stimulusPanel.waitFor();
    await v.turn(answerA.index).click();
    await expect.poll(v.activeTurn).toBe(answerA.index);
    await v.shownStimulus('Concept A: kraft box').waitFor();
    await expect.poll(() => v.imageLoaded('Concept A: kraft box')).toBe(true);
    expect(await v.shownStimuli.count()).toBe(1);
    expect(await v.shownWith.innerText()).toMatch(/^Shown with Q\d+: /);
    expect(await v.shownWith.innerText()).toContain(askA.text);
    // The turn where each concept comes on screen says so.
    expect(await v.turnStimulus(askA.index).innerText()).toBe('On screen from here: Concept A: kraft box');
    expect(await v.turnStimulus(askB.index).innerText()).toBe('On screen from here: Concept B: compostable pouch');
    expect(await v.turnStimulus(askA.index + 1).count()).toBe(0);
    await shot(page, 'viewer-stimuli-light');

    // Clicking a turn of another question shows that question's concept.
    await v.turn(answerC.index).click();
    await expect.poll(v.activeTurn).toBe(answerC.index);
    await v.shownStimulus('Concept C: reusable crate').waitFor();
    expect(await v.shownStimuli.allInnerTexts()).toEqual(['Concept C: reusable crate']);
    expect(await v.shownWith.innerText()).toContain(askC.text);

    // Seeking back 10 s with J lands on an earlier turn: the panel shows the concept of the question that turn falls under.
    await v.playerReady();
    const from = await v.time();
    expect(from * 1000).toBeGreaterThanOrEqual(answerC.start_ms! - 50);
    await page.keyboard.press('j');
    const to = Math.max(0, from - 10);
    await expect.poll(v.time).toBeCloseTo(to, 0);
    const landed = detail.transcript.filter((t) => t.start_ms !== null && t.start_ms <= to * 1000 + 50).at(-1)!;
    await expect.poll(v.activeTurn).toBe(landed.index);
    const expected =
      landed.index >= askC.index
        ? 'Concept C: reusable crate'
        : landed.index >= askB.index
          ? 'Concept B: compostable pouch'
          : landed.index >= askA.index
            ? 'Concept A: kraft box'
            : null;
    if (expected) await v.shownStimulus(expected).waitFor();
    else await v.nothingShown.waitFor();

    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'viewer-stimuli-dark');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('at the smallest window the panel sits above the turns, and follows the reading position when the transcript is scrolled by hand', async () => {
    const { page, problems, ui } = await openInterview(1024, 700);
    const v = ui.viewer;
    await v.stimulusPanel.waitFor();
    const panel = (await v.stimulusPanel.boundingBox())!;
    const turns = (await v.transcript.boundingBox())!;
    expect(panel.y + panel.height).toBeLessThanOrEqual(turns.y + 1);
    // Nothing of the panel spills out of the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'viewer-stimuli-small');

    // Reading further on, the panel follows the playhead; scrolling the transcript by hand, it follows the reading
    // position instead: back at the top, before the first concept, nothing is on screen yet.
    const askC = detail.transcript.find((t) => t.role === 'AI' && t.text.includes('Concept C: reusable crate'))!;
    const answerC = detail.transcript[askC.index + 1]!;
    await v.turn(answerC.index).click();
    await expect.poll(v.activeTurn).toBe(answerC.index);
    await v.shownStimulus('Concept C: reusable crate').waitFor();
    expect(await v.transcriptScrolls()).toBe(true);
    await v.turn(answerC.index).hover();
    await page.mouse.wheel(0, -3000);
    await expect.poll(() => v.follow.isChecked()).toBe(false);
    await v.nothingShown.waitFor();
    expect(await v.shownStimulus('Concept C: reusable crate').count()).toBe(0);
    expect(await v.activeTurn()).toBe(answerC.index);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
