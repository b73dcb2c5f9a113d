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
    const turn = (prefix: string) => detail.transcript.find((t) => t.text.startsWith(prefix))!;
    const askA = turn('First, Concept A');
    const askB = turn('Next, Concept B');
    const askC = turn('And Concept C');
    const answerC = detail.transcript[askC.index + 1]!;
    const answerB = detail.transcript[askB.index + 1]!;

    // At the start the playhead is on the first question: concept A, its picture loaded, with its caption and question.
    await v.stimulusPanel.waitFor();
    await v.shownStimulus('Concept A: kraft box').waitFor();
    await expect.poll(() => v.imageLoaded('Concept A: kraft box')).toBe(true);
    expect(await v.shownStimuli.count()).toBe(1);
    expect(await v.shownWith.innerText()).toBe('Shown with Q2: Take a look at "Concept A: kraft box". What is your first impression?');
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
    expect(await v.shownWith.innerText()).toMatch(/^Shown with Q4: Take a look at "Concept C: reusable crate"/);

    // Seeking back 10 s with J lands in the answer about concept B: the panel shows B.
    await v.playerReady();
    const from = await v.time();
    expect(from * 1000).toBeGreaterThanOrEqual(answerC.start_ms! - 50);
    await page.keyboard.press('j');
    await expect.poll(v.time).toBeCloseTo(from - 10, 0);
    expect(answerB.start_ms! / 1000).toBeLessThanOrEqual(from - 10);
    await expect.poll(v.activeTurn).toBe(answerB.index);
    await v.shownStimulus('Concept B: compostable pouch').waitFor();
    expect(await v.shownWith.innerText()).toMatch(/^Shown with Q3: /);

    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'viewer-stimuli-dark');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('at the smallest window the panel sits above the turns, and follows the reading position when the transcript is scrolled by hand', async () => {
    const { page, problems, ui } = await openInterview(1024, 700);
    const v = ui.viewer;
    await v.shownStimulus('Concept A: kraft box').waitFor();
    const panel = (await v.stimulusPanel.boundingBox())!;
    const turns = (await v.transcript.boundingBox())!;
    expect(panel.y + panel.height).toBeLessThanOrEqual(turns.y + 1);
    // Nothing of the panel spills out of the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'viewer-stimuli-small');

    // Reading further on, the panel follows the playhead; scrolling the transcript by hand, it follows the reading
    // position instead: back at the top, concept A again.
    const last = detail.transcript.at(-1)!;
    await v.turn(last.index).click();
    await expect.poll(v.activeTurn).toBe(last.index);
    await v.shownStimulus('Concept C: reusable crate').waitFor();
    expect(await v.transcriptScrolls()).toBe(true);
    await v.turn(last.index).hover();
    await page.mouse.wheel(0, -3000);
    await expect.poll(() => v.follow.isChecked()).toBe(false);
    await v.shownStimulus('Concept A: kraft box').waitFor();
    expect(await v.activeTurn()).toBe(last.index);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
