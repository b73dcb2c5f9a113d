import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/browser';

const hasCurl = spawnSync('curl', ['--version']).status === 0;
if (!hasCurl) console.warn('curl flows skipped: curl is not installed (apt-get install curl)');

const dir = mkdtempSync(join(tmpdir(), 'fw-curl-'));
const dataFile = join(dir, 'sandbox.db');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

type Printed = { base_url: string; organisation_id: string; api_key: string };

/** `npm run sandbox -- --port 0 --data FILE --json`, as the README tells a newcomer, waiting for its one line. */
function startCli(): Promise<Printed> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'src/sandbox/cli.ts'), '--port', '0', '--data', dataFile, '--json'],
    { cwd: ROOT },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as Printed);
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
}

function stop(): Promise<void> {
  const child = children.pop()!;
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}

/** One curl call; returns the HTTP status and the parsed body. */
function curl(s: Printed, method: string, path: string, body?: unknown): { status: number; body: Record<string, unknown> } {
  const args = ['-sS', '-X', method, '-H', `x-api-key: ${s.api_key}`, '-w', '\n%{http_code}', `${s.base_url}${path}`];
  if (body !== undefined) args.push('-H', 'content-type: application/json', '--data-binary', JSON.stringify(body));
  const out = execFileSync('curl', args, { encoding: 'utf8' });
  const nl = out.lastIndexOf('\n');
  const text = out.slice(0, nl);
  return { status: Number(out.slice(nl + 1)), body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe.skipIf(!hasCurl)('curl walks the spec typical flows against `npm run sandbox`', () => {
  let s: Printed;

  it('flow 1: generate-questions → create → launch', async () => {
    s = await startCli();
    expect(s.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const credits = curl(s, 'GET', '/v1/credits');
    expect(credits.status).toBe(200);
    const draft = curl(s, 'POST', '/v1/projects/generate-questions', {
      research_objective: 'Understand why customers cancel their subscription',
      type: 'CHURN',
    });
    expect(draft.status).toBe(200);
    const created = curl(s, 'POST', '/v1/projects', {
      title: draft.body.suggested_title,
      type: 'CHURN',
      intro_message: draft.body.intro_message,
      end_message: draft.body.end_message,
      questions: draft.body.questions,
      languages: [{ language_name: 'English', accent: 'en-US' }],
      interaction_modes: ['video', 'chat'],
      target_participants: 3,
    });
    expect(created.status).toBe(201);
    const launched = curl(s, 'POST', `/v1/projects/${created.body.id as string}/launch`, { target_participants: 3 });
    expect(launched.status).toBe(200);
    expect(launched.body).toMatchObject({
      status: 'IN_PROGRESS',
      call_url: expect.stringContaining(`/${created.body.interview_id as string}/${created.body.id as string}`),
    });
    expect(curl(s, 'POST', `/v1/projects/${created.body.id as string}/launch`, { target_participants: 3 }).status).toBe(409);
  });

  it('flow 2: STIMULI create → presign → upload → confirm → generate → PATCH → assign → launch', () => {
    const project = curl(s, 'POST', '/v1/projects', {
      title: 'Pack test',
      type: 'STIMULI',
      intro_message: 'Thanks for helping.',
      questions: [{ question: 'Placeholder', probing_level: 'low' }],
      languages: [{ language_name: 'English', accent: 'en-GB' }],
      interaction_modes: ['chat'],
    });
    expect(project.status).toBe(201);
    const id = project.body.id as string;
    const image = join(ROOT, 'resources/sample-media/stimuli/concept-a-kraft-box.png');
    const presign = curl(s, 'POST', '/v1/stimuli/presign', { project_id: id, filename: 'concept-a-kraft-box.png', content_type: 'image/png' });
    expect(presign.status).toBe(200);
    const fields = presign.body.upload_fields as Record<string, string>;
    // curl -F sends the parts in the order given: every field first, the file last.
    const form = [...Object.entries(fields).flatMap(([k, v]) => ['-F', `${k}=${v}`]), '-F', `file=@${image};type=image/png`];
    const upload = execFileSync('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', ...form, presign.body.upload_url as string], { encoding: 'utf8' });
    expect(upload).toBe('204');
    const confirm = curl(s, 'POST', '/v1/stimuli/confirm', {
      project_id: id,
      file_id: presign.body.file_id,
      file_ext: '.png',
      caption: 'Concept A: kraft box',
    });
    expect(confirm.status).toBe(200);
    const draft = curl(s, 'POST', '/v1/projects/generate-questions', { research_objective: 'Test a new kraft box', type: 'STIMULI', project_id: id });
    expect(draft.status).toBe(200);
    const questions = draft.body.questions as { question: string }[];
    expect(questions.some((q) => q.question.includes('Concept A: kraft box'))).toBe(true);
    const patched = curl(s, 'PATCH', `/v1/projects/${id}`, { questions });
    expect(patched.status).toBe(200);
    const assign = curl(s, 'POST', '/v1/stimuli/assign', {
      project_id: id,
      stimuli_id: presign.body.file_id,
      question_items: questions.filter((q) => q.question.includes('Concept A')).map((q) => q.question),
    });
    expect(assign.status).toBe(200);
    const launched = curl(s, 'POST', `/v1/projects/${id}/launch`, { target_participants: 2 });
    expect(launched.status).toBe(200);
    expect(launched.body.status).toBe('IN_PROGRESS');
  });

  it('keeps its state across a restart: same organisation, a fresh key, the projects still there', async () => {
    const before = curl(s, 'GET', '/v1/projects').body.items as unknown[];
    await stop();
    const again = await startCli();
    expect(again.organisation_id).toBe(s.organisation_id);
    expect(again.api_key).not.toBe(s.api_key);
    expect((curl(again, 'GET', '/v1/projects').body.items as unknown[]).length).toBe(before.length);
  });
});
