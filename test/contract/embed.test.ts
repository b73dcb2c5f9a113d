import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNIPPET_KEYS } from '../../src/shared/schemas/embed';
import { failure, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
let org: Org;
let project: { id: string; interview_id: string };
beforeAll(async () => {
  sb = await testSandbox();
  org = await sb.newOrg({ trial_credits: 10 });
  project = await org.client.createProject(projectBody());
});
afterAll(() => sb.close());

describe('embed information', () => {
  it('has the embed URL of the documented shape and all six snippets with the IDs substituted', async () => {
    const e = await org.client.getEmbed(project.id);
    expect(e.embed_url).toBe(`${sb.baseUrl}/call/embed/${project.interview_id}/${project.id}`);
    expect(e).toMatchObject({ interview_id: project.interview_id, project_id: project.id });
    expect(Object.keys(e.snippets).sort()).toEqual([...SNIPPET_KEYS].sort());
    for (const key of SNIPPET_KEYS) {
      const s = e.snippets[key];
      expect(s.includes(e.embed_url) || (s.includes(project.id) && s.includes(project.interview_id))).toBe(true);
      expect(s).not.toMatch(/\{(project|interview)_id\}|<project_id>|<interview_id>/);
    }
    expect(e.snippets.iframe).toContain('allow="camera; microphone');
    expect(e.snippets.widget_overlay_center).toContain('data-mode="overlay-center"');
    expect(e.snippets.widget_overlay_dock_right).toContain('data-mode="overlay-dock-right"');
    expect(e.snippets.mobile_modal).toContain('<Modal');
    expect((await fetch(`${sb.baseUrl}/widget.js`)).status).toBe(200);
  });
});

describe('allow-list', () => {
  it('starts empty, normalises on PUT, and an empty array clears it', async () => {
    expect(await org.client.getAllowList(project.id)).toEqual({ project_id: project.id, allowed_urls: [] });
    const put = await org.client.putAllowList(project.id, ['https://www.Example.com/path?q=1', 'http://shop.example.org:8080/x', 'https://www.example.com']);
    expect(put.allowed_urls).toEqual(['https://www.example.com', 'http://shop.example.org:8080']);
    expect((await org.client.getAllowList(project.id)).allowed_urls).toEqual(put.allowed_urls);
    expect((await org.client.putAllowList(project.id, [])).allowed_urls).toEqual([]);
  });

  it.each([
    ['a wildcard', '*.example.com'],
    ['no scheme', 'example.com'],
    ['a host without a dot', 'http://localhost:3000'],
    ['another scheme', 'ftp://files.example.com'],
  ])('refuses %s with 400 naming the entry, and keeps the previous list', async (_label, entry) => {
    await org.client.putAllowList(project.id, ['https://keep.example.com']);
    const err = await failure(org.client.putAllowList(project.id, ['https://fine.example.com', entry]));
    expect(err).toMatchObject({ status: 400, code: 'invalid_allowed_urls' });
    const entries = (err.details.service_details as { entries: { index: number; input: string }[] }).entries;
    expect(entries).toEqual([expect.objectContaining({ index: 1, input: entry })]);
    expect((await org.client.getAllowList(project.id)).allowed_urls).toEqual(['https://keep.example.com']);
  });
});

describe('the embed page is gated by the allow-list', () => {
  it('frame-ancestors lists exactly the allowed origins, and none when the list is empty', async () => {
    const launched = await org.client.createProject(projectBody());
    const url = (await org.client.getEmbed(launched.id)).embed_url;
    expect((await fetch(url)).status).toBe(403);
    await org.client.launchProject(launched.id, 1);
    const empty = await fetch(url);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    await org.client.putAllowList(launched.id, ['https://a.example.com', 'https://b.example.com:8443']);
    const allowed = await fetch(url);
    expect(allowed.headers.get('content-security-policy')).toMatch(/frame-ancestors https:\/\/a\.example\.com https:\/\/b\.example\.com:8443$/);
    const direct = (await org.client.listProjects()).find((p) => p.id === launched.id);
    expect(direct).toBeTruthy();
  });

  it('the direct call_url can never be framed', async () => {
    const p = await org.client.createProject(projectBody());
    const out = await org.client.launchProject(p.id, 1);
    if (out.kind !== 'launched') throw new Error('expected launch');
    await org.client.putAllowList(p.id, ['https://a.example.com']);
    expect((await fetch(out.result.call_url)).headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});
