// Main's half of frame-exact clips: what to cut (the media URL, never a path; the span and captions the clip
// export would use, redacted when asked), and the write back through the export sink, only into a folder the
// researcher chose, names made safe, nothing replaced.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { clipChannels, MAX_EXACT_CLIP_BYTES } from '../../../../src/shared/ipc/channels/clips';
import { createExactClipService, type ExactClipService, type ExactWriteRequest } from '../../../../src/main/clips/exact-service';
import { AppError } from '../../../../src/main/errors';
import type { ReelPart } from '../../../../src/main/clips/export';
import { toWebVtt } from '../../../../src/main/clips/captions';
import { createExportService, type ExportDeps, type ExportService } from '../../../../src/main/exports/export-service';
import { JobRegistry } from '../../../../src/main/jobs/job-registry';
import type { RuntimeManager } from '../../../../src/main/workspaces/runtime';
import { CLIP_PROJECT, CLIP_VIDEOS, clipStudy } from '../../../support/clip-study';
import { fakeRedactor } from '../../../support/fake-redactor';

let cache: Cache;
let highlight: Awaited<ReturnType<typeof clipStudy>>['highlight'];
let base: string;
let out: string;
let exporter: ExportService;
let exact: ExactClipService;
let jobs: JobRegistry;
/** The reel's join as the media core would be asked: the parts, in order. */
let joined: ReelPart[][];

beforeEach(async () => {
  base = mkdtempSync(join(tmpdir(), 'fw-exact-'));
  out = join(base, 'out');
  mkdirSync(out);
  ({ cache, highlight } = await clipStudy());
  for (const [interviewId, file] of Object.entries(CLIP_VIDEOS)) {
    await cache.call('videos.save', {
      video: {
        interview_id: interviewId,
        project_id: CLIP_PROJECT,
        file,
        content_type: 'video/webm',
        bytes_total: 10,
        bytes_done: 10,
        state: 'complete',
        updated_at: '2026-02-01T00:00:00Z',
      },
    });
  }
  const runtimes = { get: async () => ({ cache }) } as unknown as RuntimeManager;
  jobs = new JobRegistry();
  exporter = createExportService({
    runtimes,
    jobs,
    desktop: { chooseFolder: async () => out },
    folders: { chosen: () => false, remember: () => undefined, list: () => [] },
    redactorFor: async () => fakeRedactor([{ id: 'i-b', name: 'Bea' }], ['friend']),
  } as unknown as ExportDeps);
  joined = [];
  // A stand-in join: the exact clips' bytes end to end, each part placed after the one before.
  const media = async () => ({
    toWebVtt,
    joinClips: async (parts: ReelPart[]) => {
      joined.push(parts);
      let at = 0;
      const clips = parts.map((p) => {
        const placed = { actual: p.range, offsetMs: at };
        at += p.range.endMs - p.range.startMs;
        return placed;
      });
      const range = { startMs: 0, endMs: at };
      const cues = parts.flatMap((p, i) => (p.cues ?? []).map((q) => ({ ...q, startMs: q.startMs + clips[i]!.offsetMs, endMs: q.endMs + clips[i]!.offsetMs })));
      return {
        bytes: new Uint8Array([9, 9]),
        ext: 'webm' as const,
        requested: range,
        actual: range,
        durationMs: at,
        snapped: false,
        videoCodec: 'vp9',
        audioCodec: 'opus',
        captionsInside: true,
        clips,
        cues,
      };
    },
  });
  exact = createExactClipService({ runtimes, exports: exporter, jobs, mediaUrl: (w, i) => `fieldwork-media://video/${w}/${i}`, media });
});

afterEach(async () => {
  await cache.close();
  rmSync(base, { recursive: true, force: true });
});

const source = (highlight_id: string, o: { redact?: boolean; include_participant?: boolean } = {}) =>
  exact.source({ workspace_id: 'w1', project_id: CLIP_PROJECT, highlight_id, pad_ms: 500, include_participant: false, redact: false, ...o });

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('clips.exactSource', () => {
  it("gives the saved video's media URL, the padded span of the highlight's turns and its captions timed from the span's start", async () => {
    const id = await highlight('i-b', 1, 1);
    const s = await source(id);
    expect(s).toEqual({
      media_url: 'fieldwork-media://video/w1/i-b',
      start_ms: 12_500,
      end_ms: 21_500,
      vtt: 'WEBVTT\n\n00:00:00.500 --> 00:00:08.500\n<v P02>A friend told me about the recipes.\n\n',
      label: 'P02',
      title: 'Highlights',
    });
    expect(s.media_url).not.toContain('/videos/');
    expect((await source(id, { include_participant: true })).label).toBe('Bea (P02)');
  });

  it('redacted: the pseudonym for the label and the speaker, and the redacted words in the captions', async () => {
    const s = await source(await highlight('i-b', 1, 1), { redact: true, include_participant: true });
    expect(s.label).toBe('P01');
    expect(s.vtt).toContain('<v P01>A [redacted] told me about the recipes.');
    expect(s.vtt).not.toMatch(/Bea|friend/);
  });

  it('says what to do when the interview has no saved video, its turns have no time, or the highlight is not there', async () => {
    expect(await failure(source(await highlight('i-c', 1, 1)))).toMatchObject({ code: 'clip_no_video', message: expect.stringContaining('Save for offline') });
    expect(await failure(source(await highlight('i-d', 1, 1)))).toMatchObject({
      code: 'clip_unplaceable',
      message: expect.stringContaining('no readable time'),
    });
    expect((await failure(source('h-gone'))).message).toContain('h-gone');
  });
});

describe('clips.exactWrite', () => {
  it('takes a bounded clip and WebVTT captions only', () => {
    const input = clipChannels['clips.exactWrite'].input;
    const ok = {
      workspace_id: 'w1',
      project_id: CLIP_PROJECT,
      export_id: 'exact-0001',
      folder: out,
      title: 'Highlights',
      stem: '01 x',
      bytes: new Uint8Array(4),
      vtt: 'WEBVTT\n\n',
    };
    expect(input.safeParse(ok).success).toBe(true);
    expect(input.safeParse({ ...ok, vtt: '<script>' }).success).toBe(false);
    expect(input.safeParse({ ...ok, bytes: new Uint8Array(0) }).success).toBe(false);
    expect(input.safeParse({ ...ok, bytes: [1, 2, 3] }).success).toBe(false);
    expect(MAX_EXACT_CLIP_BYTES).toBe(512 * 1024 * 1024);
  });

  const bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
  const write = (o: Partial<ExactWriteRequest> = {}) =>
    exact.write({
      workspace_id: 'w1',
      project_id: CLIP_PROJECT,
      export_id: 'exact-0001',
      folder: out,
      title: 'Highlights',
      stem: '01 P02',
      bytes,
      vtt: 'WEBVTT\n\n',
      ...o,
    });

  it('only into a folder chosen with exports.chooseFolder', async () => {
    expect(await failure(write())).toMatchObject({ code: 'not_allowed' });
    expect(readdirSync(out)).toEqual([]);
    await exporter.chooseFolder(undefined);
    const w = await write();
    expect(w).toMatchObject({ file: 'Highlights/clips/01 P02.webm', vtt: 'Highlights/clips/01 P02.vtt', bytes: bytes.length + 8 });
    expect(new Uint8Array(readFileSync(join(out, w.file)))).toEqual(bytes);
    expect(readFileSync(join(out, w.vtt), 'utf8')).toBe('WEBVTT\n\n');
  });

  it('never replaces a clip, and keeps names that would leave the folder inside it', async () => {
    await exporter.chooseFolder(undefined);
    await write();
    const again = await write();
    expect([again.file, again.vtt]).toEqual(['Highlights/clips/01 P02 (2).webm', 'Highlights/clips/01 P02 (2).vtt']);
    const odd = await write({ title: '../../escape', stem: '../x/..\\y' });
    // Each name is one safe segment: the clip is two folders down in the chosen one, whatever was asked.
    expect(odd.file).toBe('_.._escape/clips/_x_.._y.webm');
    expect(existsSync(join(out, odd.file))).toBe(true);
    expect(existsSync(join(base, 'escape'))).toBe(false);
  });

  it('cancelled by exports.cancel with its export id: nothing left behind', async () => {
    await exporter.chooseFolder(undefined);
    const big = new Uint8Array(64 << 20);
    const writing = write({ bytes: big, export_id: 'exact-cancel-1' });
    expect(jobs.cancel('exact-cancel-1')).toBe(true);
    expect(await failure(writing)).toMatchObject({ code: 'export_cancelled' });
    expect(readdirSync(out, { recursive: true })).toEqual([]);
  });

  it('one export, one sink: cancelling it after two clips removes both, and the folder is as it was', async () => {
    await exporter.chooseFolder(undefined);
    await write({ export_id: 'exact-two-1' });
    await write({ export_id: 'exact-two-1', stem: '02 P03' });
    expect(readdirSync(join(out, 'Highlights/clips')).sort()).toEqual(['01 P02.vtt', '01 P02.webm', '02 P03.vtt', '02 P03.webm']);
    expect(jobs.cancel('exact-two-1')).toBe(true);
    // The sink undoes on the job's signal: wait for the folder it made to go.
    await expect.poll(() => readdirSync(out)).toEqual([]);
    expect((await failure(exact.finish(finishReq('exact-two-1', [])))).code).toBe('clip_export_gone');
  });
});

const finishReq = (export_id: string, clips: { highlight_id: string; file: string; duration_ms: number }[], o: { reel?: boolean; redact?: boolean } = {}) => ({
  workspace_id: 'w1',
  project_id: CLIP_PROJECT,
  export_id,
  folder: out,
  pad_ms: 500,
  include_participant: true,
  redact: o.redact ?? false,
  title: 'Highlights',
  reel: o.reel ?? true,
  clips,
  left_out: [
    { highlight_id: 'h-x', participant: 'P04', reason: 'You left it out.', chosen: true },
    { highlight_id: 'h-y', participant: 'P05', reason: 'Its interview has no saved video.', chosen: false },
  ],
  codec: 'vp9/opus',
});

describe('clips.exactFinish', () => {
  const vtt = 'WEBVTT\n\n';
  const writeClip = (export_id: string, stem: string) =>
    exact.write({ workspace_id: 'w1', project_id: CLIP_PROJECT, export_id, folder: out, title: 'Highlights', stem, bytes: new Uint8Array([1, 2, 3]), vtt });

  it('joins the clips the export wrote, in order, into the reel, its captions and page, and sums up like a keyframe export', async () => {
    await exporter.chooseFolder(undefined);
    const [h1, h2] = [await highlight('i-b', 1, 1), await highlight('i-a', 0, 0)];
    const a = await writeClip('exact-fin-1', '01 Bea');
    const b = await writeClip('exact-fin-1', '02 Ann');
    const view = await exact.finish(
      finishReq('exact-fin-1', [
        { highlight_id: h1, file: a.file, duration_ms: 9000 },
        { highlight_id: h2, file: b.file, duration_ms: 4000 },
      ]),
    );
    // The written files themselves, whole, with their captions from their start.
    expect(joined).toEqual([
      [
        expect.objectContaining({ input: join(out, a.file), range: { startMs: 0, endMs: 9000 } }),
        expect.objectContaining({ input: join(out, b.file), range: { startMs: 0, endMs: 4000 } }),
      ],
    ]);
    expect(joined[0]![0]!.cues![0]).toMatchObject({ startMs: 500, text: 'A friend told me about the recipes.' });
    expect(view.reel).toEqual({ file: 'Highlights/reel.webm', page: 'Highlights/index.html', duration_ms: 13_000 });
    expect(view.files).toBe(7);
    expect(view.location).toBe(join(out, 'Highlights'));
    expect(view.clips.map((c) => [c.participant, c.file, c.end_ms - c.start_ms, c.snapped])).toEqual([
      ['Bea (P02)', a.file, 9000, false],
      [expect.any(String), b.file, 4000, false],
    ]);
    expect(view.notes).toEqual(
      expect.arrayContaining(['2 clips cut from the saved videos, nothing uploaded.', 'Cuts are frame-exact (re-encoded as VP9/Opus).']),
    );
    // What the researcher unticked is a count; what could not be cut is named with its reason.
    expect(view.notes).toContain('1 segment you unticked was not cut.');
    expect(view.notes.join(' ')).toContain('1 segment left out of the clips (P05): Its interview has no saved video.');
    expect(view.left_out).toEqual([
      { highlight_id: 'h-x', participant: 'P04', reason: 'You left it out.', from: 'clips', chosen: true },
      { highlight_id: 'h-y', participant: 'P05', reason: 'Its interview has no saved video.', from: 'clips', chosen: false },
    ]);
    const page = readFileSync(join(out, 'Highlights/index.html'), 'utf8');
    expect(page).toContain('Cuts are frame-exact');
    expect(page).toContain('A friend told me about the recipes.');
    expect(readFileSync(join(out, 'Highlights/reel.vtt'), 'utf8')).toContain('00:00:00.500 --> 00:00:08.500');
    // Done: cancelling now changes nothing.
    expect(jobs.cancel('exact-fin-1')).toBe(false);
    expect(existsSync(join(out, a.file))).toBe(true);
  });

  it('redacted: the page and the notes say so, with the pseudonyms', async () => {
    await exporter.chooseFolder(undefined);
    const h = await highlight('i-b', 1, 1);
    const a = await writeClip('exact-fin-r', '01 P01');
    const view = await exact.finish(finishReq('exact-fin-r', [{ highlight_id: h, file: a.file, duration_ms: 9000 }], { redact: true }));
    expect(view.redacted).toBe(true);
    expect(view.notes.join(' ')).toContain('Redacted:');
    expect(view.clips[0]!.participant).toBe('P01');
    expect(readFileSync(join(out, 'Highlights/index.html'), 'utf8')).not.toMatch(/Bea|friend/);
  });

  it('reads only files this export wrote: another is refused and the export is undone', async () => {
    await exporter.chooseFolder(undefined);
    const h = await highlight('i-b', 1, 1);
    const a = await writeClip('exact-fin-2', '01 Bea');
    const e = await failure(exact.finish(finishReq('exact-fin-2', [{ highlight_id: h, file: '../secret.webm', duration_ms: 1000 }])));
    expect(e.code).toBe('not_allowed');
    expect(joined).toEqual([]);
    expect(existsSync(join(out, a.file))).toBe(false);
    expect(readdirSync(out)).toEqual([]);
  });

  it('without a reel: only the clips, and no reel in the summary', async () => {
    await exporter.chooseFolder(undefined);
    const h = await highlight('i-b', 1, 1);
    const a = await writeClip('exact-fin-3', '01 Bea');
    const view = await exact.finish(finishReq('exact-fin-3', [{ highlight_id: h, file: a.file, duration_ms: 9000 }], { reel: false }));
    expect(view.reel).toBeNull();
    expect(joined).toEqual([]);
    expect(view.files).toBe(2);
  });
});
