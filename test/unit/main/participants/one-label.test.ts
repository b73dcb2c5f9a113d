// Issue 21 §3's "done when": a study exported in every format (every transcript format, the participant
// CSVs, the report in Markdown, HTML, DOCX and the HTML the PDF is printed from, the .qdpx, a code's segments,
// the question grid and a clips plan), without participant data, with it, and redacted with the study's real
// redactor, gives each interview one label, the one `fieldwork participants --json` prints: its code "P07",
// or with participant data "Name (P07)". No file says "Interview N" or "Participant N" any more.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridCsv } from '../../../../src/main/analysis/grid/grid-export';
import { participantsGroup } from '../../../../src/main/cli/commands/participants';
import type { Ctx } from '../../../../src/main/cli/index';
import { Output } from '../../../../src/main/cli/output';
import { planClips } from '../../../../src/main/clips/clip-plan';
import { cacheExportSource } from '../../../../src/main/exports/cache-source';
import { renderCodeSegmentsCsv } from '../../../../src/main/exports/codes';
import { runExport, type ExportRequest } from '../../../../src/main/exports/run-export';
import { NO_REDACTION, type Redactor } from '../../../../src/main/output/redactor';
import { redactGrid, redactSegments } from '../../../../src/main/redaction/apply';
import { buildRedactor } from '../../../../src/main/redaction/build-redactor';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import { participantLabel } from '../../../../src/shared/participant-code';
import { EXPORT_FORMATS } from '../../../../src/shared/exports';
import { servicesOver } from '../../../support/cli-services';
import { everyFile } from '../../../support/every-file';
import { fakeClipMedia } from '../../../support/fake-clip-media';
import { redactionStudy, STUDY, type RedactionStudy } from '../../../support/redaction-study';

type Listed = { interview_id: string; code: string; name: string | null };

let tmp: string;
let study: RedactionStudy;
let redactor: Redactor;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'fw-one-label-'));
  study = await redactionStudy();
  redactor = await buildRedactor(study.cache, createMemoryStore(null), STUDY);
}, 60_000);
afterAll(async () => {
  await study.cache.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** `fieldwork participants --workspace W --project STUDY --json [--include-participant]`, as the CLI runs it. */
async function participantsJson(includeParticipant: boolean): Promise<Listed[]> {
  let stdout = '';
  const ctx = {
    out: new Output({ write: (s: string) => (stdout += s) }, { write: () => true }, true, {}),
    flags: { workspace: 'W', project: STUDY, json: true, ...(includeParticipant ? { 'include-participant': true } : {}) },
    words: [],
    workspace: async (name: string) => ({ id: 'w', name }),
    services: servicesOver(study.cache),
  } as unknown as Ctx;
  await participantsGroup.commands['']!.run(ctx);
  return JSON.parse(stdout) as Listed[];
}

const MODES = [
  { mode: 'without participant data', includeParticipant: false, redact: false },
  { mode: 'with participant data', includeParticipant: true, redact: false },
  { mode: 'redacted, participant data asked for', includeParticipant: true, redact: true },
  { mode: 'redacted', includeParticipant: false, redact: true },
] as const;

describe('one label per interview in every artefact, equal to `participants --json`', () => {
  it('participants --json: codes in order of completion, names only when asked', async () => {
    const plain = await participantsJson(false);
    const named = await participantsJson(true);
    expect(plain.map((p) => Object.keys(p))).toEqual(plain.map(() => ['interview_id', 'code', 'name']));
    expect(plain.every((p) => p.name === null)).toBe(true);
    expect(plain.map((p) => p.code)).toEqual(plain.map((_, i) => `P${String(i + 1).padStart(2, '0')}`));
    expect(named.map((p) => [p.interview_id, p.code])).toEqual(plain.map((p) => [p.interview_id, p.code]));
    expect(named.map((p) => p.name).sort()).toEqual(study.people.map((p) => p.name).sort());
    // In order of completion (then id; unfinished ones last), as the cache holds them.
    const all = (await study.cache.call('interviews.list', { projectId: STUDY })).items;
    const order = [...all].sort(
      (a, b) =>
        (a.completed_at === null ? 1 : 0) - (b.completed_at === null ? 1 : 0) ||
        (a.completed_at ?? '').localeCompare(b.completed_at ?? '') ||
        a.id.localeCompare(b.id),
    );
    expect(plain.map((p) => p.interview_id)).toEqual(order.map((i) => i.id));
  });

  for (const m of MODES) {
    it(`${m.mode}: transcripts, CSVs, report, .qdpx, code segments, grid and clips name each interview alike`, async () => {
      const listed = await participantsJson(m.includeParticipant && !m.redact);
      const codes = new Map(listed.map((p) => [p.interview_id, p.code]));
      // The one label: the code, or "Name (P07)" with participant data; redacted, the code (its pseudonym).
      const label = new Map(listed.map((p) => [p.interview_id, participantLabel(p.code, p.name)]));
      const labels = new Set(label.values());
      const r = m.redact ? redactor : NO_REDACTION;
      const dir = join(tmp, m.mode.replace(/\W+/g, '-'));
      mkdirSync(dir, { recursive: true });
      const req: ExportRequest = {
        formats: m.includeParticipant ? [...EXPORT_FORMATS] : EXPORT_FORMATS.filter((f) => !f.endsWith('-csv')),
        interviewIds: null,
        target: { kind: 'folder', folder: dir },
        includeParticipant: m.includeParticipant,
        lineEnding: 'lf',
        printPdf: async (html) => strToU8(html),
        user: { id: 'w', name: 'Sam Reviewer' },
        redactor: r,
      };
      await runExport(
        cacheExportSource(study.cache, STUDY, async () => null),
        req,
      );
      const files = everyFile(dir);

      // Transcripts: one file per interview in every format, named by the label alone.
      const transcriptFormats = [...new Set(files.map(([n]) => /^Meal-kit churn\/([a-z]+)\/[^/]+$/.exec(n)?.[1]).filter((f) => f !== undefined))];
      expect(transcriptFormats.sort()).toEqual(['csv', 'docx', 'json', 'md', 'srt', 'txt', 'vtt']);
      for (const f of transcriptFormats) {
        const names = files
          .filter(([n]) => n.startsWith(`Meal-kit churn/${f}/`) && !n.includes('!/'))
          .map(([n]) => n.slice(`Meal-kit churn/${f}/`.length).replace(/\.[a-z]+$/, ''));
        expect(names.sort(), f).toEqual([...labels].sort());
      }
      // Inside: the header's code is the file's own (Markdown, JSON, CSV).
      for (const [id, code] of codes) {
        const md = files.find(([n]) => n === `Meal-kit churn/md/${label.get(id)}.md`)![1];
        expect(md).toContain(`- **Participant code:** ${code}`);
        expect(md).toContain(`- **Interview:** ${id}`);
        const json = JSON.parse(files.find(([n]) => n === `Meal-kit churn/json/${label.get(id)}.json`)![1]) as {
          interview: { id: string; participant_code: string };
        };
        expect(json.interview).toMatchObject({ id, participant_code: code });
        const rows = parseCsv(files.find(([n]) => n === `Meal-kit churn/csv/${label.get(id)}.csv`)![1], { columns: true }) as {
          interview_id: string;
          participant: string;
        }[];
        expect(new Set(rows.map((row) => `${row.interview_id} ${row.participant}`))).toEqual(new Set([`${id} ${label.get(id)}`]));
      }

      // The .qdpx: each complete interview's case and source carry the label.
      const qde = files.find(([n]) => n.endsWith('.qdpx!/project.qde'))![1];
      const complete = (await study.cache.call('interviews.list', { projectId: STUDY })).items.filter((i) => i.status === 'COMPLETE');
      const cases = [...qde.matchAll(/<Case [^>]*name="([^"]*)"/g)].map((x) => x[1]);
      const unxml = (s: string) =>
        s
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&');
      expect(cases.map((c) => unxml(c!)).sort()).toEqual(complete.map((i) => label.get(i.id)).sort());
      const sources = [...qde.matchAll(/<(?:Video|Text)Source [^>]*name="([^"]*)"/g)].map((x) => unxml(x[1]!));
      expect(sources.sort()).toEqual(complete.map((i) => label.get(i.id)).sort());

      // The report's quote references: each a label of the study.
      const reportMd = files.find(([n]) => n === 'Meal-kit churn/report.md')![1];
      const cited = [...reportMd.matchAll(/\b(P\d{2,})\)?, (?:\d\d:\d\d:\d\d|time unknown)/g)].map((x) => x[1]!);
      expect(cited.length).toBeGreaterThan(0);
      const byCode = new Map(listed.map((p) => [p.code, label.get(p.interview_id)!]));
      for (const c of cited) expect(reportMd).toContain(`${byCode.get(c)}, `);

      // A code's segments (CSV) and the question grid (CSV): each row's participant is its interview's label.
      const code = (await study.cache.call('codes.list', { projectId: STUDY })).find((c) => c.id === study.code)!;
      const { codeSegments } = await import('../../../../src/main/analysis/codes/segments');
      const { segments: segs } = await codeSegments(study.cache, { researcherName: () => 'Sam Reviewer' }).all(code.id, {});
      const segCsv = renderCodeSegmentsCsv({
        project: { id: STUDY, title: 'Meal-kit churn' },
        code: { name: code.name, description: code.description, color: code.color },
        segments: redactSegments(segs, r),
        includeParticipant: m.includeParticipant,
      });
      const segRows = parseCsv(segCsv, { columns: true }) as { interview_id: string; participant: string }[];
      expect(segRows.length).toBeGreaterThan(0);
      for (const row of segRows) expect(row.participant).toBe(label.get(row.interview_id));
      const grid = await study.cache.call('grid.build', { projectId: STUDY, by: null });
      // The grid is the app's own view: it shows names unless redacted, so it matches the named labels then.
      const gridLabels = m.redact ? codes : new Map((await participantsJson(true)).map((p) => [p.interview_id, participantLabel(p.code, p.name)]));
      const gridRows = parseCsv(gridCsv(redactGrid(grid, r)), { columns: true }) as { interview_id: string; participant: string }[];
      expect(gridRows.length).toBe(listed.length);
      for (const row of gridRows) expect(row.participant).toBe(gridLabels.get(row.interview_id));

      // The clips plan: each clip's label is its interview's.
      const plan = await planClips(study.cache, {
        projectId: STUDY,
        selection: { kind: 'code', id: study.code },
        padMs: 0,
        includeParticipant: m.includeParticipant,
        redactor: r,
        media: fakeClipMedia().media,
        videoFile: async () => null,
      });
      expect(plan.clips.length).toBeGreaterThan(0);
      for (const c of plan.clips) expect(c.label).toBe(label.get(c.source.interview_id));

      // No other label anywhere: not in a file name, not in a file.
      for (const [name, text] of [...files, ['segments.csv', segCsv] as [string, string]]) {
        expect(`${name}\n${text}`, name).not.toMatch(/\b(Interview|Participant) \d+\b/);
      }
    }, 120_000);
  }
});
