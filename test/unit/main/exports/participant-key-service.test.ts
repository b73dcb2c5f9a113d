// The app's Export dialog asks for the participant key through exports.run's participant_key: the export service
// hands it to the same runExport the CLI's `export --participant-key` uses, so participant-key.csv is written as
// its own file beside the transcripts, and a redacted export with it is refused, writing nothing.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../../../src/main/events';
import { createExportService, type ExportDeps } from '../../../../src/main/exports/export-service';
import { JobRegistry } from '../../../../src/main/jobs/job-registry';
import { fakeRedactor } from '../../../support/fake-redactor';
import { redactionStudy, STUDY, type RedactionStudy } from '../../../support/redaction-study';

let study: RedactionStudy;
let tmp: string;

beforeAll(async () => {
  study = await redactionStudy(3);
  tmp = mkdtempSync(join(tmpdir(), 'fw-key-service-'));
});
afterAll(async () => {
  await study?.cache.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const service = () =>
  createExportService({
    runtimes: { get: async () => ({ cache: study.cache }) },
    workspaces: { list: () => [{ id: 'w', name: 'Demo' }] },
    jobs: new JobRegistry(),
    events: new EventHub(),
    desktop: { printToPdf: async () => new Uint8Array() },
    folders: { chosen: () => true, remember: () => undefined, list: () => [] },
    redactorFor: async () => fakeRedactor(study.people),
  } as unknown as ExportDeps);

const run = (folder: string, o: { participant_key: boolean; redact: boolean }) =>
  service().run({
    workspace_id: 'w',
    project_id: STUDY,
    export_id: `export-${folder}`,
    interview_ids: null,
    formats: ['txt'],
    folder: join(tmp, folder),
    target: 'folder',
    include_participant: false,
    line_ending: 'lf',
    speaker_labels: 'interviewer-participant',
    bom: false,
    ...o,
  });

describe('exports.run with participant_key', () => {
  it('writes participant-key.csv as its own file, code to name, while the transcripts name the code only', async () => {
    mkdirSync(join(tmp, 'key'));
    const view = await run('key', { participant_key: true, redact: false });
    const dir = join(tmp, 'key', 'Meal-kit churn');
    expect(readdirSync(dir).sort()).toEqual(['participant-key.csv', 'txt']);
    const key = readFileSync(join(dir, 'participant-key.csv'), 'utf8').trim().split('\n');
    expect(key[0]).toBe('interview_id,code,name,email');
    const codes = await study.cache.call('participants.list', { projectId: STUDY });
    expect(key.slice(1)).toEqual(codes.map((c) => `${c.interview_id},${c.code},${c.participant_name},${c.participant_email}`));
    for (const f of readdirSync(join(dir, 'txt'))) {
      const text = readFileSync(join(dir, 'txt', f), 'utf8');
      for (const p of study.people) expect(text).not.toContain(p.name);
    }
    expect(view.notes.join('\n')).toMatch(/participant-key\.csv says who each participant code is \(3 interviews\)/);
  });

  it('without it, writes no key; with redaction, refuses and writes nothing', async () => {
    mkdirSync(join(tmp, 'plain'));
    await run('plain', { participant_key: false, redact: false });
    expect(readdirSync(join(tmp, 'plain', 'Meal-kit churn'))).toEqual(['txt']);
    mkdirSync(join(tmp, 'redacted'));
    await expect(run('redacted', { participant_key: true, redact: true })).rejects.toMatchObject({
      code: 'usage',
      message: expect.stringMatching(/never written into a redacted export/),
    });
    expect(readdirSync(join(tmp, 'redacted'))).toEqual([]);
  });
});
