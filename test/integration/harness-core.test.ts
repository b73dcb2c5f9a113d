import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, startHarness, type Harness } from '../support/browser';
import { present } from '../support/ipc';

const skip = browserSkipReason();
if (skip) console.warn(`harness core ${skip}`);

/** The demo through the same core the app runs, and the test host's stand-in for fieldwork-media:. */
describe.skipIf(skip !== null)('demo workspace through the core and the test host', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('has its guides in the cache, and plays a video through the media route with Range', async () => {
    const ws = await h.core.call('demo.start', undefined);
    const projects = await h.core.call('projects.list', { workspace_id: ws.id });
    expect(projects.synced_at).not.toBeNull();
    const churn = projects.items.find((p) => p.title === 'Meal-kit churn')!;
    const detail = present(await h.core.call('projects.get', { workspace_id: ws.id, project_id: churn.id }), 'the study');
    expect(detail.guide).toMatchObject({ source: 'demo' });
    expect(present(detail.guide).questions).toHaveLength(4);
    expect(present(detail.report).themes.length).toBeGreaterThan(2);
    const list = await h.core.call('interviews.list', { workspace_id: ws.id, project_id: churn.id, status: 'COMPLETE' });
    const withVideo = list.items.find((i) => i.has_video)!;
    const source = await h.core.call('videos.source', { workspace_id: ws.id, interview_id: withVideo.id });
    if (source.kind !== 'remote') throw new Error(`expected a remote video, got ${source.kind}`);
    const res = await fetch(new URL(source.media_url, h.host.url), { headers: { range: 'bytes=0-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await res.arrayBuffer()).toString('hex')).toBe('1a45dfa3');
  });
});
