import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/main/api/client';
import { uploadStimulus } from '../../src/main/media/stimulus-upload';
import { ROOT } from '../support/browser';
import { failure, manualClock, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

const clock = manualClock(Date.now());
let sb: TestSandbox;
let org: Org;
let projectId: string;
const tmp = mkdtempSync(join(tmpdir(), 'fw-up-'));
const questions = projectBody().questions.map((q) => q.question);
const presignCount = () => (sb.context.db.prepare('SELECT COUNT(*) AS n FROM presigns').get() as { n: number }).n;

beforeAll(async () => {
  sb = await testSandbox({ clock, presignTtlSeconds: 60 });
  org = await sb.newOrg({ trial_credits: 10 });
  projectId = (await org.client.createProject(projectBody({ type: 'STIMULI' }))).id;
});
afterAll(async () => {
  await sb.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('stimulus upload pipeline', () => {
  it('checks, presigns, streams with progress, confirms and assigns a local file', async () => {
    const path = join(tmp, 'Kraft box.png');
    copyFileSync(join(ROOT, 'resources/sample-media/stimuli/concept-a-kraft-box.png'), path);
    const progress: number[] = [];
    const r = await uploadStimulus(
      org.client,
      { projectId, path, caption: 'Kraft box', questionItems: [questions[0]!] },
      { onProgress: (p) => progress.push(p.sent / p.total) },
    );
    expect(r).toMatchObject({ content_type: 'image/png', assigned: [questions[0]] });
    expect(progress.at(-1)).toBe(1);
    expect(progress.slice(0, -1).every((p) => p < 1)).toBe(true);
    const listed = (await org.client.listStimuli(projectId)).items.find((s) => s.stimuli_id === r.stimulus_id)!;
    expect(listed).toMatchObject({ caption: 'Kraft box', question_items: [questions[0]] });
  });

  it.each([
    ['a renamed JPEG', 'photo.png', Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(100)]), 'format_mismatch'],
    ['an unsupported type', 'setup.exe', Buffer.from('MZ'.padEnd(100, '\0')), 'unsupported_format'],
    ['an empty file', 'empty.png', Buffer.alloc(0), 'empty_file'],
  ])('refuses %s before asking the service for anything', async (_label, name, bytes, code) => {
    const path = join(tmp, name);
    writeFileSync(path, bytes);
    const before = presignCount();
    expect((await failure(uploadStimulus(org.client, { projectId, path }))).code).toBe(code);
    expect(presignCount()).toBe(before);
  });

  it('refuses an image over 10 MB before presigning', async () => {
    const path = join(tmp, 'huge.png');
    writeFileSync(path, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(10 * 1024 * 1024)]));
    const before = presignCount();
    const err = await failure(uploadStimulus(org.client, { projectId, path }));
    expect(err.code).toBe('file_too_large');
    expect(err.message).toMatch(/at most 10 MB/);
    expect(presignCount()).toBe(before);
  });

  it('presigns again once when the first presign expired before the upload', async () => {
    const path = join(tmp, 'late.png');
    copyFileSync(join(ROOT, 'resources/sample-media/stimuli/delivery-tracker.png'), path);
    let presigns = 0;
    const slow: ApiClient = {
      ...org.client,
      presignStimulus: async (...args) => {
        const p = await org.client.presignStimulus(...args);
        if (++presigns === 1) clock.advance(61_000);
        return p;
      },
    };
    const r = await uploadStimulus(slow, { projectId, path, caption: 'Tracker' });
    expect(presigns).toBe(2);
    expect((await org.client.listStimuli(projectId)).items.map((s) => s.stimuli_id)).toContain(r.stimulus_id);
  });

  it('cancelling mid-upload creates no stimulus, and says so', async () => {
    const path = join(tmp, 'clip.webm');
    copyFileSync(join(ROOT, 'resources/sample-media/videos/churn-01.webm'), path);
    const before = (await org.client.listStimuli(projectId)).total;
    const ac = new AbortController();
    const err = await failure(uploadStimulus(org.client, { projectId, path }, { signal: ac.signal, onProgress: () => ac.abort() }));
    expect(err.code).toBe('aborted');
    expect(err.message).toMatch(/No stimulus was created/);
    expect((await org.client.listStimuli(projectId)).total).toBe(before);
  });

  it('when assignment fails, it reports the stimulus that does exist', async () => {
    const path = join(tmp, 'pouch.jpg');
    copyFileSync(join(ROOT, 'resources/sample-media/stimuli/concept-b-compostable-pouch.jpg'), path);
    const err = await failure(uploadStimulus(org.client, { projectId, path, questionItems: ['Not a question in this guide'] }));
    expect(err.code).toBe('stimulus_not_assigned');
    const id = err.details.stimulus_id as string;
    const listed = (await org.client.listStimuli(projectId)).items.find((s) => s.stimuli_id === id);
    expect(listed).toMatchObject({ question_items: [] });
  });
});
