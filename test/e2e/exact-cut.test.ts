// Frame-exact clips in Chromium, as the app window makes them: main says what to cut (clips.exactSource: the saved
// video's media URL, never a path), the page re-encodes the span with WebCodecs (exact-cut.ts) and hands the
// bytes back (clips.exactWrite) into the chosen folder. ffprobe, an independent parser, checks the clip starts
// with a frame at 0 and lasts the span asked for to within one frame, where the keyframe cut of the same span
// (main's packet copy) starts up to 2 s earlier. The page loads the cutter itself, bundled from its source, to
// drive it directly; clips-exact-export.test.ts exports through the Export clips dialog.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutClip } from '../../src/main/clips/cut';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { ExactClipSourceView, ExactClipWrittenView } from '../../src/shared/ipc/channels/clips';
import { browserSkipReason, ROOT } from '../support/browser';
import { completeDemoInterviews, demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { exactCutBundle, type ExactCutWindow } from '../support/exact-cut-bundle';
import { HAS_FFMPEG, probe, run, warnIfNoFfmpeg } from '../support/media-tools';

const skip = browserSkipReason();
if (skip) console.warn(`e2e exact cut ${skip}`);
warnIfNoFfmpeg('e2e exact cut');

/** The sample recordings' frame rate (5 fps): one frame is 200 ms. */
const FRAME_MS = 200;
const WS = DEMO_WORKSPACE_ID;

/** Every video frame's time and whether it is a keyframe, as ffprobe reads them. */
function frames(file: string): { t: number; key: boolean }[] {
  const r = run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time,key_frame', '-of', 'csv=p=0', file]);
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => {
      const [key, t] = l.split(',');
      return { t: Number(t), key: key === '1' };
    });
}

describe.skipIf(skip !== null || !HAS_FFMPEG)('frame-exact clips in Chromium', { timeout: 120_000 }, () => {
  const e2e = useDemoStudy('Meal-kit churn');
  let out: string;
  let page: Page;
  let problems: string[];
  let interviewId: string;
  let highlightId: string;
  let videoFile: string;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'fw-exact-out-'));
    const withVideo = (await completeDemoInterviews(e2e.harness, e2e.studyId)).filter((r) => r.has_video);
    interviewId = withVideo[0]!.id;
    const runtime = await e2e.harness.core.runtimes.get(WS);
    await runtime.videos.download(interviewId);
    const saved = await runtime.cache.call('videos.get', { interviewId });
    expect(saved?.state).toBe('complete');
    videoFile = saved!.file;
    const detail = await demoInterview(e2e.harness, interviewId);
    const turn = detail.transcript.findIndex((t, i) => i > 0 && t.start_ms !== null && t.start_ms > 2000);
    highlightId = (
      await e2e.harness.core.call('highlights.add', {
        workspace_id: WS,
        project_id: e2e.studyId,
        interview_id: interviewId,
        start_turn: turn,
        start_offset: 0,
        end_turn: turn,
        end_offset: 4,
        start_ms: null,
        quote: detail.transcript[turn]!.text.slice(0, 4),
      })
    ).id;
    // The folder the researcher chose in the OS dialog (the memory desktop answers with it).
    e2e.harness.desktop.defaultFolder = out;
    expect(await e2e.harness.core.call('exports.chooseFolder', undefined)).toEqual({ folder: expect.any(String) });

    const bundle = await exactCutBundle(ROOT);
    ({ page, problems } = await e2e.openApp());
    // Served as a same-origin script, so the app's Content Security Policy (script-src 'self') stays as it is.
    await page.route('**/__test/exact-cut.js', (route) => route.fulfill({ contentType: 'text/javascript', body: bundle }));
    await page.addScriptTag({ url: '/__test/exact-cut.js' });
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** In the page: the highlight's video from clips.exactSource, `span` of it cut and written; the written clip and the progress reported. */
  const cutAndWrite = (span: { startMs: number; endMs: number }, stem: string) =>
    page.evaluate(
      async ({ ws, project, highlight, folder, span, stem }) => {
        const cutter = (window as unknown as ExactCutWindow).exactCut;
        const api = (
          window as unknown as { fieldwork: Record<string, Record<string, (i: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>>> }
        ).fieldwork;
        const src = await api.clips!.exactSource!({ workspace_id: ws, project_id: project, highlight_id: highlight, pad_ms: 0 });
        if (!src.ok) throw new Error(JSON.stringify(src.error));
        const s = src.value as ExactClipSourceView;
        const progress: number[] = [];
        const clip = await cutter.cutExactly(s.media_url, span, { onProgress: (p) => progress.push(p) });
        const written = await api.clips!.exactWrite!({
          workspace_id: ws,
          project_id: project,
          export_id: `exact-${stem}-0001`.replace(/[^A-Za-z0-9-]/g, '-'),
          folder,
          title: s.title,
          stem,
          bytes: clip.bytes,
          vtt: s.vtt,
        });
        if (!written.ok) throw new Error(JSON.stringify(written.error));
        return {
          source: s,
          written: written.value as ExactClipWrittenView,
          progress,
          durationMs: clip.durationMs,
          codecs: [clip.videoCodec, clip.audioCodec],
          can: await cutter.canCutExactly(),
        };
      },
      { ws: WS, project: e2e.studyId, highlight: highlightId, folder: out, span, stem },
    );

  it('cuts 3.3 s to 7.9 s with its first frame at 0 and its length within a frame, where the keyframe cut starts earlier', async () => {
    const span = { startMs: 3300, endMs: 7900 };
    const r = await cutAndWrite(span, '01 exact');
    expect(r.can).toEqual({ ok: true, codec: 'vp9/opus' });
    expect(r.codecs).toEqual(['vp9', 'opus']);
    expect(r.written.file).toBe('Highlights/clips/01 exact.webm');
    // Progress rose to the end, never back.
    expect(r.progress.length).toBeGreaterThan(1);
    expect(r.progress).toEqual([...r.progress].sort((a, b) => a - b));
    expect(r.progress.at(-1)).toBeCloseTo(1, 1);
    const file = join(out, r.written.file);
    const p = probe(file);
    expect(p.streams.map((s) => s.codec_name)).toEqual(expect.arrayContaining(['vp9', 'opus']));
    expect(Math.abs(p.durationS * 1000 - (span.endMs - span.startMs))).toBeLessThanOrEqual(FRAME_MS);
    expect(Math.abs(r.durationMs - (span.endMs - span.startMs))).toBeLessThanOrEqual(FRAME_MS);
    const f = frames(file);
    expect(f[0]).toEqual({ t: 0, key: true });
    // Every frame of the span is there: 4.6 s at 5 fps.
    expect(f.length).toBeGreaterThanOrEqual((span.endMs - span.startMs) / FRAME_MS - 1);

    // The same span cut as the CLI and a keyframe cut do it: it starts at the keyframe before 3.3 s (every 2 s).
    const keyframe = await cutClip(videoFile, span);
    expect(keyframe.snapped).toBe(true);
    expect(keyframe.actual.startMs).toBeLessThan(span.startMs - FRAME_MS);
    expect(keyframe.actual.startMs).toBeGreaterThanOrEqual(span.startMs - 2000 - FRAME_MS);
    const kfFile = join(out, 'keyframe.webm');
    writeFileSync(kfFile, keyframe.bytes);
    expect(probe(kfFile).durationS * 1000 - (span.endMs - span.startMs)).toBeGreaterThan(FRAME_MS);
    expect(problems).toEqual([]);
  });

  it("exports a highlight's own span, source to file, with its captions inside and beside it", async () => {
    const asked = await e2e.harness.core.call('clips.exactSource', { workspace_id: WS, project_id: e2e.studyId, highlight_id: highlightId, pad_ms: 300 });
    expect(asked.vtt).toMatch(/^WEBVTT\n\n00:00:00\.300 --> /);
    const done = await page.evaluate(
      ({ ws, project, highlight, folder }) => {
        type Bridge = Parameters<ExactCutWindow['exactCut']['exportExactClip']>[0];
        const ipc = (
          window as unknown as {
            fieldwork: { clips: Record<'exactSource' | 'exactWrite', (i: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>> };
          }
        ).fieldwork.clips;
        // What the dialog's store passes: each channel's value, or its error thrown.
        const unwrap = async (r: Promise<{ ok: boolean; value?: unknown; error?: unknown }>) => {
          const x = await r;
          if (!x.ok) throw new Error(JSON.stringify(x.error));
          return x.value as never;
        };
        const bridge: Bridge = { source: (i) => unwrap(ipc.exactSource(i)), write: (i) => unwrap(ipc.exactWrite(i)) };
        return (window as unknown as ExactCutWindow).exactCut.exportExactClip(bridge, {
          workspaceId: ws,
          projectId: project,
          highlightId: highlight,
          padMs: 300,
          includeParticipant: false,
          redact: false,
          folder,
          exportId: 'exact-highlight-0001',
          n: 2,
        });
      },
      { ws: WS, project: e2e.studyId, highlight: highlightId, folder: out },
    );
    expect(done).toMatchObject({ file: `Highlights/clips/02 ${asked.label}.webm`, vtt: `Highlights/clips/02 ${asked.label}.vtt`, codec: 'vp9/opus' });
    expect(done.requested).toEqual({ startMs: asked.start_ms, endMs: asked.end_ms });
    const file = join(out, done.file);
    const p = probe(file);
    expect(Math.abs(p.durationS * 1000 - (asked.end_ms - asked.start_ms))).toBeLessThanOrEqual(FRAME_MS);
    expect(frames(file)[0]).toEqual({ t: 0, key: true });
    expect(p.streams.map((s) => s.codec_type)).toEqual(expect.arrayContaining(['video', 'audio', 'subtitle']));
    expect(readFileSync(join(out, done.vtt), 'utf8')).toBe(asked.vtt);
    expect(problems).toEqual([]);
  });

  it('says how far it got and stops when cancelled', async () => {
    const r = await page.evaluate(
      async ({ ws, project, highlight }) => {
        const cutter = (window as unknown as ExactCutWindow).exactCut;
        const api = (window as unknown as { fieldwork: Record<string, Record<string, (i: unknown) => Promise<{ ok: boolean; value?: unknown }>>> }).fieldwork;
        const s = (await api.clips!.exactSource!({ workspace_id: ws, project_id: project, highlight_id: highlight, pad_ms: 0 })).value as ExactClipSourceView;
        const ac = new AbortController();
        const progress: number[] = [];
        const onProgress = (p: number) => {
          progress.push(p);
          if (p > 0.2) ac.abort();
        };
        try {
          await cutter.cutExactly(s.media_url, { startMs: 1000, endMs: 25_000 }, { signal: ac.signal, onProgress });
          return { code: null, progress };
        } catch (e) {
          return { code: (e as { code?: string }).code ?? String(e), progress };
        }
      },
      { ws: WS, project: e2e.studyId, highlight: highlightId },
    );
    expect(r.code).toBe('clip_exact_cancelled');
    expect(Math.max(...r.progress)).toBeGreaterThan(0.2);
    expect(Math.max(...r.progress)).toBeLessThan(1);
    expect(problems).toEqual([]);
  });
});
