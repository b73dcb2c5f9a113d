import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/main/api/client';
import type { Cache } from '../../src/main/cache/cache';
import { silentLogger } from '../../src/main/logging/logger';
import { serveVideo } from '../../src/main/media/media-route';
import { NO_RECORDING_AT_SYNC, VideoStore } from '../../src/main/media/video-store';
import { SyncEngine } from '../../src/main/sync/engine';
import { failure, manualClock, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';
import { memoryCache } from '../support/workspace';

const clock = manualClock(Date.now());
let sb: TestSandbox;
let org: Org;
let cache: Cache;
let projectId: string;
const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'fw-vid-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  sb = await testSandbox({ clock, videoUrlTtlSeconds: 600 });
  org = await sb.newOrg({ trial_credits: 10 });
  projectId = (await org.client.createProject(projectBody({ title: 'Meal-kit churn: price and delivery' }))).id;
  await org.client.launchProject(projectId, 10);
  await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 3 });
  cache = await memoryCache();
  await new SyncEngine({ client: org.client, cache, log: silentLogger, now: clock.now }).run();
});
afterAll(async () => {
  await sb.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const store = (d: string, quota = 50 * 1024 * 1024) =>
  new VideoStore({ dir: d, cache, client: async () => org.client, quotaBytes: () => quota, log: silentLogger, now: clock.now });
/** A store whose service is unreachable (nothing listens on port 9): only what is saved locally can play. */
const offlineStore = (d: string, now: () => number = clock.now) =>
  new VideoStore({
    dir: d,
    cache,
    client: async () => createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: () => 'x', retry: { maxAttempts: 1 } }),
    quotaBytes: () => 1e9,
    log: silentLogger,
    now,
  });
const sampleFor = (interviewId: string) => {
  const key = (sb.context.db.prepare('SELECT video_key FROM interviews WHERE id = ?').get(interviewId) as { video_key: string }).video_key;
  return sb.context.media.videos.find((v) => `sample:${v.id}` === key)!;
};
async function readAll(body: NodeJS.ReadableStream | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body ?? []) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('offline video', () => {
  it('downloads a video with progress; it then plays from disk after its link expired, with the service gone', async () => {
    const { items } = await cache.call('interviews.list', { projectId });
    const id = items[0]!.id;
    const d = dir();
    const s = store(d);
    const progress: number[] = [];
    const file = await s.download(id, { onProgress: (p) => progress.push(p.done) });
    const original = readFileSync(sampleFor(id).path);
    expect(file.state).toBe('complete');
    expect(readFileSync(file.file).equals(original)).toBe(true);
    expect(progress.at(-1)).toBe(original.length);
    expect((await s.usage()).bytes).toBe(original.length);
    clock.advance(601_000);
    expect(await cache.call('interviews.liveVideoUrl', { id, nowMs: clock.now() })).toBeNull();
    // The service is unreachable now: the local copy needs nothing from it.
    const offline = offlineStore(d);
    const src = await offline.source(id);
    expect(src).toMatchObject({ kind: 'local', content_type: 'video/webm', size: original.length });
    const res = await serveVideo(offline, id, 'bytes=0-3');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-3/${original.length}`);
    expect((await readAll(res.body)).toString('hex')).toBe('1a45dfa3');
  });

  it('resumes a partial download with a Range request instead of starting over', async () => {
    const { items } = await cache.call('interviews.list', { projectId });
    const id = items[1]!.id;
    const d = dir();
    const original = readFileSync(sampleFor(id).path);
    const half = Math.floor(original.length / 2);
    writeFileSync(join(d, `${id}.part`), original.subarray(0, half));
    await cache.call('videos.save', {
      video: {
        interview_id: id,
        project_id: projectId,
        file: join(d, `${id}.part`),
        content_type: 'video/webm',
        bytes_total: original.length,
        bytes_done: half,
        state: 'partial',
        updated_at: '',
      },
    });
    const progress: number[] = [];
    const file = await store(d).download(id, { onProgress: (p) => progress.push(p.done) });
    expect(readFileSync(file.file).equals(original)).toBe(true);
    expect(progress[0]).toBeGreaterThan(half);
  });

  it('refuses a download that would go over the quota, and stores nothing', async () => {
    const { items } = await cache.call('interviews.list', { projectId });
    const id = items[2]!.id;
    await cache.call('videos.delete', { interviewId: id });
    const d = dir();
    const err = await failure(store(d, 1024).download(id));
    expect(err.code).toBe('quota_exceeded');
    expect(err.message).toMatch(/quota/);
    expect(existsSync(join(d, `${id}.webm`))).toBe(false);
  });

  it('never hands out an expired link: an expired stored link is replaced by a fresh one before playback', async () => {
    const { items } = await cache.call('interviews.list', { projectId });
    const id = items[2]!.id;
    clock.advance(601_000);
    const stale = (await cache.call('interviews.get', { id }))!.video_url!;
    const src = await store(dir()).source(id);
    expect(src.kind).toBe('remote');
    if (src.kind !== 'remote') return;
    expect(src.url).not.toBe(stale);
    expect(Date.parse(src.expires_at!)).toBeGreaterThan(clock.now());
    const res = await serveVideo(store(dir()), id, 'bytes=0-99');
    expect(res.status).toBe(206);
    expect((await readAll(res.body)).length).toBe(100);
  });

  it('a link that expires between check and request is refreshed once and the same range served', async () => {
    const { items } = await cache.call('interviews.list', { projectId });
    const id = items[2]!.id;
    const s = store(dir());
    await s.source(id, { refresh: true });
    // The stored link looks valid to the app, but the service's clock has moved past it.
    const rec = (await cache.call('interviews.get', { id }))!;
    await cache.call('interviews.updateVideoLink', { id, url: rec.video_url, expiresAt: new Date(clock.now() + 3_600_000).toISOString() });
    clock.advance(601_000);
    const res = await serveVideo(s, id, 'bytes=4-7');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toMatch(/^bytes 4-7\//);
  });

  it('offline and not downloaded: a clear message instead of an error', async () => {
    const { items } = await cache.call('interviews.list', { projectId });
    const id = items[2]!.id;
    const offline = offlineStore(dir(), () => clock.now() + 10 * 3_600_000);
    const src = await offline.source(id);
    expect(src).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/offline/i) });
    const res = await serveVideo(offline, id, undefined);
    expect(res.status).toBe(404);
  });

  it('offline, a record synced without a recording says so rather than that it was not downloaded', async () => {
    const { items } = await cache.call('interviews.list', { projectId });
    const id = items[2]!.id;
    const link = (await cache.call('interviews.get', { id }))!;
    // As a chat interview syncs: a complete record with no video link.
    await cache.call('interviews.updateVideoLink', { id, url: null, expiresAt: null });
    try {
      const offline = offlineStore(dir());
      const src = await offline.source(id);
      expect(src).toEqual({ kind: 'unavailable', reason: NO_RECORDING_AT_SYNC });
      expect(NO_RECORDING_AT_SYNC).not.toMatch(/offline|reach|connect/i);
    } finally {
      await cache.call('interviews.updateVideoLink', { id, url: link.video_url, expiresAt: link.video_url_expires_at });
    }
  });
});
