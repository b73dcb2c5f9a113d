import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, ROOT, shot, type Harness } from '../support/browser';
import { demoOperator, type DemoOperator } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, studyFields, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e stimuli ${skip}`);

const MEDIA = join(ROOT, 'resources/sample-media/stimuli');
const SEEDED = (JSON.parse(readFileSync(join(MEDIA, 'index.json'), 'utf8')) as { file: string; caption: string }[]).filter((s) =>
  s.file.startsWith('concept-'),
);
const Q1 = 'What is your first reaction to this packaging?';
const Q2 = 'How would this packaging change what you do with the box after delivery?';

describe.skipIf(skip !== null)('Stimuli tab', { timeout: 60_000 }, () => {
  const e2e = useHarness();
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;
  let tab: App['stimuli'];
  let draftId = '';
  let op: DemoOperator;

  const client = () => harness.core.workspaces.client(DEMO_WORKSPACE_ID);
  const dispatch = async <T>(channel: string, input: unknown): Promise<T> => {
    const r = await harness.core.dispatch(channel, input);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
  const serviceStimuli = async (projectId: string) => (await (await client()).listStimuli(projectId)).items;
  const openStudy = async (title: string, name: 'Guide' | 'Stimuli') => {
    await ui.sidebar.openStudy(title);
    await ui.study.tab(name).click();
  };

  beforeAll(async () => {
    harness = e2e.harness;
    ({ page, problems } = await e2e.openDemo());
    ui = app(page);
    tab = ui.stimuli;
    op = await demoOperator(harness);
  });

  it('the launched "Packaging concepts" study shows its 3 images, captions and assignments, read-only', async () => {
    await ui.studies.title('Packaging concepts').click();
    await ui.study.tab('Stimuli').click();
    await expect.poll(() => tab.cards.count(), { timeout: 15_000 }).toBe(3);
    for (const [i, s] of SEEDED.entries()) {
      const card = tab.card(i);
      await expect.poll(() => card.title.innerText()).toBe(s.caption);
      // The image comes through main's media route and really decodes.
      const img = card.image(s.caption);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      expect(await img.getAttribute('src')).toMatch(/^\/__fieldwork\/media\/stimulus\//);
      // Read-only after launch: the assigned questions as a list, no checkboxes to toggle.
      const shown = card.shownWith(s.caption);
      expect(await shown.count()).toBeGreaterThan(0);
      // The demo's questions name the concept they go with.
      for (const text of await shown.allInnerTexts()) expect(text).toContain(s.caption);
      expect(await card.checkboxes.count()).toBe(0);
      expect(await card.textboxes.count()).toBe(0);
    }
    expect(await tab.launched.isVisible()).toBe(true);
    await shot(page, 'stimuli-launched-light');
    expect(await tab.chooseFiles.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a draft: a real image chosen with the file button shows progress, lands with its caption, and its warning leads to an assignment that persists', async () => {
    // Through the app's own channel, so the guide is in the offline cache as after any create.
    const created = await dispatch<{ project_id: string }>('studies.create', {
      workspace_id: DEMO_WORKSPACE_ID,
      title: 'Box concepts round 2',
      type: 'STIMULI',
      research_objective: 'Which box design do customers prefer?',
      intro_message: 'Thanks for joining.',
      questions: [
        { question: Q1, probing_level: 'medium' },
        { question: Q2, probing_level: 'high' },
      ],
      languages: [{ language_name: 'English', accent: 'en-US' }],
      interaction_modes: ['video'],
      target_participants: 8,
    });
    draftId = created.project_id;
    await harness.core.dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    await openStudy('Box concepts round 2', 'Stimuli');
    await expect.poll(() => tab.empty.isVisible(), { timeout: 15_000 }).toBe(true);

    // Slow the service's answers so the progress is there to see.
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 700, fault_methods: ['POST'] });
    await tab.files.setInputFiles(join(MEDIA, 'concept-a-kraft-box.png'));
    const row = tab.stagedFile('concept-a-kraft-box.png');
    await row.caption.fill('Kraft box, matte');
    await tab.upload(1).click();
    await expect.poll(() => row.uploading.isVisible()).toBe(true);
    // The bytes are sent; the service is confirming the new stimulus.
    await row.says('Adding…').waitFor();
    expect(Number(await row.uploading.getAttribute('aria-valuenow'))).toBe(Number(await row.uploading.getAttribute('aria-valuemax')));
    await shot(page, 'stimuli-upload-progress');
    await expect.poll(() => row.says('Added to the study').isVisible(), { timeout: 20_000 }).toBe(true);
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 0 });

    await expect.poll(() => tab.cards.count()).toBe(1);
    const card = tab.card(0);
    expect(await card.title.innerText()).toBe('Kraft box, matte');
    await expect.poll(() => card.image('Kraft box, matte').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(harness.desktop.notifications).toContainEqual({ title: 'Stimulus added', body: 'concept-a-kraft-box.png was added to “Box concepts round 2”.' });
    const [onService] = await serviceStimuli(draftId);
    expect(onService?.caption).toBe('Kraft box, matte');

    // Unassigned: the amber warning says launch is blocked.
    expect(await tab.blocked.innerText()).toMatch(/1 stimulus is not shown with any question/);
    expect(await card.says('Not assigned').isVisible()).toBe(true);

    await card.question(new RegExp(`question 2: ${Q2.slice(0, 30)}`)).check();
    await expect.poll(async () => (await serviceStimuli(draftId))[0]?.question_items).toEqual([Q2]);
    await expect.poll(() => page.getByText('Launch is blocked').count()).toBe(0);

    // A reload starts the renderer afresh (on the study list): everything shown next comes from main.
    await page.reload();
    await ui.studies.ready(15_000);
    await openStudy('Box concepts round 2', 'Stimuli');
    const again = tab.card(0);
    await expect.poll(() => again.question(/question 2:/).isChecked(), { timeout: 15_000 }).toBe(true);
    expect(await again.question(/question 1:/).isChecked()).toBe(false);

    // The caption edits in place.
    const caption = again.caption('Kraft box, matte');
    await caption.fill('Kraft box, matte finish');
    await caption.press('Enter');
    await expect.poll(async () => (await serviceStimuli(draftId))[0]?.caption).toBe('Kraft box, matte finish');
    await expect.poll(() => tab.card(0).title.innerText()).toBe('Kraft box, matte finish');
    await tab.card(0).captionSaved.waitFor();

    // A caption save that fails says so at its field, keeps the typed text, and Enter tries again.
    await op.ok('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['POST'] });
    const edited = tab.card(0).caption('Kraft box, matte finish');
    try {
      await edited.fill('Kraft box, matte, recycled');
      await edited.press('Enter');
      await tab.card(0).captionError.waitFor({ timeout: 20_000 });
      expect(await edited.inputValue()).toBe('Kraft box, matte, recycled');
      expect(await edited.getAttribute('aria-invalid')).toBe('true');
      expect((await serviceStimuli(draftId))[0]?.caption).toBe('Kraft box, matte finish');
      await shot(page, 'stimuli-caption-not-saved');
    } finally {
      await op.ok('PUT', '/_sandbox/faults', { rate_5xx: 0 });
    }
    await edited.press('Enter');
    await expect.poll(async () => (await serviceStimuli(draftId))[0]?.caption).toBe('Kraft box, matte, recycled');
    await tab.card(0).captionSaved.waitFor();
    expect(await tab.card(0).captionError.count()).toBe(0);
    // Back to the caption the next tests expect.
    const recycled = tab.card(0).caption('Kraft box, matte, recycled');
    await recycled.fill('Kraft box, matte finish');
    await recycled.press('Enter');
    await expect.poll(async () => (await serviceStimuli(draftId))[0]?.caption).toBe('Kraft box, matte finish');
    expect(problems).toEqual([]);
  });

  it('a file dropped anywhere in the window lands in the Stimuli tab, and uploads; elsewhere it is refused with a reason', async () => {
    const bytes = readFileSync(join(MEDIA, 'concept-b-compostable-pouch.jpg')).toString('base64');
    const drop = () =>
      page.evaluate(async (b64) => {
        const bin = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([bin], 'pouch.jpg', { type: 'image/jpeg' }));
        const target = document.querySelector('main') ?? document.body;
        const events = ['dragenter', 'dragover', 'drop'].map((type) => new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        for (const e of events) target.dispatchEvent(e);
        // The page must take the drop itself, or the window would navigate to the file.
        return events[2]!.defaultPrevented;
      }, bytes);

    await openStudy('Meal-kit churn', 'Guide');
    expect(await drop()).toBe(true);
    expect(await tab.dropRefused.isVisible()).toBe(true);
    expect(await tab.staged.count()).toBe(0);

    await tab.dropRefused.getByRole('button', { name: 'Dismiss' }).click();
    await openStudy('Box concepts round 2', 'Guide');
    expect(await drop()).toBe(true);
    expect(await ui.study.selectedTab('Stimuli').isVisible()).toBe(true);
    const row = tab.stagedFile('pouch.jpg');
    await row.caption.fill('Compostable pouch');
    await tab.upload(1).click();
    await expect.poll(() => tab.cards.count(), { timeout: 20_000 }).toBe(2);
    expect(await tab.card(1).title.innerText()).toBe('Compostable pouch');
    expect((await serviceStimuli(draftId)).map((s) => s.caption)).toEqual(['Kraft box, matte finish', 'Compostable pouch']);
    await tab.clearAdded.click();
    await expect.poll(() => tab.staged.count()).toBe(0);

    // One stimulus (the pouch) has no question: the state the screenshots show.
    await tab.blocked.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'stimuli-tab-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'stimuli-tab-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(problems).toEqual([]);
  });

  it('a too-large or wrong-format file is refused before anything is sent, with a clear message', async () => {
    const before = (await serviceStimuli(draftId)).length;
    const big = Buffer.alloc(11 * 1024 * 1024);
    readFileSync(join(MEDIA, 'concept-a-kraft-box.png')).copy(big);
    await tab.files.setInputFiles([
      { name: 'huge-poster.png', mimeType: 'image/png', buffer: big },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
      { name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 this is a pdf really') },
    ]);
    await expect.poll(() => tab.stagedFile('huge-poster.png').problem.innerText()).toMatch(/11 MB; images can be at most 10 MB/);
    expect(await tab.stagedFile('notes.txt').problem.innerText()).toMatch(/\.TXT files are not a stimulus format\. Images: PNG, JPEG/);
    await expect.poll(() => tab.stagedFile('renamed.png').problem.textContent()).toMatch(/does not contain PNG data/);
    expect(await tab.anyUpload.isDisabled()).toBe(true);
    expect((await serviceStimuli(draftId)).length).toBe(before);
    for (const name of ['huge-poster.png', 'notes.txt', 'renamed.png']) await tab.remove(name).click();
    await expect.poll(() => tab.staged.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a video stimulus previews through the media route, seekable', async () => {
    await tab.files.setInputFiles(join(ROOT, 'resources/sample-media/videos/churn-01.webm'));
    await tab.caption('churn-01.webm').fill('Unboxing clip');
    await tab.upload(1).click();
    const card = tab.card('Unboxing clip');
    await card.root.waitFor({ timeout: 20_000 });
    const video = card.video;
    expect(await video.getAttribute('aria-label')).toBe('Video: Unboxing clip');
    expect(await video.getAttribute('src')).toMatch(/^\/__fieldwork\/media\/stimulus\//);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
    // Seeking needs HTTP Range from the route.
    expect(await video.evaluate((v: HTMLVideoElement) => v.seekable.length)).toBeGreaterThan(0);
    await tab.clearAdded.click();
    expect(problems).toEqual([]);
  });

  it('an upload can be cancelled; nothing is added', async () => {
    const before = (await serviceStimuli(draftId)).length;
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 3000, fault_methods: ['POST'] });
    await tab.files.setInputFiles(join(MEDIA, 'recipe-card.jpg'));
    await tab.upload(1).click();
    await tab.cancelUpload('recipe-card.jpg').click();
    await expect.poll(() => tab.stagedFile('recipe-card.jpg').says('Cancelled. Nothing was added.').isVisible(), { timeout: 10_000 }).toBe(true);
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 0 });
    expect((await serviceStimuli(draftId)).length).toBe(before);
    await tab.remove('recipe-card.jpg').click();
    expect(problems).toEqual([]);
  });
  it('the guided STIMULI flow: create, upload 2 captioned images, AI-draft, save, assignments suggested then restored, ready to launch', async () => {
    const wizard = ui.wizard;
    await ui.newStudy.open();
    await ui.newStudy.choice(/Stimuli study/).check();
    const entry = studyFields(ui.newStudy.stimuliForm);
    await entry.title.fill('Snack pack concepts');
    await entry.objective.fill('Find out which snack pack design shoppers prefer');
    await ui.newStudy.createStimuli.click();
    await ui.study.heading('Snack pack concepts').waitFor({ timeout: 15_000 });
    expect(await wizard.steps.getByRole('listitem').first().getAttribute('aria-current')).toBe('step');
    const projectId = (await (await client()).listProjects()).find((p) => p.title === 'Snack pack concepts')!.id;

    await wizard.files.setInputFiles([join(MEDIA, 'concept-a-kraft-box.png'), join(MEDIA, 'concept-c-reusable-crate.webp')]);
    await wizard.caption('concept-a-kraft-box.png').fill('Concept A: kraft box');
    await wizard.caption('concept-c-reusable-crate.webp').fill('Concept C: reusable crate');
    expect(await wizard.continueToQuestions.isDisabled()).toBe(true);
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 900, fault_methods: ['POST'] });
    await wizard.upload(2).click();
    await wizard.stagedFile('concept-a-kraft-box.png').says('Adding…').waitFor();
    await shot(page, 'stimuli-wizard-upload-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'stimuli-wizard-upload-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => wizard.uploaded.count(), { timeout: 30_000 }).toBe(2);
    await op.ok('PUT', '/_sandbox/faults', { latency_ms: 0 });
    expect((await serviceStimuli(projectId)).map((x) => x.caption)).toEqual(['Concept A: kraft box', 'Concept C: reusable crate']);

    await wizard.continueToQuestions.click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Draft the questions');
    const fields = studyFields(page);
    expect(await fields.objective.inputValue()).toBe('Find out which snack pack design shoppers prefer');
    await wizard.draftWithAi.click();
    const q = fields.question;
    await q(1).waitFor({ timeout: 15_000 });
    // Grounded on the captions: a question names each one.
    const texts = fields.questionTexts;
    const drafted = await texts();
    const aOnly = drafted.find((t) => t.includes('Concept A: kraft box') && !t.includes('Concept C'))!;
    const cOnly = drafted.find((t) => t.includes('Concept C: reusable crate') && !t.includes('Concept A'))!;
    const both = drafted.find((t) => t.includes('Concept A: kraft box') && t.includes('Concept C: reusable crate'))!;
    expect([aOnly, cOnly, both].every(Boolean)).toBe(true);
    await wizard.saveQuestions.click();

    // First save: nothing to restore (the placeholder had no stimuli); the questions that name each stimulus are offered.
    const assign = wizard.assign;
    await assign.waitFor({ timeout: 15_000 });
    const cardA = wizard.assignCard('Concept A: kraft box');
    const cardC = wizard.assignCard('Concept C: reusable crate');
    const ticked = (card: typeof cardA) => card.ticked.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.replace(/^.*question \d+: /, '')));
    expect((await ticked(cardA)).sort()).toEqual([aOnly, both].sort());
    expect((await ticked(cardC)).sort()).toEqual([cOnly, both].sort());
    expect(await cardA.says('Suggested from its caption').isVisible()).toBe(true);
    await wizard.saveAssignments.click();
    await wizard.ready.waitFor({ timeout: 15_000 });
    const assigned = async () => Object.fromEntries((await serviceStimuli(projectId)).map((x) => [x.caption, [...x.question_items].sort()]));
    expect(await assigned()).toEqual({ 'Concept A: kraft box': [aOnly, both].sort(), 'Concept C: reusable crate': [cOnly, both].sort() });

    // Edit again: change C's own question and drop the comparison. Saving clears the service's assignments;
    // A keeps the question whose text survived, C lost both and is asked, with the reworded question suggested.
    await wizard.editQuestionsAgain.click();
    const cIndex = (await texts()).indexOf(cOnly) + 1;
    const cEdited = cOnly.replace('first impression', 'first reaction');
    expect(cEdited).not.toBe(cOnly);
    await q(cIndex).fill(cEdited);
    await fields.deleteQuestion((await texts()).indexOf(both) + 1).click();
    await wizard.saveQuestions.click();
    await assign.waitFor({ timeout: 15_000 });
    await expect.poll(() => cardA.says('Kept 1 question').isVisible()).toBe(true);
    expect(await cardA.says('Its other question was changed or removed.').isVisible()).toBe(true);
    expect(await ticked(cardA)).toEqual([aOnly]);
    expect(await ticked(cardC)).toEqual([cEdited]);
    expect(await cardC.says('Suggested from its caption').isVisible()).toBe(true);
    expect(await cardC.says('All 2 of its questions were changed or removed, so it needs new ones.').isVisible()).toBe(true);
    await shot(page, 'stimuli-wizard-assign');
    // The service already has A's restored assignment; C waits for the researcher.
    expect(await assigned()).toEqual({ 'Concept A: kraft box': [aOnly], 'Concept C: reusable crate': [] });

    // Unticking C's only question is refused with a reason; ticking it back lets the save through.
    await cardC.ticked.uncheck();
    await wizard.saveAssignments.click();
    expect(await ui.messages.alert('needs at least one question').innerText()).toMatch(
      /“Concept C: reusable crate” needs at least one question: launch is blocked/,
    );
    await cardC.question(new RegExp(`: ${cEdited.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)).check();
    await wizard.saveAssignments.click();
    await wizard.ready.waitFor({ timeout: 15_000 });
    expect(await wizard.readyNote.innerText()).toMatch(/4 questions and 2 stimuli, each shown with at least one question/);
    expect(await assigned()).toEqual({ 'Concept A: kraft box': [aOnly], 'Concept C: reusable crate': [cEdited] });
    await shot(page, 'stimuli-wizard-ready');

    await wizard.goToLaunch.click();
    await expect.poll(() => ui.study.selectedTab('Share').isVisible()).toBe(true);
    expect(await ui.study.heading('Snack pack concepts').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });
});
