import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { cutClip } from '../../src/main/clips/cut';
import { CHROMIUM, launchBrowser } from '../../test/support/browser';
import { exactCutBundle, type ExactCutWindow } from '../../test/support/exact-cut-bundle';
import { ms, ratio } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';
import { reelParts } from './reel';

/**
 * Row: frame-exact clips (issue 14 §1): CLIPS clips, one from each sample video (the video but its first and last
 * second, so no clip starts on a keyframe), re-encoded in Chromium with WebCodecs (exact-cut.ts: VP9/Opus), as the
 * app window makes them. The page reads each recording over loopback with range requests, as it reads the saved
 * video from main's media route. Baseline: the keyframe cuts of the same spans, copying packets in Node as main
 * and the CLI do. "× real time" is the clips' total length over the time to cut them all. Once to warm up, then RUNS times.
 */
const CLIPS = 10;
const RUNS = 3;
const GOAL_REAL_TIME = 5;

/** A loopback server for the page, the cutter's bundle and the sample videos, with the range requests a media route answers. */
async function serve(media: string, bundle: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1));
    if (name === '')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Exact cut</title><script src="/exact-cut.js"></script>');
    if (name === 'exact-cut.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    const file = join(media, name);
    if (!/^videos\/[\w.-]+\.webm$/.test(name) || !existsSync(file)) return void res.writeHead(404).end();
    const size = statSync(file).size;
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    res.writeHead(m ? 206 : 200, {
      'content-type': 'video/webm',
      'accept-ranges': 'bytes',
      'content-length': String(end - start + 1),
      ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  return { server, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/` };
}

export async function exactCutRow(ctx: Pick<BenchContext, 'root' | 'phase'>): Promise<BenchRow> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const media = join(ctx.root, 'resources/sample-media');
  const { parts } = reelParts(ctx.root, CLIPS);
  const spans = parts.map((p) => ({
    video: p.input
      .slice(media.length + 1)
      .split('\\')
      .join('/'),
    range: p.range,
  }));
  const totalMs = spans.reduce((n, s) => n + s.range.endMs - s.range.startMs, 0);
  const { server, url } = await serve(media, await exactCutBundle(ctx.root));
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    const cutAll = () =>
      page.evaluate(async (all) => {
        const cutter = (window as unknown as ExactCutWindow).exactCut;
        const start = performance.now();
        let bytes = 0;
        let codec = '';
        for (const s of all) {
          const clip = await cutter.cutExactly(`/${s.video}`, s.range);
          bytes += clip.bytes.length;
          codec = `${clip.videoCodec}/${clip.audioCodec}`;
        }
        return { ms: performance.now() - start, bytes, codec };
      }, spans);
    const keyframeAll = async () => {
      const start = performance.now();
      let bytes = 0;
      for (const p of parts) bytes += (await cutClip(p.input, p.range)).bytes.length;
      return { ms: performance.now() - start, bytes };
    };
    const runs = await ctx.phase(`exact cut: ${CLIPS} clips re-encoded in Chromium and cut at keyframes in Node, ${RUNS} runs each`, async () => {
      await cutAll();
      await keyframeAll();
      const exact: number[] = [];
      const keyframe: number[] = [];
      let last = { ms: 0, bytes: 0, codec: '' };
      let kfBytes = 0;
      for (let i = 0; i < RUNS; i++) {
        last = await cutAll();
        exact.push(last.ms);
        const k = await keyframeAll();
        keyframe.push(k.ms);
        kfBytes = k.bytes;
      }
      return { exact: summarize(exact), keyframe: summarize(keyframe), last, kfBytes };
    });
    const realTime = totalMs / runs.exact.p50;
    return {
      id: 'exact-cut',
      what: `${CLIPS} frame-exact clips from ${new Set(spans.map((s) => s.video)).size} sample videos, ${ms(totalMs)} in all (median of ${RUNS})`,
      value: [
        `re-encoded in Chromium (${runs.last.codec}): ${ms(runs.exact.p50)} (${ms(runs.exact.max)} slowest)`,
        `${realTime.toFixed(0)}× faster than real time`,
      ],
      baselines: [`keyframe cuts of the same spans (packet copy, Node): ${ms(runs.keyframe.p50)}`],
      ratio: [ratio(runs.exact.p50 / runs.keyframe.p50)],
      goals: [{ text: `≥ ${GOAL_REAL_TIME}× real time`, pass: realTime >= GOAL_REAL_TIME }],
      notes: [
        `Exact clips ${runs.last.bytes.toLocaleString('en-US')} bytes in all, keyframe clips ${runs.kfBytes.toLocaleString('en-US')} (these start up to 2 s earlier).`,
        'Headless Chromium encodes in software here; the sample videos are small (5 fps, 320×240), so a 1080p recording re-encodes far slower per second than this.',
      ],
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
