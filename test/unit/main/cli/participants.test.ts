// `fieldwork participants` (issue 21 §3): the study's interviews by participant code, names only when asked,
// as JSON and as a table; and the code ↔ participant key, written only when asked and never into a redacted export.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantsGroup } from '../../../../src/main/cli/commands/participants';
import type { Ctx } from '../../../../src/main/cli/index';
import { Output } from '../../../../src/main/cli/output';
import { cacheExportSource } from '../../../../src/main/exports/cache-source';
import { runExport, type ExportRequest } from '../../../../src/main/exports/run-export';
import { PARTICIPANT_KEY_COLUMNS } from '../../../../src/main/studies/participant-service';
import { servicesOver } from '../../../support/cli-services';
import { fakeRedactor } from '../../../support/fake-redactor';
import { redactionStudy, STUDY, type RedactionStudy } from '../../../support/redaction-study';

let study: RedactionStudy;
let tmp: string;
beforeAll(async () => {
  study = await redactionStudy(4);
  tmp = mkdtempSync(join(tmpdir(), 'fw-cli-participants-'));
});
afterAll(async () => {
  await study.cache.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function run(flags: Record<string, unknown>, json: boolean): Promise<string> {
  let stdout = '';
  const ctx = {
    out: new Output({ write: (s: string) => (stdout += s) }, { write: () => true }, json, {}),
    flags: { workspace: 'W', ...flags, ...(json ? { json: true } : {}) },
    words: [],
    workspace: async (name: string) => ({ id: 'w', name }),
    services: servicesOver(study.cache),
  } as unknown as Ctx;
  await participantsGroup.commands['']!.run(ctx);
  return stdout;
}

describe('fieldwork participants', () => {
  it('--json: [{interview_id, code, name}] in code order, name null unless --include-participant', async () => {
    const plain = JSON.parse(await run({ project: STUDY }, true)) as { interview_id: string; code: string; name: string | null }[];
    expect(plain.map((p) => p.code)).toEqual(['P01', 'P02', 'P03', 'P04']);
    expect(plain.every((p) => p.name === null)).toBe(true);
    expect(new Set(plain.map((p) => p.interview_id))).toEqual(new Set(study.people.map((p) => p.id)));
    const named = JSON.parse(await run({ project: STUDY, 'include-participant': true }, true)) as typeof plain;
    expect(named.map((p) => [p.interview_id, p.code])).toEqual(plain.map((p) => [p.interview_id, p.code]));
    for (const p of named) expect(p.name).toBe(study.people.find((x) => x.id === p.interview_id)!.name);
  });

  it('prints a table: code and interview id, the name only when asked', async () => {
    const table = await run({ project: STUDY }, false);
    const lines = table.trimEnd().split('\n');
    expect(lines[0]).toBe(`Participants of project ${STUDY}: 4 interviews`);
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual(['P01', 'P02', 'P03', 'P04']);
    for (const p of study.people) expect(table).not.toContain(p.name);
    const named = await run({ project: STUDY, 'include-participant': true }, false);
    for (const p of study.people) expect(named).toContain(p.name);
  });

  it('a project not in the cache is the CLI’s usual "no such project"', async () => {
    await expect(run({ project: '99999999-9999-4999-8999-999999999999' }, true)).rejects.toMatchObject({ code: 'unknown_project' });
  });
});

describe('the participant key', () => {
  const request = (folder: string, extra: Partial<ExportRequest> = {}): ExportRequest => (
    mkdirSync(folder, { recursive: true }),
    {
      formats: ['txt'],
      interviewIds: null,
      target: { kind: 'folder', folder },
      includeParticipant: false,
      lineEnding: 'lf',
      user: { id: 'w', name: 'Sam Reviewer' },
      ...extra,
    }
  );
  const source = () => cacheExportSource(study.cache, STUDY, async () => null);

  it('is written only when asked, as its own CSV, matching `participants --json --include-participant`', async () => {
    const without = join(tmp, 'no-key');
    await runExport(source(), request(without));
    expect(existsSync(join(without, 'Meal-kit churn', 'participant-key.csv'))).toBe(false);

    const dir = join(tmp, 'key');
    const { notes } = await runExport(source(), request(dir, { participantKey: true }));
    const csv = readFileSync(join(dir, 'Meal-kit churn', 'participant-key.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe(PARTICIPANT_KEY_COLUMNS.join(','));
    const rows = parseCsv(csv, { columns: true }) as Record<string, string>[];
    const named = JSON.parse(await run({ project: STUDY, 'include-participant': true }, true)) as { interview_id: string; code: string; name: string }[];
    expect(rows.map((r) => [r.interview_id, r.code, r.name])).toEqual(named.map((p) => [p.interview_id, p.code, p.name]));
    for (const r of rows) expect(r.email).toBe(study.people.find((p) => p.id === r.interview_id)!.email);
    expect(notes.join(' ')).toMatch(/participant-key\.csv says who each participant code is/);
    // The transcripts beside it are named by the codes alone: the key is what joins them to people.
    expect(existsSync(join(dir, 'Meal-kit churn', 'txt', 'P01.txt'))).toBe(true);
  });

  it('is refused with redaction, before any file is written', async () => {
    const dir = join(tmp, 'redacted-key');
    await expect(runExport(source(), request(dir, { participantKey: true, redactor: fakeRedactor(study.people) }))).rejects.toMatchObject({
      code: 'usage',
      message: expect.stringMatching(/never written into a redacted export/),
    });
    expect(existsSync(join(dir, 'Meal-kit churn'))).toBe(false);
  });
});
