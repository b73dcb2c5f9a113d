import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src/main/core';
import { useCoreWithSandbox } from '../../../support/core';
import type { MemoryDesktop } from '../../../../src/main/desktop/ports';
import { serveStimulusMedia, toStimulusView } from '../../../../src/main/media/stimulus-media';
import type { StimulusRecord } from '../../../../src/shared/schemas/stimulus';
import { safeDropName, startTestHost, testHostMediaUrl, type TestHost } from '../../../../src/test-host/host';
import { ROOT } from '../../../support/browser';
import { projectBody, type Org, type TestSandbox } from '../../../support/sandbox';
import { err } from '../../../support/ipc';

const PNG_FILE = join(ROOT, 'resources/sample-media/stimuli/concept-a-kraft-box.png');
const PNG = readFileSync(PNG_FILE);
const setUp = useCoreWithSandbox({ dirPrefix: 'fw-stimuli-', core: { webhooks: false, mediaUrl: testHostMediaUrl } });
let sb: TestSandbox;
let core: Core;
beforeAll(() => {
  ({ sb, core } = setUp);
});

async function body(s: Readable | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s ?? []) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function stimuliStudy(): Promise<{ org: Org; ws: string; projectId: string; questions: string[]; stimulusId: string }> {
  const org = await sb.newOrg();
  const ws = (await core.call('workspaces.add', { name: `W ${org.orgId.slice(0, 6)}`, base_url: sb.baseUrl, api_key: org.apiKey })).id;
  const body = projectBody({ type: 'STIMULI' });
  const projectId = (await org.client.createProject(body)).id;
  const up = await core.call('stimuli.upload', {
    workspace_id: ws,
    project_id: projectId,
    file_token: core.pickedFiles.register(PNG_FILE),
    caption: 'Kraft box',
  });
  return { org, ws, projectId, questions: body.questions.map((q) => q.question), stimulusId: up.stimulus_id };
}

describe('stimuli.list and stimuli.assign', () => {
  it('lists from the cache with main’s media route in place of the service URL', async () => {
    const { ws, projectId, stimulusId } = await stimuliStudy();
    // The upload in stimuliStudy() told the desktop, for when the window is not in front.
    expect((core.desktop as MemoryDesktop).notifications.at(-1)).toEqual({
      title: 'Stimulus added',
      body: `concept-a-kraft-box.png was added to “${projectBody().title}”.`,
    });
    const [view] = await core.call('stimuli.list', { workspace_id: ws, project_id: projectId });
    expect(view).toMatchObject({ stimuli_id: stimulusId, kind: 'image', caption: 'Kraft box', question_items: [] });
    expect(view!.media_url).toBe(`/__fieldwork/media/stimulus/${encodeURIComponent(ws)}/${encodeURIComponent(projectId)}/${encodeURIComponent(stimulusId)}`);
    expect(JSON.stringify(view)).not.toContain(sb.baseUrl);
  });

  it('assigns questions and sets or clears the caption on the service, and the cache follows', async () => {
    const { org, ws, projectId, questions, stimulusId } = await stimuliStudy();
    const after = await core.call('stimuli.assign', {
      workspace_id: ws,
      project_id: projectId,
      stimuli_id: stimulusId,
      question_items: [questions[1]!, questions[0]!, questions[1]!],
      caption: 'Kraft box, matte',
    });
    expect(after[0]).toMatchObject({ question_items: [questions[1], questions[0]], caption: 'Kraft box, matte' });
    expect((await org.client.listStimuli(projectId)).items[0]).toMatchObject({ question_items: [questions[1], questions[0]], caption: 'Kraft box, matte' });
    // The offline copy: a later list (no service call) shows the same.
    expect((await core.call('stimuli.list', { workspace_id: ws, project_id: projectId }))[0]).toMatchObject({
      caption: 'Kraft box, matte',
    });

    // Caption omitted: unchanged. Caption null: cleared. Empty items: unassigned.
    await core.call('stimuli.assign', { workspace_id: ws, project_id: projectId, stimuli_id: stimulusId, question_items: [questions[0]!] });
    expect((await org.client.listStimuli(projectId)).items[0]).toMatchObject({ question_items: [questions[0]], caption: 'Kraft box, matte' });
    const cleared = await core.call('stimuli.assign', { workspace_id: ws, project_id: projectId, stimuli_id: stimulusId, question_items: [], caption: null });
    expect(cleared[0]!.question_items).toEqual([]);
    // The service reports a cleared caption as empty; either way there is none.
    expect(cleared[0]!.caption ?? '').toBe('');
  });

  it('a question text the guide does not have is refused by the service and changes nothing', async () => {
    const { org, ws, projectId, questions, stimulusId } = await stimuliStudy();
    await core.call('stimuli.assign', { workspace_id: ws, project_id: projectId, stimuli_id: stimulusId, question_items: [questions[0]!] });
    const e = await err(
      core.dispatch('stimuli.assign', { workspace_id: ws, project_id: projectId, stimuli_id: stimulusId, question_items: ['Not a question in this guide'] }),
    );
    expect(e.code).toBe('unknown_question');
    expect((await org.client.listStimuli(projectId)).items[0]!.question_items).toEqual([questions[0]]);
    expect((await core.call('stimuli.list', { workspace_id: ws, project_id: projectId }))[0]!.question_items).toEqual([questions[0]]);
  });

  it('input is validated: more than 30 items or a 301-character caption never reach the service', async () => {
    const e1 = await err(
      core.dispatch('stimuli.assign', { workspace_id: 'w', project_id: 'p', stimuli_id: 's', question_items: Array.from({ length: 31 }, (_, i) => `q${i}`) }),
    );
    const e2 = await err(
      core.dispatch('stimuli.assign', { workspace_id: 'w', project_id: 'p', stimuli_id: 's', question_items: [], caption: 'x'.repeat(301) }),
    );
    expect([e1.code, e2.code]).toEqual(['invalid_input', 'invalid_input']);
  });
});

describe('stimuli.upload only sends real files', () => {
  it('reads only a file the researcher picked or dropped: a path or a made-up token is refused, nothing sent', async () => {
    const { ws, projectId, org } = await stimuliStudy();
    const before = (await org.client.listStimuli(projectId)).items.length;
    expect((await err(core.dispatch('stimuli.upload', { workspace_id: ws, project_id: projectId, file_token: 'file_madeup' }))).code).toBe('not_allowed');
    expect((await err(core.dispatch('stimuli.upload', { workspace_id: ws, project_id: projectId, path: PNG_FILE } as never))).code).toBe('invalid_input');
    expect(() => core.pickedFiles.register('pack.png')).toThrow();
    expect((await org.client.listStimuli(projectId)).items.length).toBe(before);
  });

  it.each([
    ['a folder', ROOT, 'not_a_file'],
    ['a device', '/dev/zero', 'not_a_file'],
    ['a file that is not there', '/nonexistent/pack.png', 'file_unreadable'],
    ['a text file', join(ROOT, 'README.md'), 'unsupported_format'],
  ])('refuses %s', async (_label, path, code) => {
    const { ws, projectId, org } = await stimuliStudy();
    const before = (await org.client.listStimuli(projectId)).items.length;
    expect((await err(core.dispatch('stimuli.upload', { workspace_id: ws, project_id: projectId, file_token: core.pickedFiles.register(path) }))).code).toBe(
      code,
    );
    expect((await org.client.listStimuli(projectId)).items.length).toBe(before);
  });
});

describe('stimulus media route', () => {
  let server: Server;
  let base = '';
  const hits = new Map<string, number>();
  let dir: string;
  beforeAll(async () => {
    dir = join(setUp.dataDir, 'media-unit');
    server = createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
      if (req.headers['x-api-key'] || req.headers.authorization) return res.writeHead(400).end('credentials must never be sent');
      if (req.url === '/pack.png') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG);
      if (req.url === '/page.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
      if (req.url === '/huge.mp4') return res.writeHead(200, { 'content-length': String(200 * 1024 * 1024) }).end();
      res.writeHead(403).end('expired');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mkdirSync(dir, { recursive: true });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const rec = (id: string, path: string | null, kind: 'image' | 'video' = 'image'): StimulusRecord => ({
    stimuli_id: id,
    display_order: 0,
    image_url: kind === 'image' ? path : null,
    video_url: kind === 'video' ? path : null,
    caption: null,
    question_items: [],
  });
  const cache = (items: StimulusRecord[]) => ({ call: (async (op: string) => (op === 'stimuli.list' ? items : undefined)) as never });

  it('fetches once without credentials, serves by the sniffed type from disk, with Range, and from disk again', async () => {
    const d = { dir, cache: cache([rec('s1', `${base}/pack.png`)]) };
    const first = await serveStimulusMedia(d, 'p', 's1', undefined);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect((await body(first.body)).equals(PNG)).toBe(true);
    const part = await serveStimulusMedia(d, 'p', 's1', 'bytes=0-7');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect((await body(part.body)).equals(PNG.subarray(0, 8))).toBe(true);
    expect(hits.get('/pack.png')).toBe(1);
  });

  it('refuses what is not an image or video, an unreachable or expired link, and a file too large to be a stimulus; keeps nothing of them', async () => {
    const d = {
      dir,
      cache: cache([
        rec('html', `${base}/page.png`),
        rec('gone', `${base}/gone.png`),
        rec('huge', `${base}/huge.mp4`, 'video'),
        rec('file', 'file:///etc/passwd'),
      ]),
    };
    const html = await serveStimulusMedia(d, 'p', 'html', undefined);
    expect(html.status).toBe(502);
    expect((await body(html.body)).toString()).toMatch(/not an image or video/);
    expect((await serveStimulusMedia(d, 'p', 'gone', undefined)).status).toBe(502);
    const huge = await serveStimulusMedia(d, 'p', 'huge', undefined);
    expect(huge.status).toBe(502);
    expect((await body(huge.body)).toString()).toMatch(/larger than any stimulus/);
    expect((await serveStimulusMedia(d, 'p', 'file', undefined)).status).toBe(404);
    expect(hits.get('/etc/passwd')).toBeUndefined();
    expect(readdirSync(dir).filter((f) => !f.startsWith('s1-'))).toEqual([]);
  });

  it('a stimulus the cache does not know is 404: the renderer cannot name a URL for main to fetch', async () => {
    const r = await serveStimulusMedia({ dir, cache: cache([]) }, 'p', `${base}/pack.png`, undefined);
    expect(r.status).toBe(404);
  });

  it('toStimulusView swaps the URLs for the route and tells images from videos', () => {
    const route = (rel: string) => `fieldwork-media://${rel}`;
    expect(toStimulusView(rec('a/b', 'https://cdn.example/x.png'), route, 'w 1', 'p')).toMatchObject({
      kind: 'image',
      media_url: 'fieldwork-media://stimulus/w%201/p/a%2Fb',
    });
    expect(toStimulusView(rec('v', 'https://cdn.example/x.mp4', 'video'), route, 'w', 'p').kind).toBe('video');
    expect(toStimulusView(rec('n', null), route, 'w', 'p')).toMatchObject({ kind: null, media_url: null });
  });

  it('core.serveMedia routes stimulus/<w>/<p>/<s> to the cached record, and the list then says the file is saved here', async () => {
    const { ws, projectId, stimulusId } = await stimuliStudy();
    const saved = async () =>
      (await core.call('stimuli.list', { workspace_id: ws, project_id: projectId })).find((s) => s.stimuli_id === stimulusId)!.media_saved;
    expect(await saved()).toBe(false);
    const m = await core.serveMedia(`stimulus/${encodeURIComponent(ws)}/${encodeURIComponent(projectId)}/${encodeURIComponent(stimulusId)}`, undefined);
    expect(m.status).toBe(200);
    expect((await body(m.body)).equals(PNG)).toBe(true);
    expect(await saved()).toBe(true);
  });

  it('toStimulusView says saved only for the file fetched from the URL the record has now', async () => {
    const route = (rel: string) => `fieldwork-media://${rel}`;
    await serveStimulusMedia({ dir, cache: cache([rec('s1', `${base}/pack.png`)]) }, 'p', 's1', undefined);
    expect(toStimulusView(rec('s1', `${base}/pack.png`), route, 'w', 'p', dir).media_saved).toBe(true);
    // The same stimulus with a new file (a new address): the old copy is not it.
    expect(toStimulusView(rec('s1', `${base}/pack-2.png`), route, 'w', 'p', dir).media_saved).toBe(false);
    expect(toStimulusView(rec('s1', `${base}/pack.png`), route, 'w', 'p').media_saved).toBe(false);
  });
});

describe('test host file bridge (the stand-in for webUtils.getPathForFile)', () => {
  let host: TestHost;
  const renderer = mkdtempSync(join(tmpdir(), 'fw-renderer-'));
  beforeAll(async () => {
    host = await startTestHost({ core, rendererDir: renderer, bridgeScript: PNG_FILE });
  });
  afterAll(async () => {
    await host.close();
    rmSync(renderer, { recursive: true, force: true });
  });
  const post = (headers: Record<string, string>, data: Buffer) =>
    fetch(`${host.url}__fieldwork/files`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(data) });

  it('saves the bytes from the page’s own origin to a temp file named safely, and returns a token for it (never the path)', async () => {
    const res = await post({ origin: host.url.slice(0, -1), 'x-file-name': encodeURIComponent('../../Kraft box.png') }, PNG);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; path?: string };
    expect(body.path).toBeUndefined();
    const path = core.pickedFiles.resolve(body.token)!;
    expect(path.endsWith('/Kraft box.png')).toBe(true);
    expect(path.startsWith(tmpdir())).toBe(true);
    expect(readFileSync(path).equals(PNG)).toBe(true);
  });

  it('refuses another origin, and anything larger than a stimulus can be', async () => {
    expect((await post({ origin: 'https://evil.example', 'x-file-name': 'a.png' }, PNG)).status).toBe(403);
    expect((await post({ 'x-file-name': 'a.png' }, PNG)).status).toBe(403);
    const big = await new Promise<number>((resolve, reject) => {
      const u = new URL(`${host.url}__fieldwork/files`);
      // A raw request, so the declared length can be larger than what is sent: the host answers from the header.
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          headers: { origin: host.url.slice(0, -1), 'content-length': String(200 * 1024 * 1024) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(PNG);
    });
    expect(big).toBe(413);
  });

  it('the temp folder goes with the host', async () => {
    const res = await post({ origin: host.url.slice(0, -1), 'x-file-name': 'x.png' }, PNG);
    const path = core.pickedFiles.resolve(((await res.json()) as { token: string }).token)!;
    const h2 = await startTestHost({ core, rendererDir: renderer, bridgeScript: PNG_FILE });
    const r2 = await fetch(`${h2.url}__fieldwork/files`, {
      method: 'POST',
      headers: { origin: h2.url.slice(0, -1), 'x-file-name': 'y.png' },
      body: new Uint8Array(PNG),
    });
    const p2 = core.pickedFiles.resolve(((await r2.json()) as { token: string }).token)!;
    await h2.close();
    expect(existsSync(p2)).toBe(false);
    expect(existsSync(path)).toBe(true);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\r\\Desktop\\pack.png', 'pack.png'],
    ['.hidden.png', 'hidden.png'],
    ['a%00b.png', 'a_b.png'],
    ['', 'file'],
    ['%E0%A4%A', '%E0%A4%A'],
  ])('safeDropName(%j) is %j', (raw, expected) => {
    expect(safeDropName(raw)).toBe(expected);
  });
});
