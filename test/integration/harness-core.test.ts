import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, startHarness, type Harness } from '../support/browser';
import { ok } from '../support/ipc';

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
    const ws = await ok<{ id: string }>(h.core.dispatch('demo.start', undefined));
    const projects = await ok<{ items: { id: string; title: string }[]; synced_at: string | null }>(h.core.dispatch('projects.list', { workspace_id: ws.id }));
    expect(projects.synced_at).not.toBeNull();
    const churn = projects.items.find((p) => p.title === 'Meal-kit churn')!;
    const detail = await ok<{ guide: { questions: unknown[]; source: string }; report: { themes: unknown[] } }>(
      h.core.dispatch('projects.get', { workspace_id: ws.id, project_id: churn.id }),
    );
    expect(detail.guide).toMatchObject({ source: 'demo' });
    expect(detail.guide.questions).toHaveLength(4);
    expect(detail.report.themes.length).toBeGreaterThan(2);
    const list = await ok<{ items: { id: string; status: string; has_video: boolean }[] }>(
      h.core.dispatch('interviews.list', { workspace_id: ws.id, project_id: churn.id, status: 'COMPLETE' }),
    );
    const withVideo = list.items.find((i) => i.has_video)!;
    const source = await ok<{ kind: string; media_url: string }>(h.core.dispatch('videos.source', { workspace_id: ws.id, interview_id: withVideo.id }));
    expect(source.kind).toBe('remote');
    const res = await fetch(new URL(source.media_url, h.host.url), { headers: { range: 'bytes=0-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await res.arrayBuffer()).toString('hex')).toBe('1a45dfa3');
  });
});
