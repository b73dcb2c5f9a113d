/**
 * The `fieldwork` command line, run as a child process exactly as a user or a CI job runs it
 * (`node bin/fieldwork.cjs …`: the bundle in out/cli, the cache in its worker thread), with
 * FIELDWORK_HOME in a temp dir and no keychain reachable, against sandboxes started in this process.
 * The last block checks the pieces the child processes cannot show (TTY progress, prompts, homes).
 */
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInProcessCache } from '../../src/main/cache/cache';
import { MARK_END, MARK_START } from '../../src/main/cache/queries/search-marks';
import { createEnvKeyStore } from '../../src/main/cli/env-key-store';
import { defaultHome } from '../../src/main/cli/home';
import { exitCodeFor, testWaits } from '../../src/main/cli/index';
import { createProgress, highlight, Output, promptHidden } from '../../src/main/cli/output';
import { ServiceError } from '../../src/main/api/errors';
import { AppError } from '../../src/main/errors';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';
import { cliJson, cliRunner } from '../support/cli';
import { filesIn } from '../support/files';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let tmp: string;
/** Moves a report poll that a CLI run left behind so that its next check is due now. */
async function makePollDue(projectId: string): Promise<void> {
  for (const id of readdirSync(join(home, 'workspaces'))) {
    const file = join(home, 'workspaces', id, 'cache.db');
    if (!existsSync(file)) continue;
    const cache = await openInProcessCache(file);
    try {
      const poll = await cache.call('polls.get', { projectId });
      if (!poll) continue;
      await cache.call('polls.save', { poll: { ...poll, next_poll_at: new Date(Date.now() - 1_000).toISOString() } });
      return;
    } finally {
      await cache.close();
    }
  }
  throw new Error(`No report poll was left behind for ${projectId}.`);
}

let home: string;
const runner = cliRunner(() => ({ tmp, home }));
const cli = runner.run;

const json = cliJson;

/** Every file below `dir`, recursively. */

function expectKeyNowhere(key: string): void {
  for (const text of runner.printed) expect(text).not.toContain(key);
  for (const file of filesIn(home)) expect(readFileSync(file).includes(Buffer.from(key)), file).toBe(false);
}

async function launchedProject(org: Org, completed: number, incomplete = 0): Promise<string> {
  const { id } = await org.client.createProject(
    projectBody({
      title: 'Meal-kit churn: price and delivery',
      type: 'CHURN',
      questions: [{ question: 'Why did you cancel your meal-kit?', probing_level: 'high' }],
    }),
  );
  await org.client.launchProject(id, 20);
  await org.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed, incomplete });
  return id;
}

/** The turns FTS should find for `words`: every word a whole token, the last one also as a prefix. */
function expectedTurns(sb: TestSandbox, projectId: string, words: string[]): string[] {
  const rows = sb.context.db.prepare('SELECT id, transcript_json FROM interviews WHERE project_id = ? AND transcript_json IS NOT NULL').all(projectId) as {
    id: string;
    transcript_json: string;
  }[];
  const out: string[] = [];
  for (const r of rows) {
    for (const t of JSON.parse(r.transcript_json) as { text: string; start: number }[]) {
      const tokens = t.text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
      const last = words.at(-1)!.toLowerCase();
      if (words.slice(0, -1).every((w) => tokens.includes(w.toLowerCase())) && tokens.some((x) => x.startsWith(last)))
        out.push(`${r.id}@${Math.round(t.start * 1000)}`);
    }
  }
  return out.sort();
}

/**
 * The online sandbox's reports are ready at once; the --wait runs' polls check every 200 ms instead of the spec's
 * 10 s, so they wait on the report's state, not on the interval.
 */
const QUICK_POLLS = { FIELDWORK_TEST_REPORT_POLL_MS: '200' };
/** Against a stopped service: the same five attempts, with a 10 ms first backoff step instead of 500 ms. */
const QUICK_RETRIES = { FIELDWORK_TEST_RETRY_BASE_MS: '10' };

let online: TestSandbox;
let offline: TestSandbox;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'fw-cli-'));
  home = join(tmp, 'fieldwork-home');
  mkdirSync(home);
  [online, offline] = await Promise.all([testSandbox({ reportDurationMs: 0 }), testSandbox()]);
});
afterAll(async () => {
  runner.killAll();
  await Promise.all([online?.close(), offline?.close().catch(() => undefined)]);
  rmSync(tmp, { recursive: true, force: true });
});

type Summary = { id: string; name: string; base_url: string; organisation_id: string | null; key_storage: string };
type Hit = {
  kind: string;
  interview_id: string | null;
  start_ms: number | null;
  snippet: string;
  asked_in?: { interview_id: string; start_ms: number | null }[];
  asked_count?: number;
};
/** Every turn a result stands for: a collapsed interviewer question stands for each interview that asked it. */
const turnsOf = (hits: Hit[]) => hits.flatMap((h) => (h.asked_in ?? [h]).map((a) => `${a.interview_id}@${a.start_ms}`)).sort();

describe('fieldwork CLI', () => {
  it('answers --help, and exits 2 with a short usage for unknown commands, flags and missing arguments', async () => {
    const [top, group, command, unknownCmd, unknownFlag, noQuery, noWorkspace, unknownWs, nothing] = await Promise.all([
      cli(['--help']),
      cli(['workspace', '--help']),
      cli(['search', '--help']),
      cli(['frobnicate']),
      cli(['sync', '--workspace', 'x', '--bogus']),
      cli(['search', '--workspace', 'x']),
      cli(['sync']),
      cli(['search', '--workspace', 'Nope', 'price']),
      cli([]),
    ]);
    expect(top).toMatchObject({ code: 0, stderr: '' });
    for (const c of ['workspace', 'sync', 'search', 'report', 'videos']) expect(top.stdout).toContain(c);
    expect(group.stdout).toContain('add --name NAME --base-url URL');
    expect(command.stdout).toMatch(/^Usage: fieldwork search --workspace NAME/);
    for (const r of [unknownCmd, unknownFlag, noQuery, noWorkspace, nothing]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^fieldwork: .+\nUsage: fieldwork/);
      expect(r.stderr.split('\n').length).toBeLessThan(6);
    }
    expect(unknownCmd.stderr).toContain('Unknown command "frobnicate"');
    expect(unknownFlag.stderr).toContain('Unknown option "--bogus"');
    expect(noQuery.stderr).toContain('Missing QUERY');
    expect(noWorkspace.stderr).toContain('Missing --workspace');
    expect(unknownWs).toMatchObject({ code: 2, stderr: 'No workspace called "Nope"; see `fieldwork workspace list`.\n' });
  }, 60_000);

  it('runs the bundle built with the app (out/cli) and, on request, the sources under tsx: the same answers', async () => {
    expect(existsSync(join(ROOT, 'out', 'cli', 'index.cjs')), 'npm run build (which npm test runs) writes out/cli').toBe(true);
    // workspace list loads the core (a lazy import()), which the help paths never do.
    for (const args of [['--help'], ['search', '--help'], ['nonsense'], ['workspace', 'list', '--json']]) {
      const bundled = await cli(args, { env: { FIELDWORK_CLI_FROM_SOURCE: '0' } });
      const source = await cli(args, { env: { FIELDWORK_CLI_FROM_SOURCE: '1' } });
      expect(bundled, args.join(' ')).toEqual(source);
    }
    const listed = await cli(['workspace', 'list', '--json'], { env: { FIELDWORK_CLI_FROM_SOURCE: '0' } });
    expect(listed.code).toBe(0);
    expect(Array.isArray(json<unknown[]>(listed))).toBe(true);
    // A bound, not a wait: nine runs, four of them compiling the sources under tsx (12 s with a core taken, over
    // 20 s on a loaded machine).
  }, 90_000);

  it('refuses a wrong key with exit 3 and stores nothing', async () => {
    const bad = await cli(['workspace', 'add', '--name', 'Wrong', '--base-url', offline.baseUrl], { key: 'sk_sbx_not-a-real-key-000000' });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^This key was not accepted by the service/);
    expect(json<Summary[]>(await cli(['workspace', 'list', '--json']))).toEqual([]);
    const registry = join(home, 'workspaces.json');
    if (existsSync(registry)) expect(readFileSync(registry, 'utf8')).not.toContain('Wrong');
  }, 30_000);

  let org: Org;
  let projectId: string;
  let hits: Hit[];
  it('adds a workspace with FIELDWORK_API_KEY, lists it, syncs it and searches it; the key is never printed or written', async () => {
    org = await offline.newOrg({ trial_credits: 100 });
    projectId = await launchedProject(org, 6, 2);
    const add = await cli(['workspace', 'add', '--name', 'Field Team', '--base-url', offline.baseUrl, '--org-id', org.orgId], { key: org.apiKey });
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain('Added workspace "Field Team"');
    const list = json<Summary[]>(await cli(['workspace', 'list', '--json']));
    expect(list).toEqual([expect.objectContaining({ name: 'Field Team', base_url: offline.baseUrl, organisation_id: org.orgId })]);

    const sync = await cli(['sync', '--workspace', 'field TEAM'], { key: org.apiKey });
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stdout).toMatch(/^Synced "Field Team": 1 project, 8 interviews checked, 8 updated/);
    expect(sync.stderr).toBe('');

    const words = ['the', 'price'];
    const search = await cli(['search', '--workspace', 'Field Team', '--limit', '500', '--json', ...words], { key: org.apiKey });
    expect(search.code, search.stderr).toBe(0);
    hits = json<Hit[]>(search);
    expect(hits.length).toBeGreaterThan(0);
    expect(turnsOf(hits)).toEqual(expectedTurns(offline, projectId, words));
    // A question says how many interviews asked it; with 8 interviews its first page (asked_in) is all of them.
    for (const h of hits.filter((x) => x.kind === 'question')) expect(h.asked_count).toBe(h.asked_in!.length);
    for (const h of hits) expect(h.snippet.toLowerCase()).toContain(`${MARK_START}price`);
    const human = await cli(['search', '--workspace', 'Field Team', ...words], { key: org.apiKey });
    expect(human.stdout).toContain('[[price');
    expect(human.stdout).not.toContain(MARK_END);
    expectKeyNowhere(org.apiKey);
  }, 60_000);

  it('with the service gone, search still answers from the cache, the same hits, exit 0', async () => {
    await offline.close();
    const again = await cli(['search', '--workspace', 'Field Team', '--limit', '500', '--json', 'the', 'price'], { key: org.apiKey });
    expect(again.code, again.stderr).toBe(0);
    expect(json<Hit[]>(again)).toEqual(hits);
    const human = await cli(['search', '--workspace', 'field team', 'the', 'price'], { key: org.apiKey });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/\d+ match(es)?/);
  }, 30_000);

  it('sync with the service gone exits 4 with one human line; without any key it exits 3', async () => {
    const [down, json4, noKey] = await Promise.all([
      cli(['sync', '--workspace', 'Field Team'], { key: org.apiKey, env: QUICK_RETRIES }),
      cli(['sync', '--workspace', 'Field Team', '--json'], { key: org.apiKey, env: QUICK_RETRIES }),
      cli(['sync', '--workspace', 'Field Team']),
    ]);
    expect(down.code).toBe(4);
    expect(down.stdout).toBe('');
    expect(down.stderr).toMatch(/^Fieldwork can't reach the service at 127\.0\.0\.1:\d+\. Check your connection\. Your saved data is still available\.\n$/);
    expect(json4.code).toBe(4);
    expect(json<{ error: { code: string; exit_code: number } }>(json4).error).toMatchObject({ code: 'network_error', exit_code: 4 });
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toMatch(/^The API key for "Field Team" is not available.*FIELDWORK_API_KEY/);
  }, 60_000);

  let reportsOrg: Org;
  let reportsProject: string;
  it('report start --wait prints the summary and themes; report status --json gives the cached report and poll', async () => {
    reportsOrg = await online.newOrg({ trial_credits: 100 });
    reportsProject = await launchedProject(reportsOrg, 6);
    const key = reportsOrg.apiKey;
    expect((await cli(['workspace', 'add', '--name', 'Reports', '--base-url', online.baseUrl], { key })).code).toBe(0);
    expect((await cli(['sync', '--workspace', 'reports'], { key })).code).toBe(0);
    // A start without --wait leaves its poll behind; the next run resumes it when the workspace opens, and
    // its next check may be due by then: the --wait run below must not be fooled by it. The poll's next
    // check is moved into the past here, which is where waiting 12 s would have put it.
    const early = await cli(['report', 'start', '--workspace', 'Reports', '--project', reportsProject, '--json'], { key });
    expect(early.code, early.stderr).toBe(0);
    expect(json<{ poll: { state: string } }>(early).poll.state).toBe('polling');
    await makePollDue(reportsProject);
    const started = await cli(['report', 'start', '--workspace', 'Reports', '--project', reportsProject, '--wait'], { key, env: QUICK_POLLS });
    expect(started.code, started.stderr).toBe(0);
    const report = await reportsOrg.client.getReport(reportsProject);
    expect(report.status).toBe('COMPLETED');
    expect(started.stdout).toMatch(/^Report .*COMPLETED · 6 interviews analysed/);
    expect(started.stdout).toContain(`Summary: ${report.summary}`);
    expect(started.stdout).toContain('Themes:');
    for (const t of report.themes) expect(started.stdout).toContain(`${t.title} (${Math.round(t.frequency * 100)}%)`);

    const status = await cli(['report', 'status', '--workspace', 'Reports', '--project', reportsProject, '--json'], { key });
    expect(status.code).toBe(0);
    const body = json<{ poll: { state: string; attempts: number }; report: { status: string; themes: { title: string }[] } }>(status);
    expect(body.poll.state).toBe('completed');
    expect(body.poll.attempts).toBeGreaterThan(0);
    expect(body.report.status).toBe('COMPLETED');
    expect(body.report.themes.map((t) => t.title)).toEqual(report.themes.map((t) => t.title));
  }, 90_000);

  it('report start --wait on a workspace that has never synced syncs the study first, then waits and prints the report', async () => {
    const fresh = await online.newOrg({ trial_credits: 100 });
    const pid = await launchedProject(fresh, 3);
    const key = fresh.apiKey;
    expect((await cli(['workspace', 'add', '--name', 'Never synced', '--base-url', online.baseUrl], { key })).code).toBe(0);
    const started = await cli(['report', 'start', '--workspace', 'Never synced', '--project', pid, '--wait'], { key, env: QUICK_POLLS });
    expect(started.code, started.stderr).toBe(0);
    expect(started.stderr).toMatch(/not in the offline cache .* yet; syncing it first/);
    expect(started.stderr).toMatch(/Waiting for the report/);
    expect(started.stdout).toMatch(/COMPLETED · 3 interviews analysed/);
    expect((await cli(['workspace', 'remove', '--name', 'Never synced', '--purge-cache'])).code).toBe(0);
  }, 90_000);

  it('service text that would drive the terminal (escape sequences, BEL, C1, bidi overrides) is stripped from everything printed', async () => {
    const hostileOrg = await online.newOrg({ trial_credits: 100 });
    const title = 'Churn \u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil\u202c study';
    const { id } = await hostileOrg.client.createProject(projectBody({ title, questions: [{ question: 'What about the price?', probing_level: 'low' }] }));
    await hostileOrg.client.launchProject(id, 5);
    await hostileOrg.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed: 2 });
    const key = hostileOrg.apiKey;
    expect((await cli(['workspace', 'add', '--name', 'Hostile\u001b[31m', '--base-url', online.baseUrl], { key })).code).toBe(0);
    const runs = [
      await cli(['sync', '--workspace', 'Hostile\u001b[31m'], { key }),
      await cli(['search', '--workspace', 'Hostile\u001b[31m', 'price'], { key }),
      await cli(['workspace', 'list'], { key }),
    ];
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex -- matching control characters is the point here
      expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    }
    expect(runs[1]!.stdout).toContain('Churn evil study');
    expect((await cli(['workspace', 'remove', '--name', 'Hostile\u001b[31m', '--purge-cache'])).code).toBe(0);
  }, 60_000);

  it('videos download puts every video in FIELDWORK_HOME, byte-sized like the samples, and a second run skips them', async () => {
    const key = reportsOrg.apiKey;
    const ws = json<Summary[]>(await cli(['workspace', 'list', '--json'])).find((w) => w.name === 'Reports')!;
    const first = await cli(['videos', 'download', '--workspace', 'Reports', '--project', reportsProject, '--json'], { key });
    expect(first.code, first.stderr).toBe(0);
    const rows = online.context.db.prepare('SELECT id, video_key FROM interviews WHERE project_id = ? AND video_key IS NOT NULL').all(reportsProject) as {
      id: string;
      video_key: string;
    }[];
    expect(rows.length).toBe(6);
    expect(json<{ downloaded: number; skipped: number; failed: unknown[] }>(first)).toMatchObject({ downloaded: 6, skipped: 0, failed: [] });
    for (const r of rows) {
      const sample = online.context.media.videos.find((v) => `sample:${v.id}` === r.video_key)!;
      expect(sample.path.startsWith(join(ROOT, 'resources/sample-media'))).toBe(true);
      const file = join(home, 'workspaces', ws.id, 'videos', `${r.id}.webm`);
      expect(statSync(file).size).toBe(statSync(sample.path).size);
    }
    const second = await cli(['videos', 'download', '--workspace', 'Reports', '--project', reportsProject], { key });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Downloaded 0, skipped 6 \(already downloaded\), failed 0\./);
  }, 60_000);

  it('export writes every transcript format and a REFI-QDA project from the cache, offline, without participant data by default', async () => {
    const key = reportsOrg.apiKey;
    const out = join(tmp, 'exports');
    const formats = 'txt,md,docx,srt,vtt,csv,json,qdpx,report-md,report-html,report-docx';
    const run = await cli(['export', '--workspace', 'Reports', '--project', reportsProject, '--format', formats, '--out', out, '--json'], { key });
    expect(run.code, run.stderr).toBe(0);
    const body = json<{ location: string; files: { path: string; bytes: number }[]; notes: string[] }>(run);
    const interviews = online.context.db.prepare('SELECT id, participant_json FROM interviews WHERE project_id = ?').all(reportsProject) as {
      id: string;
      participant_json: string | null;
    }[];
    expect(body.files).toHaveLength(interviews.length * 7 + 1 + 3);
    const written = filesIn(out);
    expect(written).toHaveLength(body.files.length);
    for (const ext of ['txt', 'srt', 'vtt', 'csv', 'json']) expect(written.filter((f) => f.endsWith(`.${ext}`))).toHaveLength(interviews.length);
    for (const ext of ['md', 'docx']) expect(written.filter((f) => f.endsWith(`.${ext}`))).toHaveLength(interviews.length + 1);
    const report = await reportsOrg.client.getReport(reportsProject);
    const html = readFileSync(
      written.find((f) => f.endsWith('report.html'))!,
      'utf8',
    );
    expect(html).not.toContain('<script');
    for (const t of report.themes) expect(html).toContain(t.title.replace(/&/g, '&amp;'));
    // Quotes are cited where the cache's quote search finds them, by interview (no name by default) and time.
    expect(
      readFileSync(
        written.find((f) => f.endsWith('report.md'))!,
        'utf8',
      ),
    ).toMatch(/\bP\d{2,}, \d{2}:\d{2}:\d{2}/);
    // Every file stays inside the chosen folder, and none names or carries a participant.
    const emails = interviews.map((i) => (JSON.parse(i.participant_json ?? '{}') as { email?: string }).email).filter((e): e is string => !!e);
    expect(emails.length).toBeGreaterThan(0);
    for (const f of written) {
      expect(f.startsWith(out + '/')).toBe(true);
      const bytes = readFileSync(f);
      for (const e of emails) expect(bytes.includes(Buffer.from(e)), `${f} holds ${e}`).toBe(false);
      expect(bytes.includes(Buffer.from(key))).toBe(false);
    }
    // The .qdpx is a zip whose project.qde validates against the REFI-QDA schema.
    const qdpx = written.find((f) => f.endsWith('.qdpx'))!;
    const { unzipSync } = await import('fflate');
    const entries = unzipSync(readFileSync(qdpx));
    expect(Object.keys(entries)).toContain('project.qde');
    expect(Object.keys(entries).filter((k) => k.startsWith('sources/')).length).toBeGreaterThan(0);
    const qde = join(tmp, 'project.qde');
    (await import('node:fs')).writeFileSync(qde, entries['project.qde']!);
    const xsd = join(ROOT, '../shared/refi-qda/Project.xsd');
    if (existsSync(xsd)) {
      const lint = spawnSync('xmllint', ['--noout', '--schema', xsd, qde], { encoding: 'utf8' });
      expect(lint.status, lint.stderr).toBe(0);
    } else console.warn(`qdpx schema check skipped: no ${xsd}`);
    // A second export never overwrites: the new files get their own names.
    const again = await cli(['export', '--workspace', 'Reports', '--project', reportsProject, '--format', 'srt', '--out', out, '--json'], { key });
    expect(again.code, again.stderr).toBe(0);
    expect(json<{ files: { path: string }[] }>(again).files.every((f) => / \(2\)\.srt$/.test(f.path))).toBe(true);
    // One .zip instead of files; a bad format is a usage error.
    const zipped = await cli(['export', '--workspace', 'Reports', '--project', reportsProject, '--format', 'txt', '--out', join(tmp, 'zipped'), '--zip'], {
      key,
    });
    expect(zipped.code, zipped.stderr).toBe(0);
    expect(zipped.stdout).toMatch(/^Exported \d+ files .* to .*\.zip\.\n/);
    const bad = await cli(['export', '--workspace', 'Reports', '--project', reportsProject, '--format', 'txt,pptx', '--out', out], { key });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown format "pptx"');
    const privateData = await cli(['export', '--workspace', 'Reports', '--project', reportsProject, '--format', 'participants-csv', '--out', out], { key });
    expect(privateData.code).toBe(2);
    expect(privateData.stderr).toContain('participant data');
  }, 60_000);

  it('export report-pdf prints the HTML report with a headless Chromium: its text holds the summary, every theme and a citation', async (ctx) => {
    const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    if (!existsSync(chromium)) {
      console.warn(`skipped: report-pdf needs Chromium at ${chromium} (apt-get install chromium)`);
      ctx.skip();
    }
    const key = reportsOrg.apiKey;
    const out = join(tmp, 'pdf');
    const run = await cli(['export', '--workspace', 'Reports', '--project', reportsProject, '--format', 'report-pdf', '--out', out, '--json'], {
      key,
      env: { FIELDWORK_CHROMIUM: chromium },
    });
    expect(run.code, run.stderr).toBe(0);
    const [pdf] = filesIn(out);
    expect(pdf).toMatch(/report\.pdf$/);
    const bytes = readFileSync(pdf!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.includes(Buffer.from(key))).toBe(false);
    const text = spawnSync('pdftotext', ['-layout', pdf!, '-'], { encoding: 'utf8' });
    if (text.error) console.warn('PDF text check skipped: no pdftotext (apt-get install poppler-utils)');
    else {
      const flat = text.stdout.replace(/\s+/g, ' ');
      const report = await reportsOrg.client.getReport(reportsProject);
      for (const t of report.themes) expect(flat).toContain(t.title.replace(/\s+/g, ' ').slice(0, 40));
      expect(flat).toContain('Summary');
      expect(flat).toMatch(/\bP\d{2,}, \d{2}:\d{2}:\d{2}/);
    }
    // Without a browser to print with, the CLI says what to do instead, and writes nothing.
    const none = await cli(['export', '--workspace', 'Reports', '--project', reportsProject, '--format', 'report-pdf', '--out', join(tmp, 'pdf-none')], {
      key,
      env: { FIELDWORK_CHROMIUM: join(tmp, 'no-such-browser') },
    });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('export the report as HTML');
    expect(filesIn(join(tmp, 'pdf-none'))).toEqual([]);
  }, 60_000);

  it('workspace remove --purge-cache deletes the workspace folder; without it the folder stays', async () => {
    const all = json<Summary[]>(await cli(['workspace', 'list', '--json']));
    const [reports, field] = ['Reports', 'Field Team'].map((n) => all.find((w) => w.name === n)!);
    expect(existsSync(join(home, 'workspaces', reports!.id))).toBe(true);
    // One after the other: each run rewrites the workspace list.
    const purged = await cli(['workspace', 'remove', '--name', 'REPORTS', '--purge-cache', '--json']);
    const kept = await cli(['workspace', 'remove', '--name', 'Field Team']);
    expect(purged.code, purged.stderr).toBe(0);
    expect(json(purged)).toEqual({ id: reports!.id, name: 'Reports', purged: true });
    expect(existsSync(join(home, 'workspaces', reports!.id))).toBe(false);
    expect(kept.code, kept.stderr).toBe(0);
    expect(existsSync(join(home, 'workspaces', field!.id))).toBe(true);
    expect(json<Summary[]>(await cli(['workspace', 'list', '--json']))).toEqual([]);
    expectKeyNowhere(org.apiKey);
    expectKeyNowhere(reportsOrg.apiKey);
  }, 30_000);
});

describe('CLI pieces', () => {
  const sink = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { chunks, stream: { isTTY, columns: 60, write: (s: string) => chunks.push(s) } };
  };

  it('draws one progress line with \\r on a TTY, and nothing when piped or with --json', () => {
    const tty = sink(true);
    const bar = createProgress(tty.stream, true);
    bar.update('Syncing', 5, 10);
    bar.update('Syncing', 5, 10);
    bar.update('Syncing', 10, 10);
    bar.clear();
    expect(tty.chunks).toHaveLength(3);
    expect(tty.chunks[0]).toBe(`\rSyncing [${'#'.repeat(12)}${'-'.repeat(12)}]  50% 5/10\u001b[K`);
    expect(tty.chunks.at(-1)).toBe('\r\u001b[K');
    const piped = sink(false);
    new Output(sink(false).stream, piped.stream, false).progress().update('Syncing', 1, 2);
    const jsonTty = sink(true);
    new Output(sink(false).stream, jsonTty.stream, true).progress().update('Syncing', 1, 2);
    expect([...piped.chunks, ...jsonTty.chunks]).toEqual([]);
  });

  it('shows search marks in bold on a TTY, as [[…]] when piped, and strips other control sequences whole', () => {
    const s = `The ${MARK_START}price${MARK_END} went\u001b[31m up\u202e`;
    const tty = sink(true);
    new Output(tty.stream, sink(false).stream, false, {}).line(highlight(s, 'ansi'));
    expect(tty.chunks.join('')).toBe('The \u001b[1mprice\u001b[22m went up\n');
    expect(highlight(s, 'brackets')).toBe('The [[price]] went up');
    expect(highlight(s, 'plain')).toBe('The price went up');
    expect(new Output(sink(true).stream, sink(false).stream, false, {}).markStyle).toBe('ansi');
    expect(new Output(sink(true).stream, sink(false).stream, false, { NO_COLOR: '1' }).markStyle).toBe('brackets');
    expect(new Output(sink(false).stream, sink(false).stream, false, {}).markStyle).toBe('brackets');
  });

  it('prompts for the key without echoing it, with backspace and Ctrl+C', async () => {
    const fake = () =>
      Object.assign(new EventEmitter(), {
        isTTY: true,
        raw: [] as boolean[],
        setRawMode(r: boolean) {
          this.raw.push(r);
        },
        resume() {},
        pause() {},
      });
    const input = fake();
    const out = sink(true);
    const typed = promptHidden('API key: ', input, out.stream);
    input.emit('data', Buffer.from('sk_secretX'));
    input.emit('data', Buffer.from('\u007f1\r'));
    await expect(typed).resolves.toBe('sk_secret1');
    expect(out.chunks.join('')).toBe('API key: \n');
    expect(input.raw).toEqual([true, false]);
    const cancelled = fake();
    const p = promptHidden('API key: ', cancelled, sink(true).stream);
    cancelled.emit('data', '\u0003');
    await expect(p).rejects.toMatchObject({ code: 'cancelled' });
  });

  it("defaults FIELDWORK_HOME to Electron's userData folder for Fieldwork on each OS", () => {
    expect(defaultHome('linux', {}, '/home/ann')).toBe('/home/ann/.config/Fieldwork');
    expect(defaultHome('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ann')).toBe('/xdg/Fieldwork');
    expect(defaultHome('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/Fieldwork');
    expect(defaultHome('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\Fieldwork');
  });

  it('FIELDWORK_API_KEY overrides workspace keys only; set and delete reach the real store', async () => {
    const inner = createMemoryStore(null);
    await inner.set('webhook-secret', 'whsec');
    await inner.set('demo-northwind', 'demo-key');
    const store = createEnvKeyStore(inner, 'sk_env', (a) => a.startsWith('acme-'));
    expect(await store.get('acme-1')).toBe('sk_env');
    expect(await store.get('webhook-secret')).toBe('whsec');
    expect(await store.get('demo-northwind')).toBe('demo-key');
    await store.set('acme-1', 'sk_typed');
    expect(await inner.get('acme-1')).toBe('sk_typed');
    expect(await store.delete('acme-1')).toBe(true);
    expect(await inner.get('acme-1')).toBeNull();
    expect(createEnvKeyStore(inner, '  ', () => true)).toBe(inner);
  });

  it('maps errors to exit codes', () => {
    expect(exitCodeFor(new AppError('usage', 'x'))).toBe(2);
    expect(exitCodeFor(new AppError('unknown_workspace_name', 'x'))).toBe(2);
    expect(exitCodeFor(new AppError('invalid_api_key', 'x'))).toBe(3);
    expect(exitCodeFor(new AppError('key_missing', 'x'))).toBe(3);
    expect(exitCodeFor(new ServiceError(403, 'forbidden', 'x'))).toBe(3);
    expect(exitCodeFor(new ServiceError(0, 'network_error', 'x'))).toBe(4);
    expect(exitCodeFor(new ServiceError(0, 'timeout', 'x'))).toBe(4);
    // Through the cache worker a ServiceError comes back as an AppError with the status in its details.
    expect(exitCodeFor(new AppError('network_error', 'x', { status: 0 }))).toBe(4);
    expect(exitCodeFor(new ServiceError(0, 'aborted', 'x'))).toBe(1);
    expect(exitCodeFor(new ServiceError(500, 'service_error', 'x'))).toBe(1);
    expect(exitCodeFor(new Error('boom'))).toBe(1);
  });

  it('takes the test-only waits only as whole milliseconds in range', () => {
    expect(testWaits({})).toEqual({});
    expect(testWaits({ FIELDWORK_TEST_REPORT_POLL_MS: '200', FIELDWORK_TEST_RETRY_BASE_MS: '10' })).toEqual({ reportPollMs: 200, retryBaseDelayMs: 10 });
    expect(testWaits({ FIELDWORK_TEST_REPORT_POLL_MS: '50', FIELDWORK_TEST_RETRY_BASE_MS: '1' })).toEqual({ reportPollMs: 50, retryBaseDelayMs: 1 });
    expect(testWaits({ FIELDWORK_TEST_REPORT_POLL_MS: '10000', FIELDWORK_TEST_RETRY_BASE_MS: '500' })).toEqual({ reportPollMs: 10_000, retryBaseDelayMs: 500 });
    for (const bad of ['', '0', '49', '10001', '1e3', '200.5', '-200', ' 200', 'fast']) {
      expect(testWaits({ FIELDWORK_TEST_REPORT_POLL_MS: bad }), bad).toEqual({});
    }
    for (const bad of ['', '0', '501', '1e2', '-1', 'soon']) {
      expect(testWaits({ FIELDWORK_TEST_RETRY_BASE_MS: bad }), bad).toEqual({});
    }
  });
});
