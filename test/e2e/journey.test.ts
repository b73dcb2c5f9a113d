import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { NO_RECORDING_AT_SYNC } from '../../src/main/media/video-store';
import type { Sandbox } from '../../src/sandbox/server';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { browserSkipReason, ROOT, shot, type Harness } from '../support/browser';
import { demoOperator, type DemoOperator } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, openStudyTab, studyFields, takeChatInterview, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e journey ${skip}`);

const STIMULI = join(ROOT, 'resources/sample-media/stimuli');
const AI_TITLE = 'Weeknight cooking journeys';
const EDITED_QUESTION = 'Walk me through the last weeknight dinner you cooked at home, from deciding to eating.';
const STIMULI_TITLE = 'Lunchbox pack concepts';
const PARTICIPANT = { name: 'Journey Participant', email: 'journey@example.com' };
// A word no demo transcript has, so the offline search in the last step can only find this interview.
const MARKER = 'tamarind';

/**
 * Issue 4's "Done when", as a new user meets it: one fresh profile, one page, every step through the real
 * renderer and the real core, with what the service holds checked along the way. The steps depend on each
 * other (the study drafted in 2 is interviewed in 4, synced in 5, searched offline in 7), so they share state.
 */
describe.skipIf(skip !== null)('a new researcher’s first session, end to end', { timeout: 120_000 }, () => {
  // Step 6's report is ready 1.5 s after it starts; main checks it every 300 ms (not the spec's 10 s), so the
  // step waits on the report's state rather than on the poll interval.
  const e2e = useHarness({ harness: { reportPollMs: 300 } });
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;
  let op: DemoOperator;
  let aiStudyId = '';
  let aiCallUrl = '';

  const dispatch = async <T>(ch: string, input: unknown): Promise<T> => {
    const r = await harness.core.dispatch(ch, input);
    if (!r.ok) throw new Error(`${ch}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
  const cache = async () => (await harness.core.runtimes.get(DEMO_WORKSPACE_ID)).cache;
  const serviceProject = async (title: string) =>
    (
      await op.call<{
        items: { id: string; title: string; type: string; status: string; recruiting: { has_launched: boolean; target_participants: number | null } }[];
      }>('GET', '/v1/projects')
    ).body.items.find((p) => p.title === title);
  /** The guide's questions as the demo's service stores them (its API lists projects without their questions). */
  const serviceQuestions = (projectId: string) => {
    const sandbox = (harness.core.demo as unknown as { sandbox: Sandbox | null }).sandbox!;
    const row = sandbox.context.db.prepare('SELECT questions_json FROM projects WHERE id = ?').get(projectId) as { questions_json: string };
    return (JSON.parse(row.questions_json) as { question: string }[]).map((q) => q.question);
  };
  const churnId = () => harness.core.demo.seededProjects().find((p) => p.title === 'Meal-kit churn')!.id;

  beforeAll(async () => {
    harness = e2e.harness;
    ({ page, problems } = await e2e.newPage({ viewport: { width: 1280, height: 860 } }));
    ui = app(page);
  });

  it('1. first run → Try the demo → the studies list shows the 3 demo studies', async () => {
    await page.goto(harness.host.url);
    await ui.firstRun.welcome.waitFor({ timeout: 30_000 });
    await ui.firstRun.tryDemo.click();
    await ui.studies.ready();
    await expect
      .poll(() => ui.studies.titles.allInnerTexts())
      .toEqual(expect.arrayContaining(['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']));
    expect(await ui.studies.titles.count()).toBe(3);
    expect(await ui.studies.row('Meal-kit churn').innerText()).toMatch(/In progress/);
    expect(await ui.studies.row('Onboarding interviews').innerText()).toMatch(/Not launched/);
    op = await demoOperator(harness);
    expect((await op.call<{ items: unknown[] }>('GET', '/v1/projects')).body.items).toHaveLength(3);
    await shot(page, 'journey-1-demo-studies');
    expect(problems).toEqual([]);
  });

  it('2. drafts a study with AI, edits a question, creates it, and launches it to a named target', async () => {
    const ns = ui.newStudy;
    await ns.open();
    expect(await ns.choice(/Draft with AI/).isChecked()).toBe(true);
    await ns.choice(/User interview/).check();
    await ns.objective.fill('Understand how busy households decide what to cook on weeknights');
    await ns.draft.click();
    await ns.drafted.waitFor({ timeout: 20_000 });
    const drafted = await ns.questionTexts();
    expect(drafted.length).toBeGreaterThan(1);
    expect(drafted.every((q) => q.trim() !== '')).toBe(true);

    await ns.title.fill(AI_TITLE);
    await ns.question(1).fill(EDITED_QUESTION);
    await shot(page, 'journey-2-ai-draft-edited');
    await ns.create.click();
    await ui.study.heading(AI_TITLE).waitFor({ timeout: 20_000 });
    const guideQuestions = ui.guide.questions;
    await expect.poll(() => guideQuestions.count()).toBe(drafted.length);
    expect(await guideQuestions.first().innerText()).toContain(EDITED_QUESTION);
    const created = (await serviceProject(AI_TITLE))!;
    expect(created).toMatchObject({ type: 'USER_INTERVIEW', recruiting: { has_launched: false } });
    expect(serviceQuestions(created.id)).toEqual([EDITED_QUESTION, ...drafted.slice(1)]);
    aiStudyId = created.id;

    await ui.study.launchButton.click();
    const launch = ui.launchDialog(AI_TITLE);
    await launch.dialog.waitFor();
    await launch.target.fill('4');
    await expect.poll(() => launch.consequence.textContent()).toMatch(/^Launch to 4 participants\. .*A project launches only once\.$/);
    await shot(page, 'journey-2-launch-confirm');
    await launch.launchTo(4).click();
    const done = ui.launched;
    await done.dialog.waitFor({ timeout: 20_000 });
    expect(await done.outcome.innerText()).toBe('Launched to 4 participants.');
    aiCallUrl = (await done.callUrl.textContent()) ?? '';
    expect(aiCallUrl).toMatch(new RegExp(`^${op.baseUrl}/call/[^/]+/[^/]+/${aiStudyId}$`));
    expect(await done.qr.isVisible()).toBe(true);
    await shot(page, 'journey-2-launched');
    await done.done.click();
    await expect.poll(() => ui.study.launchButton.count()).toBe(0);
    expect(await ui.study.head.innerText()).toMatch(/In progress/);
    expect(await serviceProject(AI_TITLE)).toMatchObject({ recruiting: { has_launched: true, target_participants: 4 } });
    expect(problems).toEqual([]);
  });

  it('3. runs a stimuli study through the guided setup: real images uploaded, assigned, launched', async () => {
    await ui.newStudy.open();
    await ui.newStudy.choice(/Stimuli study/).check();
    const form = studyFields(ui.newStudy.stimuliForm);
    await form.title.fill(STIMULI_TITLE);
    await form.objective.fill('Find out which lunchbox pack design parents prefer');
    await ui.newStudy.createStimuli.click();
    await ui.study.heading(STIMULI_TITLE).waitFor({ timeout: 20_000 });
    const wizard = ui.wizard;
    await expect.poll(() => wizard.currentStep.innerText()).toMatch(/Add media/);
    const projectId = (await serviceProject(STIMULI_TITLE))!.id;
    const onService = async () => (await (await harness.core.workspaces.client(DEMO_WORKSPACE_ID)).listStimuli(projectId)).items;

    await wizard.files.setInputFiles([join(STIMULI, 'concept-a-kraft-box.png'), join(STIMULI, 'concept-b-compostable-pouch.jpg')]);
    await wizard.caption('concept-a-kraft-box.png').fill('Kraft box');
    await wizard.caption('concept-b-compostable-pouch.jpg').fill('Compostable pouch');
    await wizard.upload(2).click();
    const thumbs = wizard.uploaded;
    await expect.poll(() => thumbs.count(), { timeout: 30_000 }).toBe(2);
    expect((await onService()).map((s) => s.caption)).toEqual(['Kraft box', 'Compostable pouch']);
    await shot(page, 'journey-3-stimuli-uploaded');

    await wizard.continueToQuestions.click();
    await wizard.draftWithAi.click();
    await studyFields(page).question(1).waitFor({ timeout: 20_000 });
    await wizard.saveQuestions.click();
    await wizard.assign.waitFor({ timeout: 20_000 });
    // Each image gets the questions that name it, suggested from its caption; the researcher keeps them.
    for (const caption of ['Kraft box', 'Compostable pouch']) {
      expect(await wizard.assignCard(caption).ticked.count()).toBeGreaterThan(0);
    }
    await shot(page, 'journey-3-stimuli-assign');
    await wizard.saveAssignments.click();
    await wizard.ready.waitFor({ timeout: 20_000 });
    const assigned = await onService();
    expect(assigned).toHaveLength(2);
    for (const s of assigned) expect(s.question_items.length).toBeGreaterThan(0);

    await wizard.goToLaunch.click();
    await expect.poll(() => ui.study.selectedTab('Share').isVisible()).toBe(true);
    await ui.share.launch.click();
    const launch = ui.launchDialog(STIMULI_TITLE);
    await launch.target.fill('3');
    await launch.launchTo(3).click();
    const done = ui.launched;
    await done.dialog.waitFor({ timeout: 20_000 });
    expect(await done.callUrl.textContent()).toMatch(new RegExp(`/${projectId}$`));
    await shot(page, 'journey-3-stimuli-launched');
    await done.done.click();
    await ui.share.callUrl.waitFor();
    expect(await serviceProject(STIMULI_TITLE)).toMatchObject({ type: 'STIMULI', recruiting: { has_launched: true, target_participants: 3 } });
    expect(problems).toEqual([]);
  });

  it('4. a participant completes a chat interview at the drafted study’s link', async () => {
    const { page: participant, problems: participantProblems } = await e2e.newPage({ viewport: { width: 900, height: 800 } });
    const asked = await takeChatInterview(participant, aiCallUrl, PARTICIPANT, (n) =>
      n === 0
        ? `On Tuesday I made a ${MARKER} curry because the recipe card was quick.`
        : `Answer ${n + 1}: mostly it comes down to time and what is already in the fridge.`,
    );
    // The question the researcher rewrote is the one the interviewer asked.
    expect(asked).toContain(EDITED_QUESTION);
    await shot(participant, 'journey-4-chat-done');
    expect(participantProblems).toEqual([]);
    await participant.close();
    const list = await op.call<{ items: { status: string; participant: { name: string } }[] }>('GET', `/v1/projects/${aiStudyId}/interviews`);
    expect(list.body.items).toEqual([expect.objectContaining({ status: 'COMPLETE', participant: expect.objectContaining({ name: PARTICIPANT.name }) })]);
  });

  it('5. Sync now brings the interview in as Complete; a Meal-kit churn interview plays with the transcript following', async () => {
    await openStudyTab(page, AI_TITLE, 'Interviews');
    await ui.header.syncNow.click();
    const row = ui.interviews.row(PARTICIPANT.name);
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await row.innerText()).toMatch(/Complete/);
    expect(await row.innerText()).toContain(PARTICIPANT.email);
    await shot(page, 'journey-5-synced-interview');

    // Watch a demo interview with video: the transcript's current turn moves on as the video plays.
    const rows = (
      await dispatch<{ items: InterviewRow[] }>('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: churnId(), status: 'COMPLETE' })
    ).items.filter((r) => r.has_video);
    const watch = rows[0]!;
    await openStudyTab(page, 'Meal-kit churn', 'Interviews');
    await ui.interviews.row(watch.participant_name!).click();
    const v = ui.viewer;
    await v.ready(watch.participant_name!);
    await v.play.click();
    await expect.poll(v.time, { timeout: 15_000 }).toBeGreaterThan(1);
    const first = await v.activeTurn();
    await expect.poll(v.activeTurn, { timeout: 20_000 }).toBeGreaterThan(Math.max(first, 0));
    await shot(page, 'journey-5-viewer-playing');
    await page.keyboard.press('k');
    expect(problems).toEqual([]);
  });

  it('6. regenerates the Meal-kit churn report, then jumps from a quote to the moment it was said', async () => {
    const c = await cache();
    const before = (await c.call('reports.get', { projectId: churnId() }))!;
    expect((await op.call('PUT', '/_sandbox/organisations/me', { report_duration_ms: 1_500 })).status).toBe(200);
    const report = ui.report;
    await openStudyTab(page, 'Meal-kit churn', 'Report');
    await report.heading.waitFor();
    await report.regenerateConfirmed();
    await report.progress.waitFor();
    await ui.toasts.item('Report ready — Meal-kit churn').waitFor({ timeout: 40_000 });
    const after = (await c.call('reports.get', { projectId: churnId() }))!;
    expect(after.status).toBe('COMPLETED');
    expect(after.report_id).not.toBe(before.report_id);
    const themeRows = report.themeRows;
    await expect.poll(() => themeRows.count()).toBe(after.themes.length);

    // The top theme's first quote that the saved transcripts can place.
    const top = [...after.themes].sort((a, b) => b.frequency - a.frequency)[0]!;
    let where: { interview_id: string; turn_index: number; start_ms: number | null } | null = null;
    let quoteIndex = -1;
    for (const [i, q] of top.quotes.entries()) {
      where = await c.call('search.locateQuote', { projectId: churnId(), quote: q });
      if (where) {
        quoteIndex = i;
        break;
      }
    }
    expect(where).not.toBeNull();
    const first = themeRows.first();
    await first.click();
    const detail = await report.themeDetail(first);
    // Beyond the first three quotes, the rest are a "Show all" away.
    if (quoteIndex >= 3) await report.showAll(detail).click();
    const jump = report.jump(report.quotes(detail).nth(quoteIndex));
    await jump.waitFor();
    await shot(page, 'journey-6-report');
    await jump.click();

    const interview = await dispatch<InterviewDetail>('interviews.get', { workspace_id: DEMO_WORKSPACE_ID, interview_id: where!.interview_id });
    const v = ui.viewer;
    await v.ready(interview.participant_name!);
    // Opened at the quote: the turn it was taken from is the current one, and the video is cued there.
    await expect.poll(v.activeTurn).toBe(where!.turn_index);
    if (interview.has_video) {
      await expect.poll(v.duration, { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(v.time, { timeout: 15_000 }).toBeGreaterThan(where!.start_ms! / 1000 - 1);
      expect(Math.abs((await v.time()) - where!.start_ms! / 1000)).toBeLessThan(2);
    }
    await shot(page, 'journey-6-quote-moment');
    expect(problems).toEqual([]);
  });

  it('8. sets the embed allow-list and copies an embed snippet', async () => {
    const share = ui.share;
    await openStudyTab(page, 'Meal-kit churn', 'Share');
    await share.allowListHeading.waitFor({ timeout: 20_000 });
    await expect.poll(share.websiteValues).toEqual(['https://www.northwindmeals.example', 'https://help.northwindmeals.example']);
    await share.addWebsite.click();
    await share.website(3).fill('https://Research.Example.com/panel');
    await expect.poll(() => share.websiteMessage(3).innerText()).toMatch(/Saved as\s*https:\/\/research\.example\.com$/);
    await share.save.click();
    await share.saved.waitFor({ timeout: 20_000 });
    const expected = ['https://www.northwindmeals.example', 'https://help.northwindmeals.example', 'https://research.example.com'];
    expect((await op.call<{ allowed_urls: string[] }>('GET', `/v1/projects/${churnId()}/embed/allow-list`)).body.allowed_urls).toEqual(expected);

    const snippets = (await op.call<{ snippets: { widget_inline: string } }>('GET', `/v1/projects/${churnId()}/embed`)).body.snippets;
    const copy = share.copy('Widget, inline snippet');
    await copy.scrollIntoViewIfNeeded();
    await copy.click();
    await expect.poll(() => harness.desktop.clipboard).toBe(snippets.widget_inline);
    await shot(page, 'journey-8-embed-copied');
    expect(problems).toEqual([]);
  });

  it('7. searches offline: with the service stopped, Ctrl+K finds the new interview and Enter opens it at that moment', async () => {
    // Stopped for good, as viewer.test.ts does: the core would restart the demo's service when the demo
    // workspace is next used, so its address is pinned to the dead one and every request is refused.
    const dead = harness.core.demo.baseUrl!;
    await harness.core.demo.close();
    Object.defineProperty(harness.core.demo, 'baseUrl', { get: () => dead, configurable: true });
    await expect(fetch(`${dead}/v1/projects`)).rejects.toThrow();

    const hits = (await (await cache()).call('search.query', { query: MARKER, limit: 20 })).filter((h) => h.kind === 'turn');
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    const ours = await dispatch<InterviewDetail>('interviews.get', { workspace_id: DEMO_WORKSPACE_ID, interview_id: hit.interview_id! });
    expect(ours.participant_name).toBe(PARTICIPANT.name);
    const turn = ours.transcript.find((t) => t.text.includes(MARKER))!;

    const p = ui.palette;
    await page.keyboard.press('Control+K');
    await p.dialog.waitFor();
    await p.input.fill(MARKER);
    await p.settle();
    expect(await p.options.count()).toBe(1);
    expect(await p.options.first().locator('mark').allInnerTexts()).toEqual([MARKER]);
    expect((await p.metas())[0]).toContain(AI_TITLE);
    await shot(page, 'journey-7-search-offline');
    await page.keyboard.press('Enter');
    await expect.poll(() => p.dialog.count()).toBe(0);
    const v = ui.viewer;
    await v.ready(PARTICIPANT.name);
    await expect.poll(v.activeTurn).toBe(turn.index);
    expect(await v.turn(turn.index).innerText()).toContain(MARKER);
    // The service links a recording for every completed interview (the sandbox's generic one for a chat interview).
    // It was not saved for offline, so the viewer says so, not that the interview had none; the transcript reads on.
    expect(ours.has_video).toBe(true);
    await ui.messages.alert(/wasn't downloaded|isn't saved on this computer/).waitFor({ timeout: 20_000 });
    expect(await page.getByText(NO_RECORDING_AT_SYNC).count()).toBe(0);
    await shot(page, 'journey-7-opened-offline');
    // Nothing above reached the service: it is still down.
    await expect(fetch(`${dead}/v1/projects`)).rejects.toThrow();
    // The cached link is still valid, so the player tries it; the media route cannot reach the video's host
    // and each try fails as a media error (logged by video.js) until the viewer gives up with the alert above.
    expect(problems.filter((m) => !/Failed to load resource|MEDIA_ERR/.test(m))).toEqual([]);
  });
});
