import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMediaDir } from '../../src/sandbox/server';
import { failure, manualClock, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

const clock = manualClock();
let sb: TestSandbox;
let org: Org;
let projectId: string;
beforeAll(async () => {
  sb = await testSandbox({ clock, videoUrlTtlSeconds: 3600 });
  org = await sb.newOrg({ trial_credits: 1000 });
  projectId = (await org.client.createProject(projectBody())).id;
  await org.client.launchProject(projectId, 300);
  const sim = await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 230, incomplete: 15, started: 5 });
  expect(sim.status).toBe(201);
});
afterAll(() => sb.close());

describe('GET /v1/projects/{id}/interviews', () => {
  it('defaults to 20 per page, newest completed first, every status included', async () => {
    const p = await org.client.listInterviews(projectId);
    expect(p).toMatchObject({ total: 250, page: 1, limit: 20, has_more: true });
    expect(p.items).toHaveLength(20);
    const times = p.items.map((i) => Date.parse(i.completed_at!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('caps limit at 100 and walks every page to the end without duplicates', async () => {
    expect((await org.client.listInterviews(projectId, { limit: 500 })).limit).toBe(100);
    const seen: string[] = [];
    let pages = 0;
    for await (const page of org.client.walkInterviews(projectId)) {
      pages++;
      seen.push(...page.items.map((i) => i.id));
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    const statuses = new Set((await org.client.listInterviews(projectId, { page: 3, limit: 100 })).items.map((i) => i.status));
    expect(statuses).toEqual(new Set(['COMPLETE', 'INCOMPLETE', 'STARTED']));
  });

  it('rejects page 0 and junk flags with 400', async () => {
    expect((await sb.raw('GET', `/v1/projects/${projectId}/interviews?page=0`, { key: org.apiKey })).status).toBe(400);
    expect((await sb.raw('GET', `/v1/projects/${projectId}/interviews?transcripts=maybe`, { key: org.apiKey })).status).toBe(400);
  });

  it('includes transcript and screener only when asked', async () => {
    const without = (await org.client.listInterviews(projectId, { limit: 1 })).items[0]!;
    expect(without.transcript).toBeUndefined();
    expect(without.screener).toBeUndefined();
    const withBoth = (await org.client.listInterviews(projectId, { limit: 1, transcripts: true, screener: true })).items[0]!;
    expect(withBoth.transcript!.length).toBeGreaterThan(2);
    expect(
      withBoth.transcript!.every((t) => (t.role === 'AI' || t.role === 'User') && t.text.length > 0 && t.start_ms !== null && t.end_ms! >= t.start_ms),
    ).toBe(true);
    expect(withBoth.screener).toBeNull();
    expect(withBoth.participant).toMatchObject({
      name: expect.any(String),
      email: expect.stringContaining('@'),
      fields: expect.objectContaining({ plan: expect.any(String) }),
    });
  });

  it('filters by interview_id', async () => {
    const any = (await org.client.listInterviews(projectId, { page: 2 })).items[3]!;
    const one = await org.client.listInterviews(projectId, { interview_id: any.id, transcripts: true });
    expect(one).toMatchObject({ total: 1, has_more: false });
    expect(one.items.map((i) => i.id)).toEqual([any.id]);
    expect((await org.client.listInterviews(projectId, { interview_id: '00000000-0000-4000-8000-000000000000' })).items).toEqual([]);
  });
});

describe('video links keep the contract', () => {
  it('every completed interview has a video_url string and video_url_expires_at, as raw JSON', async () => {
    // Read raw, not through the client's schema, which tolerates a null: the sandbox must not send one.
    const records: { id: string; status: string; video_url: unknown; video_url_expires_at: unknown }[] = [];
    for (let page = 1; ; page++) {
      const res = await sb.raw('GET', `/v1/projects/${projectId}/interviews?limit=100&page=${page}`, { key: org.apiKey });
      const body = (await res.json()) as { items: typeof records; has_more: boolean };
      records.push(...body.items);
      if (!body.has_more) break;
    }
    const completed = records.filter((r) => r.status === 'COMPLETE');
    expect(completed).toHaveLength(230);
    const broken = completed.filter((r) => typeof r.video_url !== 'string' || typeof r.video_url_expires_at !== 'string');
    expect(broken.map((r) => r.id)).toEqual([]);
    for (const r of completed) expect(Number.isNaN(Date.parse(r.video_url_expires_at as string))).toBe(false);
    // A started interview has no recording yet.
    expect(records.filter((r) => r.status === 'STARTED').every((r) => r.video_url === null)).toBe(true);
  });

  it('an interview without a sample video of its own plays the generic recording, which names no one', async () => {
    const generic = statSync(join(defaultMediaDir(), 'generic', 'recording.webm')).size;
    const items = (await org.client.listInterviews(projectId, { limit: 100, page: 2 })).items.filter((r) => r.status === 'COMPLETE');
    const sizes = await Promise.all(
      items.map(async (r) => {
        const res = await fetch(r.video_url!, { method: 'HEAD' });
        expect(res.status).toBe(200);
        return Number(res.headers.get('content-length'));
      }),
    );
    // 230 completed interviews are far more than the sample videos of one topic: most play the generic one.
    expect(sizes.filter((n) => n === generic).length).toBeGreaterThan(50);
    const thumb = await fetch(items[sizes.indexOf(generic)]!.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('signed video links', () => {
  it('play (with Range) until they expire; an expired or tampered link answers 403', async () => {
    const records = [];
    for await (const page of org.client.walkInterviews(projectId)) records.push(...page.items);
    const rec = records.find((r) => r.video_url)!;
    expect(Date.parse(rec.video_url_expires_at!) - clock.now()).toBeGreaterThan(3500_000);
    const ok = await fetch(rec.video_url!, { headers: { range: 'bytes=0-3' } });
    expect(ok.status).toBe(206);
    expect(Buffer.from(await ok.arrayBuffer()).toString('hex')).toBe('1a45dfa3');
    const tampered = rec.video_url!.replace(/sig=([^&]+)/, (_m, s: string) => `sig=${s.slice(0, -2)}xx`);
    expect((await fetch(tampered)).status).toBe(403);
    // A link is signed for one interview: it opens no other interview's recording.
    const otherInterview = rec.video_url!.replace(rec.id, records.find((r) => r.video_url && r.id !== rec.id)!.id);
    expect((await fetch(otherInterview)).status).toBe(403);
    clock.advance(3601_000);
    const expired = await fetch(rec.video_url!);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe('link_expired');
    const fresh = (await org.client.listInterviews(projectId, { interview_id: rec.id })).items[0]!;
    expect(fresh.video_url).not.toBe(rec.video_url);
    expect((await fetch(fresh.video_url!, { method: 'HEAD' })).status).toBe(200);
  });

  it('an unknown project answers 404', async () => {
    expect(await failure(org.client.listInterviews('00000000-0000-4000-8000-000000000000'))).toMatchObject({ status: 404 });
  });
});
