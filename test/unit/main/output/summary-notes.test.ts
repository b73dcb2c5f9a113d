// Every redacted export's summary says it is redacted and carries the redactor's warning (summary-notes.ts),
// through the one function: exports.run, a code's segments, the question grid, and the CLI's `export` and
// `grid` in text and --json (clips: test/unit/main/cli/clips-redact.test.ts). An export that is not
// redacted says neither.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportGroup } from '../../../../src/main/cli/commands/export';
import { gridGroup } from '../../../../src/main/cli/commands/grid';
import type { Ctx } from '../../../../src/main/cli/index';
import { Output } from '../../../../src/main/cli/output';
import { createExportService, type ExportDeps } from '../../../../src/main/exports/export-service';
import { REDACTED_NOTE } from '../../../../src/main/output/summary';
import { createGridService } from '../../../../src/main/analysis/grid/grid-service';
import { NO_REDACTION } from '../../../../src/main/output/redactor';
import { redactionNotes } from '../../../../src/main/output/summary-notes';
import { servicesOver } from '../../../support/cli-services';
import { fakeRedactor } from '../../../support/fake-redactor';
import { redactionStudy, STUDY, type RedactionStudy } from '../../../support/redaction-study';

const WARNING = 'The names tagger is unavailable, so names other than participants’ known values were not found.';
let tmp: string;
let study: RedactionStudy;
let redactor: ReturnType<typeof fakeRedactor> & { warning: string };
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'fw-redact-notes-'));
  study = await redactionStudy(4);
  redactor = { ...fakeRedactor(study.people), warning: WARNING };
});
afterAll(async () => {
  await study.cache.close();
  rmSync(tmp, { recursive: true, force: true });
});

const service = () =>
  createExportService({
    runtimes: { get: async () => ({ cache: study.cache }) },
    workspaces: { list: () => [{ id: 'w', name: 'Demo' }] },
    jobs: { start: () => ({ signal: new AbortController().signal, done: () => undefined }) },
    events: { emit: () => undefined },
    desktop: { printToPdf: async () => new Uint8Array() },
    folders: { chosen: () => true, remember: () => undefined, list: () => [] },
    researcherName: () => 'Sam Reviewer',
    redactorFor: async () => redactor,
  } as unknown as ExportDeps);

function cliCtx(flags: Record<string, unknown>, json: boolean) {
  let printed = '';
  const stream = { write: (s: string) => (printed += s) };
  const ctx = {
    out: new Output(stream, stream, json, {}),
    flags,
    words: [],
    workspace: async () => ({ id: 'w', name: 'Demo' }),
    services: servicesOver(study.cache, { redactorFor: async () => redactor }),
  } as unknown as Ctx;
  return { ctx, printed: () => printed };
}

describe('redactionNotes', () => {
  it('says redacted, then the warning; nothing when not redacted', () => {
    expect(redactionNotes(NO_REDACTION)).toEqual([]);
    expect(redactionNotes({ ...NO_REDACTION, warning: WARNING })).toEqual([]);
    expect(redactionNotes(fakeRedactor([]))).toEqual([REDACTED_NOTE]);
    expect(redactionNotes(redactor)).toEqual([REDACTED_NOTE, WARNING]);
    expect(redactionNotes(redactor, 'Redacted: captions.')).toEqual(['Redacted: captions.', WARNING]);
  });
});

describe('every redacted export’s summary carries the warning', () => {
  it('exports.run, exports.codeSegments and the grid export', async () => {
    const s = service();
    const base = {
      workspace_id: 'w',
      project_id: STUDY,
      interview_ids: null,
      formats: ['txt' as const],
      target: 'folder' as const,
      include_participant: false,
      line_ending: 'lf' as const,
      speaker_labels: 'interviewer-participant' as const,
      bom: false,
    };
    mkdirSync(join(tmp, 'run'));
    const run = await s.run({ ...base, export_id: 'e1', folder: join(tmp, 'run'), redact: true });
    expect(run.notes.slice(0, 2)).toEqual([REDACTED_NOTE, WARNING]);
    mkdirSync(join(tmp, 'plain'));
    const plain = await s.run({ ...base, export_id: 'e2', folder: join(tmp, 'plain'), redact: false });
    expect(plain.notes).not.toContain(WARNING);
    expect(plain.notes).not.toContain(REDACTED_NOTE);

    const seg = { workspace_id: 'w', code_id: study.code, folder: tmp, formats: ['csv' as const], include_participant: false, line_ending: 'lf' as const };
    expect((await s.codeSegments({ ...seg, redact: true })).notes.slice(0, 2)).toEqual([REDACTED_NOTE, WARNING]);
    expect((await s.codeSegments({ ...seg, redact: false })).notes).not.toContain(WARNING);

    const grid = createGridService({ runtimes: { get: async () => ({ cache: study.cache }) as never }, exporter: s });
    expect((await grid.export({ workspace_id: 'w', project_id: STUDY, by: null, format: 'csv', folder: tmp, redact: true })).notes).toEqual([
      REDACTED_NOTE,
      WARNING,
    ]);
    expect((await grid.export({ workspace_id: 'w', project_id: STUDY, by: null, format: 'csv', folder: tmp, redact: false })).notes).toEqual([]);
  });

  it('fieldwork export --redact and grid --redact, in text and --json', async () => {
    for (const json of [false, true]) {
      const out = join(tmp, `cli-${json}`);
      const exp = cliCtx({ workspace: 'Demo', project: STUDY, format: 'txt', out, redact: true }, json);
      await exportGroup.commands['']!.run(exp.ctx);
      const grid = cliCtx({ workspace: 'Demo', project: STUDY, format: 'csv', out: join(out, 'grid.csv'), redact: true }, json);
      await gridGroup.commands['']!.run(grid.ctx);
      if (json) {
        expect((JSON.parse(exp.printed()) as { notes: string[] }).notes.slice(0, 2)).toEqual([REDACTED_NOTE, WARNING]);
        expect(JSON.parse(grid.printed())).toMatchObject({ redacted: true, notes: [REDACTED_NOTE, WARNING] });
      } else {
        for (const printed of [exp.printed(), grid.printed()]) {
          expect(printed).toContain(`Note: ${REDACTED_NOTE}\n`);
          expect(printed).toContain(`Note: ${WARNING}\n`);
        }
      }
    }
  });
});
