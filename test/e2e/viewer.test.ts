import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { HighlightView } from '../../src/shared/ipc/channels/highlights';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import type { Sandbox } from '../../src/sandbox/server';
import { browserSkipReason, shot, type Harness } from '../support/browser';
import { demoOperator, startDemo } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e viewer ${skip}`);

const TTL_SECONDS = 3;

describe.skipIf(skip !== null)('interview viewer', () => {
  // The last test opens a video with the service stopped: main's five attempts back off from 10 ms, not 500 ms,
  // so the viewer's answer comes when the attempts have failed, not seconds later.
  const e2e = useHarness({ harness: { retryBaseDelayMs: 10 } });
  let harness: Harness;
  let churnId: string;
  let rows: InterviewRow[];

  const dispatch = async <T>(channel: string, input: unknown): Promise<T> => {
    const r = await harness.core.dispatch(channel, input);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };

  beforeAll(async () => {
    harness = e2e.harness;
    await startDemo(harness);
    // Signed video links that live 3 seconds: every link the app holds has expired by the time it plays.
    await (await demoOperator(harness)).ok('PUT', '/_sandbox/organisations/me', { video_url_ttl_seconds: TTL_SECONDS });
    await dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    const projects = (await dispatch<{ items: { id: string; title: string }[] }>('projects.list', { workspace_id: DEMO_WORKSPACE_ID })).items;
    churnId = projects.find((p) => p.title === 'Meal-kit churn')!.id;
    rows = (
      await dispatch<{ items: InterviewRow[] }>('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: churnId, status: 'COMPLETE' })
    ).items.filter((r) => r.has_video);
  }, 120_000);

  const demoSandbox = () => (harness.core.demo as unknown as { sandbox: Sandbox | null }).sandbox;
  /**
   * Stops the demo's service for good. The core restarts the demo sandbox whenever the demo workspace is
   * used and the sandbox is down (an app restart), so the test also pins its address to the dead one:
   * from then on every request to the service is refused, as when the researcher is offline.
   */
  async function stopService(): Promise<void> {
    const dead = harness.core.demo.baseUrl!;
    await harness.core.demo.close();
    Object.defineProperty(harness.core.demo, 'baseUrl', { get: () => dead, configurable: true });
    await expect(fetch(`${dead}/v1/projects`)).rejects.toThrow();
  }
  /** The signed link as main keeps it (the renderer never sees it). */
  const storedLink = async (interviewId: string) => {
    const rec = await (await harness.core.runtimes.get(DEMO_WORKSPACE_ID)).cache.call('interviews.get', { id: interviewId });
    return { video_url_expires_at: rec?.video_url_expires_at ?? null };
  };
  const VIEWPORT = { viewport: { width: 1360, height: 840 } };
  /** Sidebar → the study → Interviews tab → the interview: the way a researcher gets there. */
  async function openViewer(page: Page, participant: string): Promise<App> {
    const ui = app(page);
    await page.goto(harness.host.url);
    await ui.studies.ready();
    await ui.sidebar.study('Meal-kit churn').click();
    await ui.study.tab('Interviews').click();
    await ui.interviews.row(participant).click();
    await ui.viewer.heading(participant).waitFor();
    await ui.viewer.transcript.waitFor();
    return ui;
  }

  it('plays, the transcript follows the playhead, a click seeks, and the player keys work', async () => {
    const row = rows[0]!;
    const detail = (await dispatch<InterviewDetail>('interviews.get', { workspace_id: DEMO_WORKSPACE_ID, interview_id: row.id }))!;
    expect(detail.transcript.length).toBeGreaterThan(4);
    const { page, problems } = await e2e.newPage(VIEWPORT);
    const ui = await openViewer(page, row.participant_name!);
    const v = ui.viewer;
    // AI and participant turns are labelled, not only coloured.
    const labels = await v.speakers.allInnerTexts();
    expect(new Set(labels.map((l) => l.toUpperCase()))).toEqual(new Set(['AI', 'PARTICIPANT']));

    await v.play.click();
    await expect.poll(v.time, { timeout: 15_000 }).toBeGreaterThan(1);
    const first = await v.activeTurn();
    await expect.poll(v.activeTurn, { timeout: 15_000 }).toBeGreaterThan(Math.max(first, 0));
    expect(await v.activeInView()).toBe(true);
    await shot(page, 'viewer-playing-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'viewer-playing-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Clicking a turn seeks to its start and makes it the active one.
    const target = detail.transcript.at(-2)!;
    await v.turn(target.index).click();
    await expect.poll(v.time).toBeGreaterThanOrEqual(target.start_ms! / 1000 - 0.05);
    await expect.poll(v.activeTurn).toBe(target.index);

    // K pauses; space (on the focused turn) plays and pauses; ←/→ and J/L move the time.
    await page.keyboard.press('k');
    await expect.poll(v.paused).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(v.paused).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(v.paused).toBe(true);
    const early = detail.transcript[2]!.start_ms! / 1000;
    await v.turn(detail.transcript[2]!.index).click();
    await expect.poll(v.time).toBeCloseTo(early, 0);
    let t = await v.time();
    await page.keyboard.press('ArrowRight');
    await expect.poll(v.time).toBeCloseTo(t + 5, 0);
    t = await v.time();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(v.time).toBeCloseTo(t - 5, 0);
    t = await v.time();
    await page.keyboard.press('l');
    await expect.poll(v.time).toBeCloseTo(t + 10, 0);
    t = await v.time();
    await page.keyboard.press('j');
    await expect.poll(v.time).toBeCloseTo(Math.max(0, t - 10), 0);
    // ] and [ change the speed within 0.5–2×, and the speed is shown.
    await page.keyboard.press(']');
    await expect.poll(v.rate).toBe(1.25);
    await expect.poll(() => v.speed.innerText()).toBe('1.25×');
    for (let i = 0; i < 8; i++) await page.keyboard.press('[');
    await expect.poll(v.rate).toBe(0.5);
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await expect.poll(v.rate).toBe(1);
    // Paused, the controls show: how the themed player looks.
    await v.player.hover();
    await shot(page, 'viewer-paused-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'viewer-paused-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // ? still opens the shortcut sheet from the viewer.
    await page.keyboard.press('?');
    await ui.shortcuts.heading.waitFor();
    await page.keyboard.press('Escape');

    // Selecting transcript text enables Code selection (the picker itself belongs to the highlights feature).
    const highlightButton = v.highlightButton;
    expect(await highlightButton.isDisabled()).toBe(true);
    await v.turnText(target.index).selectText();
    await expect.poll(() => highlightButton.isEnabled()).toBe(true);
    await page.evaluate(() => document.getSelection()?.removeAllRanges());
    await expect.poll(() => highlightButton.isDisabled()).toBe(true);

    // Select → H → a code and a note → saved, listed under the player, marked in the transcript, quote copied with its time.
    const turnText = detail.transcript[target.index]!.text;
    // Selected and H pressed in one task, before the browser can report the selection change: H acts on
    // what is selected at that moment (a busy machine once made the key arrive before the selection state).
    await page.evaluate((index) => {
      const text = document.querySelector(`[data-turn="${index}"] [data-turn-text]`)!;
      const range = document.createRange();
      range.selectNodeContents(text);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'h', bubbles: true, cancelable: true }));
    }, target.index);
    const dialog = v.addHighlight;
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Find or create a code' }).fill('pricing');
    await page.keyboard.press('Enter');
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Says price outright');
    await dialog.getByRole('button', { name: 'Apply codes' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const saved = await dispatch<HighlightView[]>('highlights.list', { workspace_id: DEMO_WORKSPACE_ID, interview_id: row.id });
    expect(saved.map((h) => ({ quote: h.quote, tags: h.codes.map((c) => c.name), note: h.note, start_turn: h.start_turn, end_turn: h.end_turn }))).toEqual([
      { quote: turnText, tags: ['pricing'], note: 'Says price outright', start_turn: target.index, end_turn: target.index },
    ]);
    // The words are marked and the code sits in the margin beside the turn.
    await expect.poll(() => v.marks(target.index).allInnerTexts()).toEqual([turnText]);
    expect(await v.turnTags(target.index).allInnerTexts()).toEqual(['pricing']);
    await v.tab('Highlights').click();
    const card = v.highlights;
    await card.root.waitFor();
    await card.copyQuote.click();
    await expect.poll(() => harness.desktop.clipboard).toContain(turnText);
    // Who said it, as the viewer's title names them: the name, the participant code beside it.
    expect(harness.desktop.clipboard).toMatch(/ — .+ \(P\d{2,}\), \[\d{2}:\d{2}\]$/);

    // Scrolling the transcript by hand turns following off; the toggle says so.
    const follow = v.follow;
    expect(await follow.isChecked()).toBe(true);
    await v.transcriptRegion.hover();
    await page.mouse.wheel(0, 300);
    await expect.poll(() => follow.isChecked()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('a link that dies mid-play (expired) is refreshed on the player error, and playback resumes where it was', async () => {
    const { page, problems } = await e2e.newPage(VIEWPORT);
    // The longest recording, so that the part served below can be enough to start playing and still end well before the video does.
    const row = [...rows].sort((a, b) => b.turn_count - a.turn_count)[0]!;
    const before = await storedLink(row.id);
    // The link the app holds has expired (3-second links, synced earlier).
    await expect.poll(() => Date.parse(before.video_url_expires_at!) < Date.now(), { timeout: 10_000 }).toBe(true);
    const sourceCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/__fieldwork/invoke') && r.postData()?.includes('"videos.source"')) sourceCalls.push(r.url());
    });
    // The first answer carries only the first part of the video; every later request for the same
    // address fails, as a dead link would: main answers 502 when it cannot fetch the video, and the player
    // reports the error as soon as it needs the missing data. (A request dropped without an answer is retried by
    // Chromium for a long while instead; the viewer's 12 s stall timer catches that case, which the playback
    // controller's unit test covers.) Only the reloaded address (the viewer's recovery) gets through.
    // Chromium reads about 32 KB before it can play a WebM at all, so the part is never less than 36 KB.
    const mediaRequests: string[] = [];
    await page.route('**/__fieldwork/media/**', async (route) => {
      const url = route.request().url();
      mediaRequests.push(`${url} ${route.request().headers().range ?? ''}`);
      if (url.includes('attempt=')) return route.continue();
      if (mediaRequests.length > 1) return route.fulfill({ status: 502, contentType: 'text/plain', body: "The video host can't be reached." });
      const full = await route.fetch({ headers: { ...route.request().headers(), range: 'bytes=0-' } });
      const body = await full.body();
      const total = Number(/\/(\d+)$/.exec(full.headers()['content-range'] ?? '')?.[1] ?? body.length);
      const part = body.subarray(0, Math.max(Math.floor(total * 0.4), 36 * 1024));
      expect(part.length).toBeLessThan(total * 0.6);
      return route.fulfill({
        status: 206,
        headers: {
          'content-type': 'video/webm',
          'accept-ranges': 'bytes',
          'content-range': `bytes 0-${part.length - 1}/${total}`,
          'content-length': String(part.length),
        },
        body: part,
      });
    });
    const ui = await openViewer(page, row.participant_name!);
    const v = ui.viewer;
    await v.play.click();
    await expect.poll(v.time, { timeout: 15_000 }).toBeGreaterThan(0.5);
    // At the player's top speed (]), as a researcher skimming would: the served part plays out in half the time.
    for (let i = 0; i < 4; i++) await page.keyboard.press(']');
    await expect.poll(v.rate).toBe(2);
    // The player runs out of data, its request fails, and the viewer asks main for the source again.
    // Sample the playhead until the viewer asks for the source again: the furthest it got is where it stopped.
    let stoppedAt = 0;
    await expect
      .poll(
        async () => {
          const t = await v.time();
          if (sourceCalls.length < 2) stoppedAt = Math.max(stoppedAt, t);
          return sourceCalls.length;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(2);
    // Past 12 s, so that the check below tells resuming from starting over, even at 2×.
    expect(stoppedAt).toBeGreaterThan(12);
    await expect.poll(() => mediaRequests.some((r) => r.includes('attempt=')), { timeout: 15_000 }).toBe(true);
    // Resumed from where it stopped, playing: from the start it would need over 6 s to get past that point.
    await expect.poll(v.time, { timeout: 5_000 }).toBeGreaterThan(stoppedAt + 0.5);
    expect(await v.paused()).toBe(false);
    // Main replaced the expired link with a fresh one while serving the video.
    const after = await storedLink(row.id);
    expect(Date.parse(after.video_url_expires_at!)).toBeGreaterThan(Date.parse(before.video_url_expires_at!));
    expect(problems.filter((p) => !/Failed to load resource|ERR_FAILED|MEDIA_ERR/.test(p))).toEqual([]);
    await page.close();
  }, 120_000);

  it('plays a downloaded video with the service stopped; without a download it says what to do', async () => {
    const saved = rows[2]!;
    const notSaved = rows[3]!;
    // Saved from the viewer while the service is up: progress, then the badge.
    const first = await e2e.newPage(VIEWPORT);
    const firstViewer = (await openViewer(first.page, saved.participant_name!)).viewer;
    await firstViewer.streaming.waitFor({ timeout: 15_000 });
    await firstViewer.saveOffline.click();
    await firstViewer.savedHere.waitFor({ timeout: 30_000 });
    // Saved while streaming: the viewer says one thing, not "Streaming" beside "Saved on this computer".
    expect(await firstViewer.streaming.count()).toBe(0);
    expect(first.problems).toEqual([]);
    await first.page.close();
    await stopService();

    const { page, problems } = await e2e.newPage(VIEWPORT);
    const ui = await openViewer(page, saved.participant_name!);
    await ui.viewer.savedHere.waitFor({ timeout: 15_000 });
    await ui.viewer.playerReady();
    expect(await ui.viewer.streaming.count()).toBe(0);
    await page.keyboard.press(' ');
    await expect.poll(ui.viewer.time, { timeout: 15_000 }).toBeGreaterThan(1);

    await ui.header.back.click();
    await ui.interviews.row(notSaved.participant_name!).click();
    const alert = ui.messages.alert("This video isn't saved on this computer");
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.innerText()).toContain("Connect and try again, or download it for offline when you're online.");
    // The transcript is still there to read.
    expect(await ui.viewer.turns.count()).toBeGreaterThan(2);
    const light = await shot(page, 'viewer-unavailable-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await shot(page, 'viewer-unavailable-dark');
    expect(existsSync(light) && existsSync(dark)).toBe(true);
    // Still no service: nothing above was played from it.
    expect(demoSandbox()).toBeNull();
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    await page.close();
  }, 120_000);
});
