// Issue 14's "done when" for redaction: a study filled like the demo is exported in EVERY format (every
// transcript format, both participant CSVs, the report in Markdown, HTML, DOCX and the HTML the PDF is
// printed from, the .qdpx, a code's segments as CSV and DOCX, the question grid as CSV and DOCX, and the
// CLI's `export --redact --zip --labels name`), with a fake redactor that knows the participants' names,
// emails and phone numbers. Every zip, .docx and .qdpx is unpacked, and every byte of every file and every
// file name is searched for every name part, email and phone: none may appear, and the pseudonyms must.
// Without redaction (NO_REDACTION given or not), the files are byte for byte the same.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportGroup } from '../../../../src/main/cli/commands/export';
import { gridGroup } from '../../../../src/main/cli/commands/grid';
import type { Ctx } from '../../../../src/main/cli/index';
import { Output } from '../../../../src/main/cli/output';
import { cacheExportSource } from '../../../../src/main/exports/cache-source';
import { createExportService, type ExportDeps } from '../../../../src/main/exports/export-service';
import { runExport, type ExportRequest } from '../../../../src/main/exports/run-export';
import { createGridService } from '../../../../src/main/analysis/grid/grid-service';
import { REDACTED_NOTE } from '../../../../src/main/output/summary';
import { NO_REDACTION } from '../../../../src/main/output/redactor';
import { EXPORT_FORMATS } from '../../../../src/shared/exports';
import { servicesOver } from '../../../support/cli-services';
import { everyFile } from '../../../support/every-file';
import { fakeRedactor, pseudonymOf } from '../../../support/fake-redactor';
import { redactionStudy, STUDY, type RedactionStudy } from '../../../support/redaction-study';

let tmp: string;
let study: RedactionStudy;
let redactor: ReturnType<typeof fakeRedactor>;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'fw-redact-'));
  study = await redactionStudy();
  redactor = fakeRedactor(study.people);
});
afterAll(async () => {
  await study.cache.close();
  rmSync(tmp, { recursive: true, force: true });
});

const source = () => cacheExportSource(study.cache, STUDY, async () => null);
// The researcher's own name is not a participant's (and must not be one of the demo's names to check).
const request = (folder: string, extra: Partial<ExportRequest> = {}): ExportRequest => (
  mkdirSync(folder, { recursive: true }),
  {
    formats: [...EXPORT_FORMATS],
    interviewIds: null,
    target: { kind: 'folder', folder },
    includeParticipant: true,
    lineEnding: 'lf',
    speakerLabels: 'name',
    bom: true,
    // The PDF is this HTML printed: what reaches the printer is what is checked.
    printPdf: async (html) => strToU8(html),
    user: { id: 'w', name: 'Sam Reviewer' },
    ...extra,
  }
);

/** Each known value (name parts, emails, phones) found anywhere: in a file's bytes or in its name. */
function leaks(files: [string, string][]): string[] {
  const values = study.people.flatMap((p) => [...p.name.split(' '), p.email!, p.phone!]);
  const found: string[] = [];
  for (const v of values) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}_])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'iu');
    for (const [name, text] of files) if (re.test(name) || re.test(text)) found.push(`${v} in ${name}`);
  }
  return found;
}

describe('a redacted export', () => {
  it('the study really says the names everywhere a redacted export could leak them (the check can fail)', async () => {
    const dir = join(tmp, 'plain');
    await runExport(source(), request(dir));
    const files = everyFile(dir);
    const found = leaks(files);
    // Every participant, in transcripts and file names; the report and highlights name some more than once.
    for (const p of study.people) expect(found).toContain(`${p.email} in Meal-kit churn/participants.csv`);
    expect(found.some((f) => f.includes('.qdpx!/project.qde'))).toBe(true);
    expect(found.some((f) => /report\.(md|html|docx|pdf)/.test(f))).toBe(true);
  });

  it('runExport: every format, to a folder and as a zip, with participant data and --labels name: no name, email or phone in any byte', async () => {
    const folder = join(tmp, 'redacted-folder');
    const { notes } = await runExport(source(), request(folder, { redactor }));
    const zipped = join(tmp, 'redacted-zip');
    await runExport(
      source(),
      request(zipped, {
        redactor,
        target: { kind: 'zip', file: join(zipped, 'study.zip') },
        includeParticipant: false,
        formats: EXPORT_FORMATS.filter((f) => !f.endsWith('-csv')),
      }),
    );
    const files = [...everyFile(folder), ...everyFile(zipped)];
    expect(files.length).toBeGreaterThan(study.people.length * 8);
    expect(leaks(files)).toEqual([]);
    expect(notes[0]).toBe(REDACTED_NOTE);

    const text = (name: string) => files.find(([n]) => n === name)?.[1] ?? '';
    // File names and speaker labels are pseudonyms; emails and phones their placeholders.
    const first = study.people[0]!;
    // The code alone: it is unique in the study, and the pseudonym is the code.
    const base = pseudonymOf(1);
    const md = text(`Meal-kit churn/md/${base}.md`);
    expect(md).toContain(`- **Participant:** ${pseudonymOf(1)}`);
    expect(md).toContain(`${pseudonymOf(1)}:** `);
    expect(md).toContain('reach me at \\[email\\] or \\[phone\\]');
    expect(md).toContain(`My friend ${pseudonymOf(2)}`);
    // Personal fields are left out; the others stay.
    expect(md).toContain('**plan:**');
    expect(md).not.toMatch(/\*\*(phone|email|name):\*\*/);
    const srt = text(`Meal-kit churn/srt/${base}.srt`);
    expect(srt).toContain(`${pseudonymOf(1)}: Cost, really. I'm ${pseudonymOf(1)}, by the way; reach me at [email] or [phone].`);
    expect(srt).toContain(`Interviewer: Thanks, ${pseudonymOf(1)}.`);
    // Name by pseudonym, email empty.
    expect(text('Meal-kit churn/participants.csv')).toContain(`\n${first.id},${pseudonymOf(1)},,`);
    expect(text('Meal-kit churn/report.md')).toContain(`${pseudonymOf(1)} and ${pseudonymOf(2)} paused over price`);
    const qde = files.find(([n]) => n.endsWith('.qdpx!/project.qde'))![1];
    expect(qde).toContain(`name="${pseudonymOf(1)}"`);
    // The report's 3 quotes and the 6 highlights still code the same words in the redacted text.
    expect(qde.match(/<TranscriptSelection /g)).toHaveLength(3 + 6);
    expect(notes.join(' ')).not.toMatch(/not found|not in the \.qdpx/);
    // The summary names interviews too: by pseudonym.
    expect(notes.join(' ')).toContain(`${pseudonymOf(25)} (`);
    expect(leaks([['the summary', notes.join('\n')]])).toEqual([]);
    // Without participant data, file names say nothing of anyone, redacted or not: each is the interview's code.
    const codes = (await study.cache.call('participants.list', { projectId: STUDY })).map((p) => `study.zip!/Meal-kit churn/txt/${p.code}.txt`);
    expect(
      files
        .filter(([n]) => n.startsWith('study.zip!/Meal-kit churn/txt/'))
        .map(([n]) => n)
        .sort(),
    ).toEqual(codes.sort());
  });

  it('a code’s segments and the question grid, through the export service: no name, email or phone; the summary says redacted', async () => {
    const runtime = { cache: study.cache };
    const service = createExportService({
      runtimes: { get: async () => runtime },
      folders: { chosen: () => true, remember: () => undefined, list: () => [] },
      researcherName: () => 'Sam Reviewer',
      redactorFor: async () => redactor,
    } as unknown as ExportDeps);
    const segments = await service.codeSegments({
      workspace_id: 'w',
      code_id: study.code,
      folder: tmp,
      formats: ['csv', 'docx'],
      include_participant: true,
      line_ending: 'lf',
      redact: true,
    });
    expect(segments.notes[0]).toBe(REDACTED_NOTE);
    const grid = createGridService({ runtimes: { get: async () => runtime as never }, exporter: service });
    await grid.export({ workspace_id: 'w', project_id: STUDY, by: 'plan', format: 'csv', folder: tmp, redact: true });
    await grid.export({ workspace_id: 'w', project_id: STUDY, by: null, format: 'docx', folder: tmp, redact: true });
    const files = everyFile(tmp).filter(([n]) => n.startsWith('Meal-kit churn/codes/') || n.includes('question grid'));
    expect(files.map(([n]) => n).sort()).toEqual(
      expect.arrayContaining([
        'Meal-kit churn question grid.csv',
        'Meal-kit churn question grid.docx',
        'Meal-kit churn/codes/Price versus value.csv',
        'Meal-kit churn/codes/Price versus value.docx',
      ]),
    );
    expect(leaks(files)).toEqual([]);
    expect(files.find(([n]) => n.endsWith('Price versus value.csv'))![1]).toContain(`,${pseudonymOf(1)},`);
    expect(files.find(([n]) => n.endsWith('question grid.csv'))![1]).toContain(`${study.people[0]!.id},${pseudonymOf(1)},`);
  });

  it('fieldwork export --redact --zip --include-participant --labels name: the CLI takes its redactor from redactorFor and says so', async () => {
    const out = join(tmp, 'cli');
    let printed = '';
    const asked: string[] = [];
    const stream = { write: (s: string) => (printed += s) };
    const ctx = {
      out: new Output(stream, stream, false, {}),
      flags: {
        workspace: 'Demo',
        project: STUDY,
        format: EXPORT_FORMATS.filter((f) => f !== 'report-pdf').join(','),
        out,
        zip: true,
        'include-participant': true,
        labels: 'name',
        redact: true,
      },
      words: [],
      workspace: async () => ({ id: 'w', name: 'Demo' }),
      services: servicesOver(study.cache, { redactorFor: async (projectId: string) => (asked.push(projectId), redactor) }),
    } as unknown as Ctx;
    await exportGroup.commands['']!.run(ctx);
    expect(asked).toEqual([STUDY]);
    expect(printed).toMatch(/^Exported \d+ files \([^)]*\), redacted, to /);
    expect(printed).toContain(`Note: ${REDACTED_NOTE}`);
    const files = everyFile(out);
    expect(files.some(([n]) => n.endsWith(`/txt/${pseudonymOf(1)}.txt`))).toBe(true);
    expect(leaks([...files, ['what the command printed', printed]])).toEqual([]);
  });

  it('fieldwork grid --redact: the CSV and JSON grids name pseudonyms only', async () => {
    const out = join(tmp, 'cli-grid');
    let printed = '';
    const stream = { write: (s: string) => (printed += s) };
    for (const format of ['csv', 'json']) {
      const ctx = {
        out: new Output(stream, stream, false, {}),
        flags: { workspace: 'Demo', project: STUDY, by: 'plan', format, out: join(out, `grid.${format}`), redact: true },
        words: [],
        workspace: async () => ({ id: 'w', name: 'Demo' }),
        services: servicesOver(study.cache, { redactorFor: async () => redactor }),
      } as unknown as Ctx;
      await gridGroup.commands['']!.run(ctx);
    }
    expect(printed).toMatch(/, redacted, to /);
    const files = everyFile(out);
    expect(files.map(([n]) => n).sort()).toEqual(['grid.csv', 'grid.json']);
    expect(files.find(([n]) => n === 'grid.json')![1]).toContain(`"participant": "${pseudonymOf(1)}"`);
    expect(leaks([...files, ['what the command printed', printed]])).toEqual([]);
  });

  it('without redaction, NO_REDACTION or none, every file is byte for byte the same', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    try {
      const a = join(tmp, 'same-a');
      const b = join(tmp, 'same-b');
      await runExport(source(), request(a));
      await runExport(source(), request(b, { redactor: NO_REDACTION }));
      const left = everyFile(a).filter(([n]) => !n.includes('!/'));
      const right = everyFile(b).filter(([n]) => !n.includes('!/'));
      expect(right.map(([n]) => n)).toEqual(left.map(([n]) => n));
      for (const [i, [name, text]] of left.entries()) expect(right[i]![1], name).toBe(text);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the fake redactor', () => {
  it('replaces whole words in any case, emails before the names inside them, and leaves other words alone', () => {
    const r = fakeRedactor([{ id: 'a', name: 'Wen Chen', email: 'wen.chen@example.com' }]);
    expect(r.text('WEN went to the kitchen; chen@x, wen.chen@example.com')).toBe('P01 went to the kitchen; P01@x, [email]');
    expect(r.participant('a', 'Wen Chen', 'P05')).toBe('P01');
    expect(r.participant('b', 'Someone Else', 'P05')).toBe('P05');
    expect(strFromU8(strToU8(r.text('Wen Chen')))).toBe('P01');
  });
});
