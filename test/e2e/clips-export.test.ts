import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClipMediaFns } from '../../src/main/clips/export';
import { loadClipMedia } from '../../src/main/clips/media-fns';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { cancelledError } from '../../src/main/output/sink';
import { browserSkipReason, shotEverySize, watchPage } from '../support/browser';
import { demoProjectId } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { filesIn } from '../support/files';
import { probe } from '../support/media-tools';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e clips export ${skip}`);

const WS = DEMO_WORKSPACE_ID;
const CODE = 'Price versus value';

/**
 * The real media core, with one hold for the Cancel test: while `holdAfter` is set, every cut after that
 * many waits until the export is cancelled, so the dialog is caught mid-export (and its running state
 * shot) by waiting on its progress, never on time. Everything else is cut for real from the saved videos.
 */
let holdAfter: number | null = null;
let cutsStarted = 0;
async function heldMedia(): Promise<ClipMediaFns> {
  const real = await loadClipMedia();
  return {
    ...real,
    async cutClip(file, range, options) {
      cutsStarted++;
      if (holdAfter !== null && cutsStarted > holdAfter) {
        await new Promise<void>((_, reject) => {
          const signal = options?.signal;
          if (signal?.aborted) reject(cancelledError());
          signal?.addEventListener('abort', () => reject(cancelledError()));
        });
      }
      return real.cutClip(file, range, options);
    },
  };
}

/**
 * Clips and a reel exported from the app, as a new user of the demo: Analysis → Codes → "Price versus value"
 * → Export clips… → a folder → Export → the summary; then the written reel page is opened from disk in the
 * same Chromium, its reel plays and its captions name the speakers. One interview's video is not saved, so
 * its clip is listed with a warning and left out. Cancel mid-export leaves no file behind.
 */
describe.skipIf(skip !== null)('exporting clips and a reel from the Codes view', () => {
  const e2e = useHarness({ harness: { clipMedia: heldMedia } });
  let page: Page;
  let problems: string[];
  let ui: App;
  let tmp: string;
  let studyId: string;
  let segments: { highlight_id: string; interview_id: string }[];
  /** The interview whose video is left unsaved: its segments cannot be cut. */
  let unsaved: string;

  const chooseFolder = async (folder: string) => {
    mkdirSync(folder, { recursive: true });
    e2e.harness.desktop.folderChoices.push(folder);
    await ui.clips.chooseFolder.click();
    await expect.poll(() => ui.clips.folder.innerText()).toBe(folder);
  };
  const openClipDialog = async (o: { keyboard?: boolean } = {}) => {
    await ui.codes.code(CODE).click();
    await ui.codes.title(CODE).waitFor();
    if (o.keyboard) {
      await ui.clips.openButton.focus();
      await page.keyboard.press('Enter');
    } else await ui.clips.openButton.click();
    await ui.clips.dialog.waitFor();
    await expect.poll(() => ui.clips.items.count()).toBe(segments.length);
  };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'fw-e2e-clips-'));
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1440, height: 900 } }));
    ui = app(page);
    const h = e2e.harness;
    studyId = demoProjectId(h, 'Meal-kit churn');
    // The report's themes as codes (the Report tab's "Turn themes into codes"): "Price versus value" has the theme's quotes.
    await vi.waitFor(() => h.core.call('codes.fromReport', { workspace_id: WS, project_id: studyId }), { timeout: 60_000, interval: 250 });
    // The researcher's own redaction term: a word some of the clips' captions say.
    await h.core.call('redaction.addTerm', { workspace_id: WS, project_id: studyId, text: 'discount', kind: 'custom' });
    const code = (await h.core.call('codes.list', { workspace_id: WS, project_id: studyId })).find((c) => c.name === CODE)!;
    const all = await h.core.call('codes.segments', { workspace_id: WS, id: code.id, limit: 500 });
    segments = all.segments.map((s) => ({ highlight_id: s.id, interview_id: s.interview_id }));
    const interviews = [...new Set(segments.map((s) => s.interview_id))];
    expect(interviews.length).toBeGreaterThanOrEqual(3);
    // Save every interview's video for offline but the last one's.
    unsaved = interviews.at(-1)!;
    const rt = await h.core.runtimes.get(WS);
    for (const id of interviews.slice(0, -1)) await h.core.call('videos.download', { workspace_id: WS, interview_id: id });
    await vi.waitFor(
      async () => {
        for (const id of interviews.slice(0, -1)) expect((await rt.cache.call('videos.get', { interviewId: id }))?.state).toBe('complete');
      },
      { timeout: 90_000, interval: 250 },
    );
  }, 180_000);
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('plans the code’s segments in order, exports the clips and a reel, and the reel page plays from disk with its captions', async () => {
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await ui.sidebar.openStudy('Meal-kit churn');
    await ui.study.openTab('Analysis');
    await ui.codes.book.waitFor();
    await openClipDialog();
    const c = ui.clips;
    // The reel is made by default; the unsaved interview's clip is listed, unticked, with what to do.
    expect(await c.option('Also make a reel').isChecked()).toBe(true);
    const cannot = segments.filter((s) => s.interview_id === unsaved).length;
    await expect.poll(() => c.warnings.allInnerTexts()).toEqual(Array(cannot).fill('No saved video — Save for offline first'));
    const boxes = c.dialog.getByRole('list', { name: 'Clips to cut' }).getByRole('checkbox');
    const states = await boxes.evaluateAll((els) => els.map((e) => ({ checked: (e as HTMLInputElement).checked, disabled: (e as HTMLInputElement).disabled })));
    expect(states.filter((s) => s.disabled)).toHaveLength(cannot);
    expect(states.filter((s) => s.checked)).toHaveLength(segments.length - cannot);
    // Participant names only when asked: labels are the participant codes ("P07") by default.
    expect(await c.items.first().innerText()).toMatch(/^1\. P\d{2,} \d+:\d\d–\d+:\d\d/);
    // Redaction: pseudonyms (the same codes) in the labels, and the clips whose captions it changes say the audio still has the words.
    await c.option('Redact names and personal data').check();
    // The label is the code either way (the pseudonym is the code): the redacted plan shows by its warnings.
    await expect
      .poll(async () => (await c.warnings.allInnerTexts()).filter((w) => w.startsWith('Redacted words')).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await c.items.first().innerText()).toMatch(/^1\. P\d{2,} /);
    await shotEverySize(page, 'clips-export-plan-redacted', () => c.warnings.first().scrollIntoViewIfNeeded());
    // Before export, said plainly: the words change, the picture and the voice do not; the picture can be left out.
    expect(await c.redactionNote.innerText()).toMatch(
      /^Redaction changes the words only: captions, file names and labels\. Faces, on-screen text and the voice in the recordings are unchanged\./,
    );
    const leaveOut = c.option('Leave the picture out (audio and captions only)');
    expect(await leaveOut.isChecked()).toBe(false);
    await leaveOut.check();
    // Without a picture there is nothing to cut frame-exactly: that option stands aside, saying why.
    expect(await c.option('Frame-exact cuts (re-encode; slower)').isDisabled()).toBe(true);
    await shotEverySize(page, 'clips-redaction-warning', () => c.redactionNote.scrollIntoViewIfNeeded());
    await page.setViewportSize({ width: 1440, height: 900 });
    await leaveOut.uncheck();
    await c.option('Redact names and personal data').uncheck();
    // The note goes with redaction.
    expect(await c.redactionNote.count()).toBe(0);
    await expect.poll(() => c.warnings.allInnerTexts()).toEqual(Array(cannot).fill('No saved video — Save for offline first'));
    expect(await c.items.first().innerText()).toMatch(/^1\. P\d{2,} /);
    // Export waits for a folder.
    const folder = join(tmp, 'clips');
    expect(await c.exportButton.isDisabled()).toBe(!(await c.folder.innerText()).startsWith('/'));
    await chooseFolder(folder);
    // The warning in view: the unsaved interview's clip.
    await shotEverySize(page, 'clips-export-plan', () => c.warnings.first().scrollIntoViewIfNeeded());
    await page.setViewportSize({ width: 1440, height: 900 });

    await c.exportButton.click();
    await c.done.waitFor({ timeout: 120_000 });
    const cut = segments.length - cannot;
    expect(await c.done.innerText()).toMatch(new RegExp(`^Exported ${cut} clips and a reel`));
    expect(await c.written.count()).toBe(cut + 1);
    expect(await c.leftOut.allInnerTexts()).toEqual(Array(cannot).fill(expect.stringMatching(/^P\d{2,} \(not cut\): Its interview has no saved video\./)));
    const notes = (await c.notes.allInnerTexts()).join('\n');
    expect(notes).toContain(`${cut} clips cut from the saved videos, nothing uploaded.`);
    expect(notes).toMatch(/keyframe/);
    await shotEverySize(page, 'clips-export-summary');
    await page.setViewportSize({ width: 1440, height: 900 });

    // On disk: a clip and its captions per segment cut, the reel, its captions and its page.
    const out = join(folder, CODE);
    const written = filesIn(folder).map((f) => f.slice(out.length + 1));
    expect(written.filter((f) => f.startsWith('clips/') && f.endsWith('.webm'))).toHaveLength(cut);
    expect(written.filter((f) => f.startsWith('clips/') && f.endsWith('.vtt'))).toHaveLength(cut);
    expect(written).toEqual(expect.arrayContaining(['index.html', 'reel.vtt', 'reel.webm']));
    expect(written.some((f) => f.includes('.part') || f.includes('.tmp'))).toBe(false);

    await c.showInFolder.click();
    await expect.poll(() => e2e.harness.desktop.shownInFolder.at(-1)).toBe(out);

    // DONE-WHEN: the page opened from disk plays the reel, and its captions carry the speakers' labels.
    const reelPage = await e2e.browser.newPage();
    const watched = watchPage(reelPage);
    await reelPage.goto(pathToFileURL(join(out, 'index.html')).href);
    await reelPage.waitForFunction(() => document.querySelector('video')!.readyState >= 1, undefined, { timeout: 30_000 });
    await reelPage.evaluate(() => {
      const v = document.querySelector('video')!;
      v.muted = true;
      void v.play();
    });
    await reelPage.waitForFunction(() => document.querySelector('video')!.currentTime > 0, undefined, { timeout: 30_000 });
    expect(await reelPage.evaluate(() => document.querySelector('video')!.error)).toBeNull();
    await reelPage.waitForFunction(() => (document.querySelector('video')!.textTracks[0]?.cues?.length ?? 0) > 0, undefined, { timeout: 30_000 });
    const cues = await reelPage.evaluate(() => Array.from(document.querySelector('video')!.textTracks[0]!.cues ?? [], (q) => (q as VTTCue).text));
    for (const text of cues) expect(text).toMatch(/^<v (Interviewer|P\d{2,})>\S/);
    expect(cues.some((t) => /^<v P\d{2,}>/.test(t))).toBe(true);
    expect(watched.problems).toEqual([]);
    await reelPage.close();

    await c.doneButton.click();
    await c.dialog.waitFor({ state: 'detached' });
    // Focus returns to what opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Export clips…');
    expect(problems).toEqual([]);
  }, 240_000);

  it('Cancel mid-export stops it and leaves no file behind; unticking a clip leaves it out', async () => {
    // By keyboard: Enter opens the dialog, Space unticks the first clip that can be cut (one fewer to cut).
    await openClipDialog({ keyboard: true });
    const c = ui.clips;
    const first = c.dialog.getByRole('list', { name: 'Clips to cut' }).getByRole('checkbox', { disabled: false }).first();
    await first.focus();
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(false);
    const cannot = segments.filter((s) => s.interview_id === unsaved).length;
    const toCut = segments.length - cannot - 1;
    expect(toCut).toBeGreaterThanOrEqual(2);
    const folder = join(tmp, 'cancelled');
    await chooseFolder(folder);
    cutsStarted = 0;
    holdAfter = 1;
    await c.exportButton.click();
    // The first clip is cut and written; the second waits: the export is caught half-way.
    await expect.poll(() => c.status.innerText(), { timeout: 60_000 }).toMatch(new RegExp(`^Cutting clip 2 of ${toCut}`));
    expect(await c.progress.getAttribute('aria-valuenow')).toBe('1');
    expect(await c.progress.getAttribute('aria-valuemax')).toBe(String(toCut + 1));
    await shotEverySize(page, 'clips-export-running');
    await page.setViewportSize({ width: 1440, height: 900 });
    await c.cancel.click();
    await c.cancelled.waitFor({ timeout: 30_000 });
    holdAfter = null;
    expect(existsSync(folder) ? readdirSync(folder, { recursive: true }) : []).toEqual([]);
    // Nothing lost: the choices are as they were, and Export can run again.
    expect(await first.isChecked()).toBe(false);
    expect(await c.exportButton.isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await c.dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Export clips…');
    expect(problems).toEqual([]);
  }, 180_000);

  // Last: the dialog keeps its options for the next export in this window.
  it('a redacted export without the picture writes each clip and the reel as sound, with captions beside them', async () => {
    await openClipDialog();
    const c = ui.clips;
    await c.option('Redact names and personal data').check();
    await c.option('Leave the picture out (audio and captions only)').check();
    const folder = join(tmp, 'sound');
    await chooseFolder(folder);
    await c.exportButton.click();
    await c.done.waitFor({ timeout: 120_000 });
    const cut = segments.length - segments.filter((s) => s.interview_id === unsaved).length;
    const notes = (await c.notes.allInnerTexts()).join('\n');
    expect(notes).toContain('The picture was left out');
    expect(notes).toMatch(/Redacted: .*The picture was left out; the voice is not altered/);
    const out = join(folder, CODE);
    const written = filesIn(folder).map((f) => f.slice(out.length + 1));
    const sounds = written.filter((f) => f.startsWith('clips/') && f.endsWith('.ogg'));
    expect(sounds).toHaveLength(cut);
    expect(written.filter((f) => f.startsWith('clips/') && f.endsWith('.vtt'))).toHaveLength(cut);
    expect(written.filter((f) => f.endsWith('.webm'))).toEqual([]);
    expect(written).toEqual(expect.arrayContaining(['index.html', 'reel.vtt', 'reel.ogg']));
    for (const f of [sounds[0]!, 'reel.ogg']) expect(probe(join(out, f)).streams.map((s) => s.codec_type)).toEqual(['audio']);
    await c.doneButton.click();
    await c.dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  }, 180_000);
});
