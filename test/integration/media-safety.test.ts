// Downloaded and streamed videos: only recordings (by their bytes) are kept or served, always with
// nosniff and a sandboxing CSP, and a link that points at this machine or the local network is refused
// unless the workspace's own service is there.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/main/api/client';
import type { Cache } from '../../src/main/cache/cache';
import { silentLogger } from '../../src/main/logging/logger';
import { isLocalHost, refuseMediaUrl } from '../../src/main/media/media-url-guard';
import { serveVideo } from '../../src/main/media/media-route';
import { VideoStore } from '../../src/main/media/video-store';
import type { InterviewRecord } from '../../src/shared/schemas/interview';
import { stubServer } from '../support/http-stub';
import { memoryCache } from '../support/workspace';

describe('refuseMediaUrl', () => {
  it.each([
    'http://127.0.0.1/v.webm',
    'http://127.8.9.10/v.webm',
    'http://10.0.0.5/v.webm',
    'http://172.16.0.1/v.webm',
    'http://172.31.255.255/v.webm',
    'http://192.168.1.20/v.webm',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/v.webm',
    'http://[::1]/v.webm',
    'http://[fe80::1]/v.webm',
    'http://[fd12:3456::1]/v.webm',
    'http://[::ffff:127.0.0.1]/v.webm',
    'http://[::ffff:a00:1]/v.webm',
    'http://localhost:8080/v.webm',
    'http://printer.local/v.webm',
  ])('refuses %s when the service is elsewhere', (url) => {
    expect(refuseMediaUrl(url, 'https://api.research.example.com')).toMatch(/points at this computer or its local network/);
  });

  it("allows public storage, and a local link on the same host as the workspace's own service", () => {
    expect(refuseMediaUrl('https://storage.example.com/v.webm?sig=1', 'https://api.research.example.com')).toBeNull();
    expect(refuseMediaUrl('http://172.15.0.1/v.webm', null)).toBeNull();
    expect(refuseMediaUrl('http://127.0.0.1:4011/media/v.webm', 'http://127.0.0.1:4010')).toBeNull();
    expect(refuseMediaUrl('http://127.0.0.2/v.webm', 'http://127.0.0.1:4010')).not.toBeNull();
  });

  it('refuses other schemes and unreadable links', () => {
    expect(refuseMediaUrl('file:///etc/passwd', null)).toMatch(/scheme file:/);
    expect(refuseMediaUrl('not a url', null)).toMatch(/cannot read/);
    expect(isLocalHost('example.com')).toBe(false);
  });
});

describe('downloads and the media route', () => {
  let cache: Cache;
  let dir: string;
  let server: Awaited<ReturnType<typeof stubServer>>;
  const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('....webm'), Buffer.alloc(2000, 1)]);
  const HTML = Buffer.from(`<!doctype html><html><body><script>alert(1)</script>${'x'.repeat(2000)}</body></html>`);

  const rec = (id: string, url: string): InterviewRecord => ({
    id,
    status: 'COMPLETE',
    completed_at: '2026-11-01T10:00:00Z',
    duration_minutes: 1,
    video_url: url,
    video_url_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    thumbnail_url: null,
    participant: null,
    transcript: [],
    screener: null,
  });
  const store = (baseUrl: string) =>
    new VideoStore({
      dir,
      cache,
      client: async () => ({ baseUrl, listInterviews: async () => ({ items: [], total: 0, page: 1, limit: 1, has_more: false }) }) as unknown as ApiClient,
      quotaBytes: () => 1e9,
      log: silentLogger,
    });

  beforeAll(async () => {
    cache = await memoryCache();
    dir = mkdtempSync(join(tmpdir(), 'fw-media-'));
    server = await stubServer([
      (req, res) => {
        const html = req.url?.includes('html');
        // "page" answers HTML and says so; "html" answers HTML but claims to be a video.
        res.writeHead(200, { 'content-type': req.url?.includes('page') ? 'text/html' : 'video/webm', 'content-length': String((html ? HTML : WEBM).length) });
        res.end(html ? HTML : WEBM);
      },
    ]);
    await cache.call('projects.saveList', {
      items: [{ id: 'p', title: 'P', status: 'IN_PROGRESS', created_at: null, recruiting: null } as never],
      syncedAt: 'now',
    });
    await cache.call('interviews.saveFullRecords', {
      projectId: 'p',
      items: [rec('good', `${server.url}/v.webm`), rec('html', `${server.url}/html`), rec('page', `${server.url}/html-page`)],
      now: 'now',
    });
  });
  afterAll(async () => {
    await cache.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a link whose bytes are HTML (whatever its content type says) is refused, and nothing is kept', async () => {
    await expect(store(server.url).download('html')).rejects.toMatchObject({ code: 'not_media' });
    expect(await cache.call('videos.get', { interviewId: 'html' })).toBeNull();
    expect(readdirSync(dir).filter((f) => f.startsWith('html'))).toEqual([]);
  });

  it('a recording is kept with the type its bytes show, and served with nosniff and a sandboxing CSP', async () => {
    const v = await store(server.url).download('good');
    expect(v.content_type).toBe('video/webm');
    expect(existsSync(v.file)).toBe(true);
    const res = await serveVideo(store(server.url), 'good', undefined);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/webm',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    res.body?.destroy();
  });

  it('streaming refuses an answer that is not media, and a local link when the service is elsewhere', async () => {
    const streamed = await serveVideo(store(server.url), 'html', undefined);
    // The stub says video/webm for the HTML: streaming trusts a media type, so this one plays through the
    // page's <video> (which never renders HTML) with nosniff and the sandboxing CSP.
    expect(streamed.headers['x-content-type-options']).toBe('nosniff');
    streamed.body?.destroy();
    const page = await serveVideo(store(server.url), 'page', undefined);
    expect(page.status).toBe(502);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    const elsewhere = await serveVideo(store('https://api.research.example.com'), 'html', undefined);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers['content-type']).toMatch(/^text\/plain/);
    await expect(store('https://api.research.example.com').download('html')).rejects.toMatchObject({ code: 'unsafe_link' });
  });
});
