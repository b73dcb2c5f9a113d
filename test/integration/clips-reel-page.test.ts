/**
 * The reel page as a stakeholder opens it: index.html from disk (file://) in Chromium, no server. The
 * video plays, its captions load and show (a <track> from a file: URL would be refused, so the page
 * carries them inline), the quotes are listed in order, and the page asks for nothing but its own video.
 * The media core is a stand-in whose "cuts" are a whole sample recording, so the video is real.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/cache';
import { exportClips, type ClipMediaFns } from '../../src/main/clips/export';
import { CHROMIUM, launchBrowser, ROOT } from '../support/browser';
import { CLIP_PROJECT, CLIP_VIDEOS, clipStudy } from '../support/clip-study';
import { fakeClipMedia } from '../support/fake-clip-media';

const SAMPLE = join(ROOT, 'resources/sample-media/videos/churn-01.webm');
const skip = existsSync(CHROMIUM) ? null : `skipped: no Chromium at ${CHROMIUM}`;

describe.skipIf(skip !== null)('the reel page, opened from disk', () => {
  let base: string;
  let cache: Cache;
  let browser: Browser;
  let page: string;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'fw-reel-page-'));
    const out = join(base, 'out');
    mkdirSync(out);
    const study = await clipStudy();
    cache = study.cache;
    await study.highlight('i-a', 1, 1);
    await study.highlight('i-b', 3, 3);
    const sample = new Uint8Array(readFileSync(SAMPLE));
    const { media: fake } = fakeClipMedia();
    // Every "cut" and the reel are the whole sample recording: a real, playable WebM.
    const media: ClipMediaFns = {
      ...fake,
      cutClip: async (file, range, o) => ({ ...(await fake.cutClip(file, range, o)), bytes: sample }),
      joinClips: async (parts, o) => ({ ...(await fake.joinClips(parts, o)), bytes: sample }),
    };
    const summary = await exportClips(cache, {
      projectId: CLIP_PROJECT,
      selection: { kind: 'code', name: 'Price' },
      folder: out,
      reel: true,
      includeParticipant: true,
      media,
      videoFile: async (id) => CLIP_VIDEOS[id] ?? null,
    });
    page = join(out, summary.reel!.page);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await cache?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('plays the reel with its captions showing, lists the quotes, and loads nothing else', async () => {
    const tab = await browser.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    tab.on('request', (r) => requests.push(r.url()));
    tab.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    const url = pathToFileURL(page).href;
    await tab.goto(url);
    await tab.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && (v.readyState >= 1 || v.error !== null);
    });
    expect(await tab.evaluate(() => document.querySelector('video')!.error?.code ?? null)).toBeNull();
    // LOADED (2) or ERROR (3): a <track> refused from a file: URL ends in ERROR.
    await tab.waitForFunction(() => ((document.querySelector('track') as HTMLTrackElement | null)?.readyState ?? 0) >= 2);
    expect(await tab.evaluate(() => document.querySelector('track')!.readyState)).toBe(2);
    const track = await tab.evaluate(() => {
      const t = document.querySelector('video')!.textTracks[0]!;
      return { mode: t.mode, cues: [...(t.cues ?? [])].map((c) => (c as VTTCue).text) };
    });
    expect(track.mode).toBe('showing');
    expect(track.cues).toEqual(['<v P01>A friend told me about the recipes.', '<v Bea (P02)>The boxes were too dear.']);
    const quotes = tab.getByRole('listitem').filter({ has: tab.locator('blockquote') });
    await expect
      .poll(() => quotes.allInnerTexts())
      .toEqual([
        expect.stringMatching(/0:00–0:09\s+P01\s+Price\s+A friend told me about the recipes\./),
        expect.stringMatching(/0:09–0:18\s+Bea \(P02\)\s+Price\s+The boxes were too dear\./),
      ]);
    const elsewhere = requests.filter((r) => r !== url && r !== new URL('reel.webm', url).href && !r.startsWith('data:'));
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await tab.close();
  });
});
