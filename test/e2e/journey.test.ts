import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { NO_RECORDING_AT_SYNC } from '../../src/main/media/video-store';
import type { Sandbox } from '../../src/sandbox/server';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { browserSkipReason, launchBrowser, ROOT, shot, startHarness, watchPage, type Harness } from '../support/browser';
import { demoOperator, type DemoOperator } from '../support/demo-operator';
import { interviewRow, openStudyTab, palette, takeChatInterview, viewer } from '../support/pages';

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
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  let problems: string[];
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
    [harness, browser] = await Promise.all([startHarness(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    ({ problems } = watchPage(page));
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it('1. first run → Try the demo → the studies list shows the 3 demo studies', async () => {
    await page.goto(harness.host.url);
    await page.getByRole('heading', { name: 'Welcome to Fieldwork' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Try the demo' }).click();
    const table = page.getByRole('table', { name: 'Studies' });
    await table.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => table.getByRole('rowheader').allInnerTexts())
      .toEqual(expect.arrayContaining(['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']));
    expect(await table.getByRole('rowheader').count()).toBe(3);
    expect(await table.getByRole('row', { name: /Meal-kit churn/ }).innerText()).toMatch(/In progress/);
    expect(await table.getByRole('row', { name: /Onboarding interviews/ }).innerText()).toMatch(/Not launched/);
    op = await demoOperator(harness);
    expect((await op.call<{ items: unknown[] }>('GET', '/v1/projects')).body.items).toHaveLength(3);
    await shot(page, 'journey-1-demo-studies');
    expect(problems).toEqual([]);
  });

  it('2. drafts a study with AI, edits a question, creates it, and launches it to a named target', async () => {
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /New study/ })
      .click();
    await page.getByRole('heading', { name: 'New study', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: /Draft with AI/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /User interview/ }).check();
    await page.getByLabel('Research objective').fill('Understand how busy households decide what to cook on weeknights');
    await page.getByRole('button', { name: 'Draft questions' }).click();
    await page.getByText('Drafted from your objective').waitFor({ timeout: 20_000 });
    const questions = page.getByRole('textbox', { name: /^Question \d+$/ });
    const drafted = await questions.evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
    expect(drafted.length).toBeGreaterThan(1);
    expect(drafted.every((q) => q.trim() !== '')).toBe(true);

    await page.getByLabel('Title', { exact: true }).fill(AI_TITLE);
    await page.getByRole('textbox', { name: 'Question 1', exact: true }).fill(EDITED_QUESTION);
    await shot(page, 'journey-2-ai-draft-edited');
    await page.getByRole('button', { name: 'Create study' }).click();
    await page.getByRole('heading', { name: AI_TITLE, level: 1 }).waitFor({ timeout: 20_000 });
    const guideQuestions = page.getByRole('region', { name: /Questions/ }).getByRole('listitem');
    await expect.poll(() => guideQuestions.count()).toBe(drafted.length);
    expect(await guideQuestions.first().innerText()).toContain(EDITED_QUESTION);
    const created = (await serviceProject(AI_TITLE))!;
    expect(created).toMatchObject({ type: 'USER_INTERVIEW', recruiting: { has_launched: false } });
    expect(serviceQuestions(created.id)).toEqual([EDITED_QUESTION, ...drafted.slice(1)]);
    aiStudyId = created.id;

    await page.getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog', { name: `Launch “${AI_TITLE}”` });
    await dialog.waitFor();
    await dialog.getByLabel('Participants to recruit').fill('4');
    await expect.poll(() => dialog.getByTestId('launch-consequence').textContent()).toMatch(/^Launch to 4 participants\. .*A project launches only once\.$/);
    await shot(page, 'journey-2-launch-confirm');
    await dialog.getByRole('button', { name: 'Launch to 4 participants' }).click();
    const done = page.getByRole('dialog', { name: 'Study launched' });
    await done.waitFor({ timeout: 20_000 });
    expect(await done.getByRole('status').first().innerText()).toBe('Launched to 4 participants.');
    aiCallUrl = (await done.getByTestId('call-url').textContent()) ?? '';
    expect(aiCallUrl).toMatch(new RegExp(`^${op.baseUrl}/call/[^/]+/[^/]+/${aiStudyId}$`));
    expect(await done.getByRole('img', { name: 'QR code for the participant link' }).isVisible()).toBe(true);
    await shot(page, 'journey-2-launched');
    await done.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Launch…' }).count()).toBe(0);
    expect(await page.locator('.project-head').innerText()).toMatch(/In progress/);
    expect(await serviceProject(AI_TITLE)).toMatchObject({ recruiting: { has_launched: true, target_participants: 4 } });
    expect(problems).toEqual([]);
  });

  it('3. runs a stimuli study through the guided setup: real images uploaded, assigned, launched', async () => {
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /New study/ })
      .click();
    await page.getByRole('radio', { name: /Stimuli study/ }).check();
    const form = page.getByRole('form', { name: 'Start a stimuli study' });
    await form.getByLabel('Title', { exact: true }).fill(STIMULI_TITLE);
    await form.getByRole('textbox', { name: /Research objective/ }).fill('Find out which lunchbox pack design parents prefer');
    await form.getByRole('button', { name: 'Create stimuli study and add media' }).click();
    await page.getByRole('heading', { name: STIMULI_TITLE, level: 1 }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('[aria-current="step"]').innerText()).toMatch(/Add media/);
    const projectId = (await serviceProject(STIMULI_TITLE))!.id;
    const onService = async () => (await (await harness.core.workspaces.client(DEMO_WORKSPACE_ID)).listStimuli(projectId)).items;

    await page.getByLabel('Stimulus files').setInputFiles([join(STIMULI, 'concept-a-kraft-box.png'), join(STIMULI, 'concept-b-compostable-pouch.jpg')]);
    await page.getByRole('textbox', { name: 'Caption for concept-a-kraft-box.png' }).fill('Kraft box');
    await page.getByRole('textbox', { name: 'Caption for concept-b-compostable-pouch.jpg' }).fill('Compostable pouch');
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    const thumbs = page.getByRole('list', { name: 'Uploaded stimuli' }).getByRole('listitem');
    await expect.poll(() => thumbs.count(), { timeout: 30_000 }).toBe(2);
    expect((await onService()).map((s) => s.caption)).toEqual(['Kraft box', 'Compostable pouch']);
    await shot(page, 'journey-3-stimuli-uploaded');

    await page.getByRole('button', { name: 'Continue to questions' }).click();
    await page.getByRole('button', { name: 'Draft questions with AI' }).click();
    await page.getByRole('textbox', { name: 'Question 1', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Save questions' }).click();
    const assign = page.getByRole('list', { name: 'Assign stimuli' });
    await assign.waitFor({ timeout: 20_000 });
    // Each image gets the questions that name it, suggested from its caption; the researcher keeps them.
    for (const caption of ['Kraft box', 'Compostable pouch']) {
      expect(await assign.getByRole('listitem', { name: caption }).getByRole('checkbox', { checked: true }).count()).toBeGreaterThan(0);
    }
    await shot(page, 'journey-3-stimuli-assign');
    await page.getByRole('button', { name: 'Save assignments' }).click();
    await page.getByRole('heading', { name: 'Ready to launch' }).waitFor({ timeout: 20_000 });
    const assigned = await onService();
    expect(assigned).toHaveLength(2);
    for (const s of assigned) expect(s.question_items.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Go to launch' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Share', selected: true }).isVisible()).toBe(true);
    await page.getByTestId('share-before-launch').getByRole('button', { name: 'Launch…' }).click();
    const dialog = page.getByRole('dialog', { name: `Launch “${STIMULI_TITLE}”` });
    await dialog.getByLabel('Participants to recruit').fill('3');
    await dialog.getByRole('button', { name: 'Launch to 3 participants' }).click();
    const done = page.getByRole('dialog', { name: 'Study launched' });
    await done.waitFor({ timeout: 20_000 });
    expect(await done.getByTestId('call-url').textContent()).toMatch(new RegExp(`/${projectId}$`));
    await shot(page, 'journey-3-stimuli-launched');
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('call-url').waitFor();
    expect(await serviceProject(STIMULI_TITLE)).toMatchObject({ type: 'STIMULI', recruiting: { has_launched: true, target_participants: 3 } });
    expect(problems).toEqual([]);
  });

  it('4. a participant completes a chat interview at the drafted study’s link', async () => {
    const participant = await browser.newPage({ viewport: { width: 900, height: 800 } });
    const watched = watchPage(participant);
    const asked = await takeChatInterview(participant, aiCallUrl, PARTICIPANT, (n) =>
      n === 0
        ? `On Tuesday I made a ${MARKER} curry because the recipe card was quick.`
        : `Answer ${n + 1}: mostly it comes down to time and what is already in the fridge.`,
    );
    // The question the researcher rewrote is the one the interviewer asked.
    expect(asked).toContain(EDITED_QUESTION);
    await shot(participant, 'journey-4-chat-done');
    expect(watched.problems).toEqual([]);
    await participant.close();
    const list = await op.call<{ items: { status: string; participant: { name: string } }[] }>('GET', `/v1/projects/${aiStudyId}/interviews`);
    expect(list.body.items).toEqual([expect.objectContaining({ status: 'COMPLETE', participant: expect.objectContaining({ name: PARTICIPANT.name }) })]);
  });

  it('5. Sync now brings the interview in as Complete; a Meal-kit churn interview plays with the transcript following', async () => {
    await openStudyTab(page, AI_TITLE, 'Interviews');
    await page.getByRole('button', { name: 'Sync now' }).click();
    const row = interviewRow(page, PARTICIPANT.name);
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
    await interviewRow(page, watch.participant_name!).click();
    const v = viewer(page);
    await v.ready(watch.participant_name!);
    await page.getByRole('button', { name: 'Play Video' }).click();
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
    expect((await op.call('PUT', '/_sandbox/organisations/me', { report_duration_ms: 500 })).status).toBe(200);
    await openStudyTab(page, 'Meal-kit churn', 'Report');
    await page.getByRole('heading', { name: 'Report', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog', { name: 'Regenerate the report?' }).getByRole('button', { name: 'Replace report' }).click();
    await page.getByRole('status').filter({ hasText: 'Generating the report' }).waitFor();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'Report ready — Meal-kit churn' })
      .waitFor({ timeout: 40_000 });
    const after = (await c.call('reports.get', { projectId: churnId() }))!;
    expect(after.status).toBe('COMPLETED');
    expect(after.report_id).not.toBe(before.report_id);
    const themeRows = page.locator('.theme-row');
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
    const detail = page.locator(`#${await first.getAttribute('aria-controls')}`);
    const jump = detail
      .getByRole('listitem')
      .nth(quoteIndex)
      .getByRole('button', { name: /^Open the interview at / });
    await jump.waitFor();
    await shot(page, 'journey-6-report');
    await jump.click();

    const interview = await dispatch<InterviewDetail>('interviews.get', { workspace_id: DEMO_WORKSPACE_ID, interview_id: where!.interview_id });
    const v = viewer(page);
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
    await openStudyTab(page, 'Meal-kit churn', 'Share');
    await page.getByRole('heading', { name: 'Websites allowed to embed' }).waitFor({ timeout: 20_000 });
    const form = page.locator('form.allow-list');
    const values = () => form.getByRole('textbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(values).toEqual(['https://www.northwindmeals.example', 'https://help.northwindmeals.example']);
    await form.getByRole('button', { name: 'Add website' }).click();
    await form.getByLabel('Allowed website 3').fill('https://Research.Example.com/panel');
    await expect.poll(() => page.getByTestId('allow-msg-3').innerText()).toMatch(/Saved as\s*https:\/\/research\.example\.com$/);
    await form.getByRole('button', { name: 'Save allow-list' }).click();
    await form.getByText('Saved.').waitFor({ timeout: 20_000 });
    const expected = ['https://www.northwindmeals.example', 'https://help.northwindmeals.example', 'https://research.example.com'];
    expect((await op.call<{ allowed_urls: string[] }>('GET', `/v1/projects/${churnId()}/embed/allow-list`)).body.allowed_urls).toEqual(expected);

    const snippets = (await op.call<{ snippets: { widget_inline: string } }>('GET', `/v1/projects/${churnId()}/embed`)).body.snippets;
    const copy = page.getByRole('button', { name: 'Copy Widget, inline snippet' });
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

    const p = palette(page);
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
    const v = viewer(page);
    await v.ready(PARTICIPANT.name);
    await expect.poll(v.activeTurn).toBe(turn.index);
    expect(await page.locator(`[data-turn="${turn.index}"]`).innerText()).toContain(MARKER);
    // A chat interview has no recording: the viewer says so, not that a download is missing.
    expect(ours.has_video).toBe(false);
    await page.getByRole('alert').filter({ hasText: NO_RECORDING_AT_SYNC }).waitFor({ timeout: 20_000 });
    expect(await page.getByText(/wasn't downloaded|isn't saved on this computer/).count()).toBe(0);
    await shot(page, 'journey-7-opened-offline');
    // Nothing above reached the service: it is still down.
    await expect(fetch(`${dead}/v1/projects`)).rejects.toThrow();
    expect(problems.filter((m) => !/Failed to load resource/.test(m))).toEqual([]);
  });
});
