// Main's half of frame-exact clips: what to cut (the media URL, never a path; the span and captions the clip
// export would use, redacted when asked), and the write back through the export sink, only into a folder the
// researcher chose, names made safe, nothing replaced.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { clipsExactChannels, MAX_EXACT_CLIP_BYTES } from '../../../../src/shared/ipc/channels/clips-exact';
import { createExactClipService, type ExactClipService, type ExactWriteRequest } from '../../../../src/main/clips/exact-service';
import { AppError } from '../../../../src/main/errors';
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
  exact = createExactClipService({ runtimes, exports: exporter, jobs, mediaUrl: (w, i) => `fieldwork-media://video/${w}/${i}` });
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

describe('clipsExact.source', () => {
  it("gives the saved video's media URL, the padded span of the highlight's turns and its captions timed from the span's start", async () => {
    const id = await highlight('i-b', 1, 1);
    const s = await source(id);
    expect(s).toEqual({
      media_url: 'fieldwork-media://video/w1/i-b',
      start_ms: 12_500,
      end_ms: 21_500,
      vtt: 'WEBVTT\n\n00:00:00.500 --> 00:00:08.500\n<v Interview 2>A friend told me about the recipes.\n\n',
      label: 'Interview 2',
      title: 'Highlights',
    });
    expect(s.media_url).not.toContain('/videos/');
    expect((await source(id, { include_participant: true })).label).toBe('Bea');
  });

  it('redacted: the pseudonym for the label and the speaker, and the redacted words in the captions', async () => {
    const s = await source(await highlight('i-b', 1, 1), { redact: true, include_participant: true });
    expect(s.label).toBe('Participant 01');
    expect(s.vtt).toContain('<v Participant 01>A [redacted] told me about the recipes.');
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

describe('clipsExact.write', () => {
  it('takes a bounded clip and WebVTT captions only', () => {
    const input = clipsExactChannels['clipsExact.write'].input;
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
      stem: '01 Interview 2',
      bytes,
      vtt: 'WEBVTT\n\n',
      ...o,
    });

  it('only into a folder chosen with exports.chooseFolder', async () => {
    expect(await failure(write())).toMatchObject({ code: 'not_allowed' });
    expect(readdirSync(out)).toEqual([]);
    await exporter.chooseFolder(undefined);
    const w = await write();
    expect(w).toMatchObject({ file: 'Highlights/clips/01 Interview 2.webm', vtt: 'Highlights/clips/01 Interview 2.vtt', bytes: bytes.length + 8 });
    expect(new Uint8Array(readFileSync(join(out, w.file)))).toEqual(bytes);
    expect(readFileSync(join(out, w.vtt), 'utf8')).toBe('WEBVTT\n\n');
  });

  it('never replaces a clip, and keeps names that would leave the folder inside it', async () => {
    await exporter.chooseFolder(undefined);
    await write();
    const again = await write();
    expect([again.file, again.vtt]).toEqual(['Highlights/clips/01 Interview 2 (2).webm', 'Highlights/clips/01 Interview 2 (2).vtt']);
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
});
