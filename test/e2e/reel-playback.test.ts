// A reel made by joinClips plays in Chromium, as the researcher's stakeholders will watch it: the browser
// reads its length, decodes it to the end without an error, and loads its captions (the side-car .vtt from
// the reel's cues). The reel has no screen yet, so the page here is a bare <video>, served over loopback
// (a file:// page may not load a <track> from disk).
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWebVtt } from '../../src/main/clips/captions';
import { joinClips, type Reel } from '../../src/main/clips/reel';
import { CHROMIUM, launchBrowser, ROOT, watchPage } from '../support/browser';
import { useMediaDir } from '../support/media-tools';

const skip = existsSync(CHROMIUM) ? null : `skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
if (skip) console.warn(`e2e reel playback ${skip}`);

const video = (id: string) => join(ROOT, 'resources/sample-media/videos', `${id}.webm`);
const TYPES: Record<string, string> = { html: 'text/html', webm: 'video/webm', vtt: 'text/vtt' };

describe.skipIf(skip !== null)('a highlight reel in Chromium', { timeout: 60_000 }, () => {
  const media = useMediaDir('fieldwork-reel-play-');
  let reel: Reel;
  let server: Server;
  let base = '';
  let browser: Browser;

  beforeAll(async () => {
    reel = await joinClips([
      { input: video('churn-01'), range: { startMs: 3000, endMs: 9000 }, cues: [{ startMs: 500, endMs: 2500, speaker: 'Maya Cohen', text: 'Cost, really.' }] },
      { input: video('churn-02'), range: { startMs: 5000, endMs: 11_000 } },
      {
        input: video('packaging-10'),
        range: { startMs: 0, endMs: 4000 },
        cues: [{ startMs: 400, endMs: 3000, speaker: 'Interviewer', text: 'Before we look' }],
      },
    ]);
    media.write('reel.webm', reel.bytes);
    media.write('reel.vtt', new TextEncoder().encode(toWebVtt(reel.cues)));
    media.write(
      'index.html',
      new TextEncoder().encode(
        '<!doctype html><title>Reel</title><link rel="icon" href="data:,"><video src="reel.webm" muted><track kind="captions" src="reel.vtt" default></video>',
      ),
    );
    server = createServer((req, res) => {
      const name = (req.url ?? '/').slice(1) || 'index.html';
      const file = media.path(name);
      if (!/^[\w.-]+$/.test(name) || !existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[name.split('.').pop()!] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('plays to the end with its length and its captions', async () => {
    const page = await browser.newPage();
    const { problems } = watchPage(page);
    await page.goto(base);
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1);
    const meta = await page.evaluate(() => {
      const v = document.querySelector('video')!;
      return { duration: v.duration, width: v.videoWidth, height: v.videoHeight };
    });
    expect(meta.duration).toBeCloseTo(reel.durationMs / 1000, 1);
    expect([meta.width, meta.height]).toEqual([320, 240]);

    await page.waitForFunction(() => document.querySelector('track')!.readyState === 2);
    const cues = await page.evaluate(() =>
      Array.from(document.querySelector('video')!.textTracks[0]!.cues ?? [], (c) => ({ start: c.startTime, text: (c as VTTCue).text })),
    );
    expect(cues.map((c) => c.text)).toEqual(['<v Maya Cohen>Cost, really.', '<v Interviewer>Before we look']);
    expect(cues.map((c) => c.start)).toEqual(reel.cues.map((c) => expect.closeTo(c.startMs / 1000, 2)));

    await page.evaluate(() => {
      const v = document.querySelector('video')!;
      v.playbackRate = 4;
      void v.play();
    });
    await page.waitForFunction(() => document.querySelector('video')!.ended, undefined, { timeout: 30_000 });
    const end = await page.evaluate(() => {
      const v = document.querySelector('video')!;
      return { error: v.error?.message ?? null, time: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames };
    });
    expect(end.error).toBeNull();
    expect(end.time).toBeCloseTo(reel.durationMs / 1000, 0);
    // 5 fps: every clip's frames were decoded, not just the first.
    expect(end.frames).toBeGreaterThan((reel.durationMs / 1000) * 5 * 0.8);
    expect(problems).toEqual([]);
  });
});
