// No field the service adds crosses IPC by accident. A proxy in front of the sandbox adds fields this
// client has never heard of (a signed URL, a key) to every object of every JSON answer, outside the
// open maps the contract says may hold any key (participant metadata, screener questions and answers).
// Every contract channel is then called, and neither the added values nor the records' own signed video
// links may appear in any result, error or event: results are built field by field from what the client
// knows, never passed through. The table of calls is typed by the contract, so a new channel must be
// added here before the suite compiles.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { createMemoryDesktop } from '../../src/main/desktop/ports';
import { silentLogger } from '../../src/main/logging/logger';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { channelNames, type IpcContract } from '../../src/shared/ipc/contract';
import type { InputOf } from '../../src/shared/ipc/define';
import { ROOT } from '../support/browser';
import { projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';
import { WORKER } from '../support/workspace';

const EXTRA = 'EXTRA_FIELD_CANARY_5d1c';
const EXTRA_FIELDS = { zz_signed_url: `https://cdn.example/${EXTRA}?sig=1`, zz_api_key: `ak_${EXTRA}`, zz_nested: { token: `tok_${EXTRA}` } };
/** Keys whose values are open maps by contract: what they hold is the researcher's data, kept as sent. */
// upload_fields are the storage service's form fields, passed on to it as they are and never shown.
const OPEN_MAPS = new Set(['participant', 'screener', 'upload_fields']);

function addExtras(v: unknown, key: string | null): unknown {
  if (key !== null && OPEN_MAPS.has(key)) return v;
  if (Array.isArray(v)) return v.map((x) => addExtras(x, null));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = addExtras(x, k);
    return { ...out, ...EXTRA_FIELDS };
  }
  return v;
}

/** Signed video links the service handed out (they must stay in main: the page gets fieldwork-media URLs). */
const signedLinks = new Set<string>();
function collectLinks(v: unknown): void {
  if (Array.isArray(v)) v.forEach(collectLinks);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'video_url' || k === 'upload_url') && typeof x === 'string') signedLinks.add(x);
      else collectLinks(x);
    }
  }
}

async function startProxy(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k))) as Record<
        string,
        string
      >;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      fetch(target + req.url, { method: req.method, headers, body, redirect: 'manual' })
        .then(async (up) => {
          const type = up.headers.get('content-type') ?? '';
          let payload = Buffer.from(await up.arrayBuffer());
          if (type.includes('application/json') && payload.length) {
            const parsed = JSON.parse(payload.toString('utf8')) as unknown;
            collectLinks(parsed);
            payload = Buffer.from(JSON.stringify(addExtras(parsed, null)));
          }
          const out: Record<string, string> = {};
          up.headers.forEach((value, k) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = value;
          });
          res.writeHead(up.status, { ...out, 'content-length': String(payload.length) });
          res.end(payload);
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let sb: TestSandbox;
let org: Org;
let proxy: { url: string; server: Server };
let core: Core;
const desktop = createMemoryDesktop();
const dataDir = mkdtempSync(join(tmpdir(), 'fw-extra-'));
const answers: { channel: string; answer: unknown }[] = [];
const events: unknown[] = [];

beforeAll(async () => {
  sb = await testSandbox({ reportDurationMs: 0, videoUrlTtlSeconds: 3600 });
  org = await sb.newOrg({ balance_cents: 1_000_000, trial_credits: 50 });
  proxy = await startProxy(sb.baseUrl);
  core = createCore({
    dataDir,
    mediaDir: join(ROOT, 'resources/sample-media'),
    secrets: createMemoryStore(null),
    log: silentLogger,
    version: 'extra',
    platform: 'test',
    cacheWorker: WORKER,
    desktop,
  });
  core.events.subscribe((e) => events.push(e));
});

afterAll(async () => {
  await core?.close();
  await new Promise((r) => proxy?.server.close(r));
  await sb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Channel = keyof IpcContract & string;
/** How this test calls each channel: the input (from what earlier calls left in `ids`), or null to skip with the reason. */
type Plan = { [K in Channel]: ((ids: Ids) => InputOf<IpcContract[K]>) | { skip: string } };
type Ids = {
  ws: string;
  project: string;
  stimuliProject: string;
  interview: string;
  stimulus: string;
  highlight: string;
  file: string;
  version: number;
  code: string;
  otherCode: string;
  reel: string;
};

const PLAN: Plan = {
  'app.info': () => undefined,
  'app.copyText': () => ({ text: 'copied' }),
  'app.showInFolder': (i) => ({ path: i.file }),
  'app.logRendererError': () => ({ view: 'test', message: 'a renderer error' }),
  'workspaces.list': () => undefined,
  'workspaces.add': () => ({ name: 'Second', base_url: proxy.url, api_key: org.apiKey }),
  'workspaces.activate': (i) => ({ workspace_id: i.ws }),
  'workspaces.remove': { skip: 'called last, by hand, so the workspace stays for the other channels' },
  'demo.start': { skip: 'the demo runs its own sandbox, not the proxied service' },
  'projects.list': (i) => ({ workspace_id: i.ws }),
  'projects.get': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'credits.get': (i) => ({ workspace_id: i.ws }),
  'credits.lastLaunchPrice': (i) => ({ workspace_id: i.ws }),
  'sync.run': (i) => ({ workspace_id: i.ws }),
  'sync.status': (i) => ({ workspace_id: i.ws }),
  'sync.cancel': (i) => ({ workspace_id: i.ws }),
  'interviews.list': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'interviews.get': (i) => ({ workspace_id: i.ws, interview_id: i.interview }),
  'interviews.neighbours': (i) => ({ workspace_id: i.ws, project_id: i.project, interview_id: i.interview }),
  'search.query': (i) => ({ workspace_id: i.ws, query: 'the' }),
  'search.askedIn': (i) => ({ workspace_id: i.ws, project_id: i.project, question_key: 'how do you feel', offset: 0, limit: 50 }),
  'search.locateQuote': (i) => ({ workspace_id: i.ws, project_id: i.project, quote: 'the' }),
  'reports.start': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'reports.poll': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'reports.versions': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'reports.diff': (i) => ({ workspace_id: i.ws, project_id: i.project, from_id: i.version, to_id: i.version }),
  'videos.source': (i) => ({ workspace_id: i.ws, interview_id: i.interview }),
  'videos.download': (i) => ({ workspace_id: i.ws, interview_id: i.interview }),
  'videos.cancel': () => ({ job_id: 'no-such-job' }),
  'videos.usage': (i) => ({ workspace_id: i.ws }),
  'videos.remove': (i) => ({ workspace_id: i.ws, interview_id: i.interview }),
  'stimuli.upload': (i) => ({
    workspace_id: i.ws,
    project_id: i.stimuliProject,
    file_token: core.pickedFiles.register(i.file),
    caption: 'Pack',
    question_items: [projectBody().questions[0]!.question],
  }),
  'stimuli.cancel': () => ({ upload_id: 'no-such-upload' }),
  'stimuli.list': (i) => ({ workspace_id: i.ws, project_id: i.stimuliProject }),
  'stimuli.assign': (i) => ({
    workspace_id: i.ws,
    project_id: i.stimuliProject,
    stimuli_id: i.stimulus,
    question_items: [projectBody().questions[0]!.question],
  }),
  'highlights.add': (i) => ({
    workspace_id: i.ws,
    project_id: i.project,
    interview_id: i.interview,
    start_turn: 0,
    start_offset: 0,
    end_turn: 0,
    end_offset: 3,
    start_ms: 0,
    quote: 'Hel',
  }),
  'highlights.update': (i) => ({ workspace_id: i.ws, id: i.highlight, note: 'a note' }),
  'highlights.delete': (i) => ({ workspace_id: i.ws, id: i.highlight }),
  'highlights.list': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'codes.list': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'codes.create': (i) => ({ workspace_id: i.ws, project_id: i.project, name: 'Pricing', description: 'Talk of cost' }),
  'codes.update': (i) => ({ workspace_id: i.ws, id: i.code, color: '#2e9e6a' }),
  'codes.merge': (i) => ({ workspace_id: i.ws, from_id: i.otherCode, into_id: i.code }),
  'codes.segments': (i) => ({ workspace_id: i.ws, id: i.code }),
  'codes.delete': (i) => ({ workspace_id: i.ws, id: i.code }),
  'codes.fromReport': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'agreement.coders': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'agreement.compare': (i) => ({ workspace_id: i.ws, project_id: i.project, coder_a: null, coder_b: 'AI report' }),
  'notes.add': (i) => ({ workspace_id: i.ws, project_id: i.project, body: 'A memo' }),
  'notes.list': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'settings.get': () => undefined,
  'settings.set': () => ({ sync_interval_minutes: 30 }),
  'studies.generate': (i) => ({ workspace_id: i.ws, research_objective: 'Why do people cancel meal kits?' }),
  'studies.create': (i) => ({ workspace_id: i.ws, ...projectBody({ title: 'Created here' }) }),
  'studies.update': (i) => ({ workspace_id: i.ws, project_id: i.stimuliProject, title: 'Renamed' }),
  'studies.launch': (i) => ({ workspace_id: i.ws, project_id: i.project, target_participants: 5 }),
  'studies.createExternal': (i) => ({ workspace_id: i.ws, organisation_id: org.orgId, title: 'External', research_objective: 'Why people switch' }),
  'embed.get': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'embed.setAllowList': (i) => ({ workspace_id: i.ws, project_id: i.project, allowed_urls: ['https://example.com'] }),
  'exports.chooseFolder': () => {
    desktop.folderChoices.push(dataDir);
    return {};
  },
  'exports.lastFolder': () => undefined,
  'exports.run': (i) => ({
    workspace_id: i.ws,
    project_id: i.project,
    export_id: 'e-extra-1',
    interview_ids: null,
    formats: ['txt', 'qdpx', 'participants-csv', 'screener-csv'],
    folder: dataDir,
    target: 'folder',
    include_participant: true,
    line_ending: 'lf',
    speaker_labels: 'name',
    bom: false,
  }),
  'exports.codeSegments': (i) => ({ workspace_id: i.ws, code_id: i.code, folder: dataDir, formats: ['csv', 'docx'] }),
  'exports.cancel': () => ({ export_id: 'e-extra-1' }),
  'imports.qdpx': (i) => ({
    workspace_id: i.ws,
    project_id: i.project,
    file_token: core.pickedFiles.register(join(ROOT, 'test/fixtures/qdpx/nvivo-crlf.qdpx')),
    coder: 'Dana',
  }),
  'grid.build': (i) => ({ workspace_id: i.ws, project_id: i.project, by: 'plan' }),
  'grid.export': (i) => ({ workspace_id: i.ws, project_id: i.project, by: null, format: 'csv', folder: dataDir }),
  'redaction.scan': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'redaction.review': (i) => ({ workspace_id: i.ws, project_id: i.project, offset: 0, limit: 50 }),
  'redaction.decideAll': (i) => ({ workspace_id: i.ws, project_id: i.project, filter: { kind: 'url' }, decision: 'reject' }),
  'redaction.decide': (i) => ({ workspace_id: i.ws, project_id: i.project, kind: 'person', text: 'Peter Jones', decision: 'reject' }),
  'redaction.addTerm': (i) => ({ workspace_id: i.ws, project_id: i.project, text: 'Project Falcon', kind: 'custom' }),
  'redaction.decisions': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'redaction.removeTerm': (i) => ({ workspace_id: i.ws, project_id: i.project, text: 'Project Falcon' }),
  'redaction.mentions': (i) => ({ workspace_id: i.ws, project_id: i.project, text: 'Peter Jones' }),
  'redaction.interviews': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'redaction.markReviewed': (i) => ({ workspace_id: i.ws, project_id: i.project, interview_id: i.interview, reviewed: true }),
  'reels.list': (i) => ({ workspace_id: i.ws, project_id: i.project }),
  'reels.create': (i) => ({ workspace_id: i.ws, project_id: i.project, name: 'Pricing moments' }),
  'reels.get': (i) => ({ workspace_id: i.ws, id: i.reel }),
  'reels.rename': (i) => ({ workspace_id: i.ws, id: i.reel, name: 'Pricing, best of' }),
  'reels.addItems': (i) => ({ workspace_id: i.ws, id: i.reel, highlight_ids: [i.highlight, i.highlight] }),
  'reels.move': (i) => ({ workspace_id: i.ws, id: i.reel, highlight_id: i.highlight, position: 0 }),
  'reels.removeItem': (i) => ({ workspace_id: i.ws, id: i.reel, highlight_id: i.highlight }),
  'reels.delete': (i) => ({ workspace_id: i.ws, id: i.reel }),
  // The code exported above (one segment): planned, then cut from the video videos.download saved.
  'clips.plan': (i) => ({ workspace_id: i.ws, project_id: i.project, selection: { kind: 'code', code_id: i.code } }),
  'clips.export': (i) => ({
    workspace_id: i.ws,
    project_id: i.project,
    export_id: 'c-extra-1',
    selection: { kind: 'code', code_id: i.code },
    folder: dataDir,
    reel: true,
  }),
  'clips.cancel': () => ({ export_id: 'c-extra-1' }),
  'clips.exactSource': (i) => ({ workspace_id: i.ws, project_id: i.project, highlight_id: i.highlight, pad_ms: 500 }),
  'clips.exactWrite': (i) => ({
    workspace_id: i.ws,
    project_id: i.project,
    export_id: 'e-extra-exact-1',
    folder: dataDir,
    title: 'Highlights',
    stem: '01 Interview 1',
    bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]),
    vtt: 'WEBVTT\n\n',
  }),
  // The clip just written (the bytes are not a video, so no reel): the summary's fields.
  'clips.exactFinish': (i) => ({
    workspace_id: i.ws,
    project_id: i.project,
    export_id: 'e-extra-exact-1',
    folder: dataDir,
    title: 'Highlights',
    reel: false,
    clips: [{ highlight_id: i.highlight, file: 'Highlights/clips/01 Interview 1.webm', duration_ms: 1000 }],
    codec: 'vp9/opus',
  }),
};

describe('IPC results carry only fields the client knows', () => {
  it('every channel, against a service that adds unknown fields everywhere: none of them, and no signed link, reaches a result or an event', async () => {
    const client = org.client;
    const { id: project } = await client.createProject(projectBody());
    const { id: stimuliProject } = await client.createProject(projectBody({ type: 'STIMULI' }));
    await client.launchProject(project, 20);
    await org.operator('POST', `/_sandbox/projects/${project}/simulate`, { completed: 3, incomplete: 1 });
    // A report (ready at once) for the sync to keep as a version, so the version channels read one through the proxy.
    await client.startReport(project);
    const file = join(dataDir, 'pack.png');
    copyFileSync(join(ROOT, 'resources/sample-media/stimuli/concept-a-kraft-box.png'), file);

    const ws = await core.call('workspaces.add', { name: 'Proxied', base_url: proxy.url, api_key: org.apiKey });
    await core.call('sync.run', { workspace_id: ws.id });
    const list = await core.call('interviews.list', { workspace_id: ws.id, project_id: project });
    const interview = list.items.find((i) => i.status === 'COMPLETE')!.id;
    const ids: Ids = { ws: ws.id, project, stimuliProject, interview, stimulus: '', highlight: '', file, version: 0, code: '', otherCode: '', reel: '' };

    const called = new Set<string>();
    for (const channel of channelNames) {
      const plan = PLAN[channel as Channel];
      if ('skip' in plan) continue;
      if (channel === 'stimuli.assign')
        ids.stimulus = (await core.call('stimuli.list', { workspace_id: ws.id, project_id: stimuliProject }))[0]?.stimuli_id ?? 'none';
      if (channel === 'reports.diff') ids.version = (await core.call('reports.versions', { workspace_id: ws.id, project_id: project }))[0]?.id ?? 1;
      if (channel === 'highlights.update' || channel === 'highlights.delete') {
        ids.highlight ||= (await core.call('highlights.list', { workspace_id: ws.id, project_id: project }))[0]?.id ?? 'none';
      }
      // A highlight still there (highlights.delete removed the first one), with its words from the proxy.
      if (channel === 'clips.exactSource') ids.highlight = (await core.call('highlights.list', { workspace_id: ws.id, project_id: project }))[0]?.id ?? 'none';
      if (channel === 'codes.update') ids.code = (await core.call('codes.list', { workspace_id: ws.id, project_id: project }))[0]?.id ?? 'none';
      if (channel === 'exports.codeSegments') {
        // A coded segment (its words came through the proxy) for the code's export to read.
        await core.dispatch('highlights.add', { ...(PLAN['highlights.add'] as (i: Ids) => object)(ids), new_codes: ['Exported'] });
        ids.code = (await core.call('codes.list', { workspace_id: ws.id, project_id: project })).find((c) => c.name === 'Exported')?.id ?? 'none';
      }
      if (channel === 'reels.get') {
        // The reel just created, and a highlight still there (the one made for the code's export).
        ids.reel = (await core.call('reels.list', { workspace_id: ws.id, project_id: project }))[0]?.id ?? 'none';
        ids.highlight = (await core.call('highlights.list', { workspace_id: ws.id, project_id: project }))[0]?.id ?? 'none';
      }
      if (channel === 'codes.merge') ids.otherCode = (await core.call('codes.create', { workspace_id: ws.id, project_id: project, name: 'Cost' })).id;
      const answer = await core.dispatch(channel, (plan as (i: Ids) => unknown)(ids));
      answers.push({ channel, answer });
      called.add(channel);
    }
    answers.push({ channel: 'workspaces.remove', answer: await core.dispatch('workspaces.remove', { workspace_id: ws.id, purge_cache: true }) });

    // The proxy really added fields, and the calls really reached the service's data.
    expect(signedLinks.size).toBeGreaterThan(0);
    expect(answers.filter((a) => (a.answer as { ok: boolean }).ok).length).toBeGreaterThan(30);
    // The kept report (its themes and quotes came through the proxy too) reached the version channels.
    expect(answers.find((a) => a.channel === 'reports.versions')?.answer).toMatchObject({ ok: true, value: [{ themes: expect.any(Number) }] });
    expect(answers.find((a) => a.channel === 'reports.diff')?.answer).toMatchObject({ ok: true, value: { added: [], removed: [] } });
    // The codebook's channels ran in order on one code: created, recoloured, merged into, deleted.
    expect(answers.find((a) => a.channel === 'codes.merge')?.answer).toMatchObject({ ok: true, value: { name: 'Pricing', color: '#2e9e6a' } });
    expect(answers.find((a) => a.channel === 'codes.delete')?.answer).toEqual({ ok: true, value: { deleted_codings: 0 } });
    expect(answers.find((a) => a.channel === 'codes.segments')?.answer).toMatchObject({ ok: true, value: { total: 0, segments: [] } });
    expect(answers.find((a) => a.channel === 'exports.codeSegments')?.answer).toMatchObject({ ok: true, value: { files: 2 } });
    // The study's participants (names and emails came through the proxy) were scanned, and a decision and a term kept.
    expect(answers.find((a) => a.channel === 'redaction.scan')?.answer).toMatchObject({ ok: true, value: { interviews: 4, findings: expect.any(Array) } });
    expect(answers.find((a) => a.channel === 'redaction.decide')?.answer).toMatchObject({ ok: true, value: { term: 'peter jones', decision: 'reject' } });
    expect(answers.find((a) => a.channel === 'redaction.removeTerm')?.answer).toEqual({ ok: true, value: { removed: true } });
    // A reel was made, a clip added once (its repeat reported), moved, taken out, and the reel deleted.
    expect(answers.find((a) => a.channel === 'reels.addItems')?.answer).toMatchObject({
      ok: true,
      value: { added: [ids.highlight], duplicates: [ids.highlight], clips: 1 },
    });
    expect(answers.find((a) => a.channel === 'reels.move')?.answer).toMatchObject({
      ok: true,
      value: { reel: { name: 'Pricing, best of' }, items: [{ position: 0 }] },
    });
    expect(answers.find((a) => a.channel === 'reels.delete')?.answer).toEqual({ ok: true, value: { deleted: true } });
    // The grid was built from the proxied transcripts; its guide inferred (the study was not made here).
    expect(answers.find((a) => a.channel === 'grid.build')?.answer).toMatchObject({ ok: true, value: { guide: 'inferred', by: 'plan' } });
    expect(answers.find((a) => a.channel === 'grid.export')?.answer).toMatchObject({ ok: true, value: { bytes: expect.any(Number) } });
    // The exported code's segment was planned from the proxied transcript (its video saved by videos.download) and exported.
    expect(answers.find((a) => a.channel === 'clips.plan')?.answer).toMatchObject({ ok: true, value: { title: 'Exported', clips: [{ video: true }] } });
    expect(answers.find((a) => a.channel === 'clips.export')?.answer).toMatchObject({ ok: true, value: { location: expect.any(String) } });
    expect(called.size).toBe(channelNames.length - Object.values(PLAN).filter((p) => 'skip' in p).length);
    const failed = answers
      .filter((a) => !(a.answer as { ok: boolean }).ok)
      .map((a) => `${a.channel}: ${JSON.stringify((a.answer as { error: unknown }).error)}`);
    // Failures are answers too (their messages may quote the service), and are scanned like the rest.
    expect(failed.length, failed.join('\n')).toBeLessThan(3);
    for (const { channel, answer } of answers) {
      const text = JSON.stringify(answer);
      expect(text.includes(EXTRA), `${channel} passed an unknown field through: ${text.slice(0, 400)}`).toBe(false);
      for (const link of signedLinks) expect(text.includes(link), `${channel} carries a signed link`).toBe(false);
    }
    const eventText = JSON.stringify(events);
    expect(eventText.includes(EXTRA)).toBe(false);
    for (const link of signedLinks) expect(eventText.includes(link)).toBe(false);
  }, 120_000);
});
