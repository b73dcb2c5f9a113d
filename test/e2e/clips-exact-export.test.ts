import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { ClipPlanItemView } from '../../src/shared/ipc/channels/clips';
import { browserSkipReason, shotEverySize } from '../support/browser';
import { demoProjectId } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { filesIn } from '../support/files';
import { HAS_FFMPEG, probe, warnIfNoFfmpeg } from '../support/media-tools';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e frame-exact clip export ${skip}`);
warnIfNoFfmpeg('e2e frame-exact clip export');

const WS = DEMO_WORKSPACE_ID;
const CODE = 'Price versus value';
const EXACT = 'Frame-exact cuts (re-encode; slower)';
/** The sample recordings' frame rate (5 fps): one frame is 200 ms. */
const FRAME_MS = 200;

/**
 * Frame-exact clips and a reel exported through the Export clips dialog, as a researcher does it: Analysis →
 * Codes → "Price versus value" → Export clips… → "Frame-exact cuts" → three clips ticked → Export. This window
 * re-encodes each clip (WebCodecs VP9/Opus in Chromium), main writes them and joins the reel. ffprobe, an
 * independent parser, checks each clip lasts its planned span to within a frame and the reel their sum. Where
 * the window has no encoder, the option is off and says why.
 */
describe.skipIf(skip !== null || !HAS_FFMPEG)('frame-exact clips from the Export clips dialog', () => {
  const e2e = useHarness();
  let page: Page;
  let problems: string[];
  let ui: App;
  let tmp: string;
  let studyId: string;
  let codeId: string;

  /** A fresh window (the store asks for encoders once per window), then `before`, then the dialog. */
  const openClipDialog = async (before?: () => Promise<void>) => {
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await before?.();
    await ui.sidebar.openStudy('Meal-kit churn');
    await ui.study.openTab('Analysis');
    await ui.codes.book.waitFor();
    await ui.codes.code(CODE).click();
    await ui.codes.title(CODE).waitFor();
    await ui.clips.openButton.click();
    await ui.clips.dialog.waitFor();
    await ui.clips.items.first().waitFor();
  };

  /** Frame-exact on, the first three clips that can be cut ticked (`before` runs first: an option that replans), the folder chosen. */
  const exactThree = async (folderName: string, before?: () => Promise<void>) => {
    const c = ui.clips;
    const box = c.option(EXACT);
    await expect.poll(() => box.isEnabled(), { timeout: 30_000 }).toBe(true);
    await box.check();
    await before?.();
    const boxes = c.dialog.getByRole('list', { name: 'Clips to cut' }).getByRole('checkbox', { disabled: false });
    const n = await boxes.count();
    expect(n).toBeGreaterThanOrEqual(3);
    for (let i = n - 1; i >= 3; i--) await boxes.nth(i).uncheck();
    const folder = join(tmp, folderName);
    mkdirSync(folder, { recursive: true });
    e2e.harness.desktop.folderChoices.push(folder);
    await c.chooseFolder.click();
    await expect.poll(() => c.folder.innerText()).toBe(folder);
    return folder;
  };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'fw-e2e-exact-clips-'));
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1440, height: 900 } }));
    ui = app(page);
    const h = e2e.harness;
    studyId = demoProjectId(h, 'Meal-kit churn');
    await vi.waitFor(() => h.core.call('codes.fromReport', { workspace_id: WS, project_id: studyId }), { timeout: 60_000, interval: 250 });
    codeId = (await h.core.call('codes.list', { workspace_id: WS, project_id: studyId })).find((c) => c.name === CODE)!.id;
    const all = await h.core.call('codes.segments', { workspace_id: WS, id: codeId, limit: 500 });
    const interviews = [...new Set(all.segments.map((s) => s.interview_id))];
    const rt = await h.core.runtimes.get(WS);
    for (const id of interviews) await h.core.call('videos.download', { workspace_id: WS, interview_id: id });
    await vi.waitFor(
      async () => {
        for (const id of interviews) expect((await rt.cache.call('videos.get', { interviewId: id }))?.state).toBe('complete');
      },
      { timeout: 90_000, interval: 250 },
    );
  }, 180_000);
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('without a video encoder the option is off and says why', async () => {
    // A window without WebCodecs encoders, before the dialog first asks.
    await openClipDialog(() =>
      page.evaluate(() => {
        (window as unknown as { VideoEncoder?: unknown }).VideoEncoder = undefined;
      }),
    );
    const box = ui.clips.option(EXACT);
    await expect.poll(() => box.isDisabled()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    const reason = await ui.clips.dialog.getByText(/has no video encoder/).innerText();
    expect(reason).toMatch(/Use keyframe cuts/);
    await shotEverySize(page, 'clips-exact-disabled', () => box.scrollIntoViewIfNeeded());
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  }, 120_000);

  it('exports three clips frame-exact with a reel: each clip lasts its planned span, the reel their sum', async () => {
    // A fresh window: VideoEncoder is back.
    await openClipDialog();
    const c = ui.clips;
    const box = c.option(EXACT);
    const folder = await exactThree('exact');
    expect(await c.dialog.getByText(/re-encoded here as VP9\/Opus WebM/).count()).toBe(1);
    await shotEverySize(page, 'clips-exact-enabled', () => box.scrollIntoViewIfNeeded());
    await page.setViewportSize({ width: 1440, height: 900 });

    // The spans main planned for the ticked clips, in order: what each file must last.
    const plan = await e2e.harness.core.call('clips.plan', { workspace_id: WS, project_id: studyId, selection: { kind: 'code', code_id: codeId } });
    const ticked = plan.clips.filter((p: ClipPlanItemView) => p.reason === null).slice(0, 3);

    await c.exportButton.click();
    await expect.poll(() => c.status.innerText(), { timeout: 60_000, interval: 50 }).toMatch(/^Re-encoding clip [123] of 3|^Joining the reel/);
    await c.done.waitFor({ timeout: 180_000 });
    expect(await c.done.innerText()).toMatch(/^Exported 3 clips and a reel/);
    const notes = (await c.notes.allInnerTexts()).join('\n');
    expect(notes).toContain('3 clips cut from the saved videos, nothing uploaded.');
    expect(notes).toContain('Cuts are frame-exact (re-encoded as VP9/Opus).');
    expect(notes).not.toMatch(/keyframe just before/);
    await shotEverySize(page, 'clips-exact-summary');
    await page.setViewportSize({ width: 1440, height: 900 });

    const out = join(folder, CODE);
    const written = filesIn(folder).map((f) => f.slice(out.length + 1));
    const clips = written.filter((f) => f.startsWith('clips/') && f.endsWith('.webm')).sort();
    expect(clips).toHaveLength(3);
    expect(written.filter((f) => f.startsWith('clips/') && f.endsWith('.vtt'))).toHaveLength(3);
    expect(written).toEqual(expect.arrayContaining(['index.html', 'reel.vtt', 'reel.webm']));
    expect(written.some((f) => f.includes('.part') || f.includes('.tmp'))).toBe(false);
    const lengths = clips.map((f) => probe(join(out, f)).durationS * 1000);
    for (const [i, p] of ticked.entries()) {
      expect(clips[i]).toMatch(new RegExp(`^clips/0${i + 1} `));
      expect(Math.abs(lengths[i]! - (p.end_ms! - p.start_ms!))).toBeLessThanOrEqual(FRAME_MS);
    }
    const reel = probe(join(out, 'reel.webm'));
    expect(reel.streams.map((s) => s.codec_name)).toEqual(expect.arrayContaining(['vp9', 'opus']));
    const planned = ticked.reduce((sum, p) => sum + (p.end_ms! - p.start_ms!), 0);
    expect(Math.abs(reel.durationS * 1000 - planned)).toBeLessThanOrEqual(FRAME_MS * ticked.length);
    expect(Math.abs(reel.durationS * 1000 - lengths.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(FRAME_MS * ticked.length);
    expect(problems).toEqual([]);
  }, 300_000);

  it('Cancel while re-encoding stops the cut and removes the clips already written: the folder is as it was', async () => {
    await openClipDialog();
    const c = ui.clips;
    // Longer clips (10 s each side), so the second is still being re-encoded when Cancel is pressed.
    const folder = await exactThree('cancelled', async () => {
      await c.padding.fill('10');
      await expect.poll(() => c.items.first().innerText()).toMatch(/^1\. P\d{2,} 00:00–/);
    });
    await c.exportButton.click();
    await expect.poll(() => c.status.innerText(), { timeout: 60_000, interval: 50 }).toMatch(/^Re-encoding clip 2 of 3/);
    // Clip 1 is written (under its name, as the export sink moves each file into place).
    expect(filesIn(folder).filter((f) => f.endsWith('.webm'))).toHaveLength(1);
    expect(Number(await c.progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(1);
    await c.cancel.click();
    await c.cancelled.waitFor({ timeout: 30_000 });
    await expect.poll(() => readdirSync(folder, { recursive: true })).toEqual([]);
    // Export can run again.
    expect(await c.exportButton.isEnabled()).toBe(true);
    expect(problems).toEqual([]);
  }, 180_000);
});
