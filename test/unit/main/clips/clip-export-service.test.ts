// The app's clip export over IPC, through the dispatcher with the contract's schemas and the thin handlers:
// clips.plan lists the code's segments in order with what stops each being cut and which captions
// redaction changes; clips.export cuts (with a fake media core) into a chosen folder only, leaves out what
// the researcher unticked, sends clips.progress, and clips.cancel removes everything it wrote.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clipChannels } from '../../../../src/shared/ipc/channels/clips';
import type { Cache } from '../../../../src/main/cache/cache';
import { createClipExportService } from '../../../../src/main/clips/clip-export-service';
import { planClips } from '../../../../src/main/clips/clip-plan';
import { AppError } from '../../../../src/main/errors';
import { EventHub, type AppEvent } from '../../../../src/main/events';
import type { ExactClipService } from '../../../../src/main/clips/exact-service';
import { clipHandlers } from '../../../../src/main/ipc/handlers/clips';
import { createDispatcher, typedCall } from '../../../../src/main/ipc/dispatcher';
import { JobRegistry } from '../../../../src/main/jobs/job-registry';
import { silentLogger } from '../../../../src/main/logging/logger';
import { NO_REDACTION, type Redactor } from '../../../../src/main/output/redactor';
import { CLIP_PROJECT, CLIP_VIDEOS, clipStudy } from '../../../support/clip-study';
import { fakeClipMedia } from '../../../support/fake-clip-media';

const REDACTOR: Redactor = { active: true, text: (s) => s.replace(/friend/g, '[Person A]'), participant: (id) => `Participant ${id.slice(2)}` };

let cache: Cache;
let highlight: Awaited<ReturnType<typeof clipStudy>>['highlight'];
let base: string;
let chosen: string;
let events: AppEvent[];
let media: ReturnType<typeof fakeClipMedia>;
let remembered: string[];

beforeEach(async () => {
  base = mkdtempSync(join(tmpdir(), 'fw-clip-service-'));
  chosen = join(base, 'chosen');
  mkdirSync(chosen);
  ({ cache, highlight } = await clipStudy());
  for (const [interview_id, file] of Object.entries(CLIP_VIDEOS)) {
    await cache.call('videos.save', {
      video: { interview_id, project_id: CLIP_PROJECT, file, content_type: 'video/webm', bytes_total: 1, bytes_done: 1, state: 'complete', updated_at: '' },
    });
  }
  events = [];
  media = fakeClipMedia();
  remembered = [];
});
afterEach(async () => {
  await cache.close();
  rmSync(base, { recursive: true, force: true });
});

function core(o: { cutDelay?: () => Promise<void> } = {}) {
  const hub = new EventHub();
  hub.subscribe((e) => events.push(e));
  const jobs = new JobRegistry();
  if (o.cutDelay) media = fakeClipMedia({ cutDelay: o.cutDelay });
  const clips = createClipExportService({
    runtimes: { get: async () => ({ cache }) as never },
    jobs,
    events: hub,
    exporter: {
      allowedFolder: (f) => {
        if (f !== chosen) throw new AppError('not_allowed', 'Choose the export folder with "Choose folder…" first.');
        return f;
      },
      remember: (f) => void remembered.push(f),
      redactor: async (_w, _p, redact) => (redact ? REDACTOR : NO_REDACTION),
    },
    media: async () => media.media,
  });
  const dispatch = createDispatcher(clipChannels, clipHandlers({ clips, exact: {} as ExactClipService }), silentLogger);
  return { dispatch, call: typedCall<typeof clipChannels>(dispatch), jobs };
}

const codeId = async () => (await cache.call('codes.list', { projectId: CLIP_PROJECT })).find((c) => c.name === 'Price')!.id;
const base3 = async () => ({ workspace_id: 'w1', project_id: CLIP_PROJECT, selection: { kind: 'code' as const, code_id: await codeId() } });

describe('planClips', () => {
  it('lists a code’s segments in the Codes view’s order, each with its label, span (with or without its video), video and why it cannot be cut', async () => {
    await highlight('i-c', 1, 1);
    await highlight('i-b', 3, 3);
    await highlight('i-a', 1, 3);
    await highlight('i-d', 1, 1);
    const plan = await planClips(cache, {
      projectId: CLIP_PROJECT,
      selection: { kind: 'code', id: await codeId() },
      padMs: 500,
      includeParticipant: true,
      media: media.media,
      videoFile: async (id) => CLIP_VIDEOS[id] ?? null,
    });
    expect(plan.title).toBe('Price');
    expect(plan.clips.map((c) => [c.source.interview_id, c.label, c.range, c.file !== null, c.reason?.slice(0, 20) ?? null])).toEqual([
      ['i-a', 'P01', { startMs: 12_500, endMs: 41_500 }, true, null],
      ['i-b', 'Bea (P02)', { startMs: 32_500, endMs: 41_500 }, true, null],
      ['i-c', 'Cy (P03)', { startMs: 12_500, endMs: 21_500 }, false, 'Its interview has no'],
      ['i-d', 'Dee (P04)', null, true, 'The service sent no '],
    ]);
    // Planning cuts nothing.
    expect(media.cuts).toEqual([]);
  });
});

describe('clips.* through IPC', () => {
  it('clips.plan: labels by pseudonym when redacted, and marks the clips whose captions redaction changes', async () => {
    await highlight('i-a', 1, 1);
    await highlight('i-b', 3, 3);
    await highlight('i-c', 1, 1);
    const { call } = core();
    const plain = await call('clips.plan', { ...(await base3()), include_participant: true });
    expect(plain.clips.map((c) => [c.label, c.video, c.redacted_words, c.reason === null])).toEqual([
      ['P01', true, false, true],
      ['Bea (P02)', true, false, true],
      ['Cy (P03)', false, false, false],
    ]);
    const redacted = await call('clips.plan', { ...(await base3()), include_participant: true, redact: true });
    expect(redacted.clips.map((c) => [c.label, c.redacted_words, c.quote])).toEqual([
      ['Participant a', true, 'A [Person A] told me about the recipes.'],
      ['Participant b', false, 'The boxes were too dear.'],
      ['Participant c', true, 'A [Person A] told me about the recipes.'],
    ]);
    expect(redacted.clips[0]).toMatchObject({ start_ms: 13_000, end_ms: 21_000 });
  });

  it('clips.plan says which recordings have a picture; clips.export with audio_only cuts each clip and the reel without it', async () => {
    await highlight('i-a', 1, 1);
    await highlight('i-b', 3, 3);
    await highlight('i-c', 1, 1);
    const { call } = core();
    // b's recording is sound only (an audio interview); a probe that cannot tell counts as a picture.
    media.media.hasPicture = async (file) => (file.includes('b.webm') ? false : file.includes('a.webm') ? true : null);
    const plan = await call('clips.plan', await base3());
    // c has no saved video: nothing was probed, so its picture is assumed and the warning is never missed.
    expect(plan.clips.map((c) => [c.label, c.picture])).toEqual([
      ['P01', true],
      ['P02', false],
      ['P03', true],
    ]);
    const view = await call('clips.export', { ...(await base3()), export_id: 'clip-export-sound', folder: chosen, reel: true, redact: true, audio_only: true });
    expect(media.cuts.map((c) => c.options?.audioOnly)).toEqual([true, true]);
    expect(view.clips.map((c) => c.file)).toEqual(['Price/clips/01 Participant a.ogg', 'Price/clips/02 Participant b.ogg']);
    expect(view.reel?.file).toBe('Price/reel.ogg');
    expect(view.notes.join('\n')).toContain('The picture was left out');
  });

  it('clips.plan refuses more than 500 highlights, and an unknown one, saying so', async () => {
    const { dispatch } = core();
    const many = await dispatch('clips.plan', { workspace_id: 'w1', project_id: CLIP_PROJECT, selection: { kind: 'highlights', ids: Array(501).fill('h') } });
    expect(many).toMatchObject({ ok: false, error: { message: expect.stringContaining('at most 500') } });
    const unknown = await dispatch('clips.plan', { workspace_id: 'w1', project_id: CLIP_PROJECT, selection: { kind: 'highlights', ids: ['nope'] } });
    expect(unknown).toMatchObject({ ok: false, error: { message: expect.stringContaining('not in this study') } });
  });

  it('clips.export: only into a chosen folder; cuts in order, leaves out the unticked, sends progress, and summarises', async () => {
    const a = await highlight('i-a', 1, 1);
    const b = await highlight('i-b', 3, 3);
    await highlight('i-c', 1, 1);
    const { call, dispatch } = core();
    const input = { ...(await base3()), export_id: 'clip-export-1', folder: chosen, reel: true, leave_out: [b] };
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(elsewhere);
    expect(await dispatch('clips.export', { ...input, folder: elsewhere })).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(readdirSync(elsewhere)).toEqual([]);

    const view = await call('clips.export', input);
    expect(view.location).toBe(join(chosen, 'Price'));
    expect(view.reveal).toBe(view.location);
    expect(view.clips.map((c) => [c.highlight_id, c.file, c.snapped])).toEqual([[a, 'Price/clips/01 P01.webm', true]]);
    expect(view.reel).toEqual({ file: 'Price/reel.webm', page: 'Price/index.html', duration_ms: expect.any(Number) });
    expect(view.left_out.map((l) => [l.participant, l.from, l.reason.slice(0, 20), l.chosen])).toEqual([
      ['P02', 'clips', 'You left it out.', true],
      ['P03', 'clips', 'Its interview has no', false],
    ]);
    expect(view.notes).toContain('1 segment you unticked was not cut.');
    expect(view.files).toBe(5);
    expect(view.notes.join('\n')).toMatch(/keyframe/);
    expect(media.cuts.map((c) => c.file)).toEqual(['/videos/a.webm']);
    expect(remembered).toEqual([chosen]);
    const progress = events.filter((e) => e.name === 'clips.progress').map((e) => e.payload);
    expect(progress.at(-1)).toEqual({ workspace_id: 'w1', export_id: 'clip-export-1', done: 2, total: 2, current: null });
    expect(progress.some((p) => 'current' in p && p.current === 'P01')).toBe(true);
    // Unknown fields are refused at the door (the contract's schema), not passed on.
    expect(JSON.stringify(view)).not.toContain('/videos/');
  });

  it('clips.cancel mid-export removes everything written', async () => {
    await highlight('i-a', 1, 1);
    await highlight('i-b', 1, 1);
    let cancel: (() => Promise<boolean>) | null = null;
    let n = 0;
    const { call } = core({
      cutDelay: async () => {
        if (++n === 2) expect(await cancel!()).toBe(true);
      },
    });
    cancel = () => call('clips.cancel', { export_id: 'clip-export-2' });
    await expect(call('clips.export', { ...(await base3()), export_id: 'clip-export-2', folder: chosen, reel: true })).rejects.toMatchObject({
      code: 'export_cancelled',
    });
    expect(readdirSync(chosen)).toEqual([]);
    expect(await call('clips.cancel', { export_id: 'clip-export-2' })).toBe(false);
  });
});
