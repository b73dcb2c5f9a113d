/**
 * `fieldwork grid`, run as a child process as cli.test.ts runs the command line (`node bin/fieldwork.cjs …`,
 * FIELDWORK_HOME in a temp dir, no keychain reachable). A study made straight on the service (so Fieldwork
 * does not know its guide) is synced; then, with the sandbox gone and no key, its grid is written as JSON
 * and CSV, grouped by a participant field, and the two are read back: the guide inferred from the
 * transcripts is the study's questions, and every row's cells agree between the formats.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cliJson, useCli } from '../support/cli';

const fw = useCli({ dirPrefix: 'fw-cli-grid-', sandbox: { reportDurationMs: 0 } });
const cli = fw.run;
let project = '';

type GridJson = {
  questions: { index: number; text: string; inferred: boolean }[];
  rows: { interview_id: string; participant: string; group: string | null; cells: { question_index: number; text: string; start_ms: number | null }[] }[];
};

describe('fieldwork grid', () => {
  it('writes the grid as the documented JSON and as CSV, offline, with the guide inferred and rows grouped by plan', async () => {
    const { org, project: id } = await fw.study({ title: 'Grid study', target: 20, completed: 6, workspace: 'Grid' });
    project = id;
    expect((await cli(['sync', '--workspace', 'grid'], { key: org.apiKey })).code).toBe(0);
    // The questions the sandbox's interviewer asked (its guide for the study's topic), read from the service.
    const page = await org.client.listInterviews(project, { transcripts: true });
    const asked = page.items.map((iv) => (iv.transcript ?? []).filter((t) => t.role === 'AI').map((t) => t.text));
    await fw.stopSandbox();

    const jsonFile = join(fw.tmp, 'out', 'grid.json');
    const csvFile = join(fw.tmp, 'out', 'grid.csv');
    const [asJson, asCsv, plain] = await Promise.all([
      cli(['grid', '--workspace', 'Grid', '--project', project, '--by', 'plan', '--format', 'json', '--out', jsonFile, '--json']),
      cli(['grid', '--workspace', 'Grid', '--project', project, '--by', 'plan', '--format', 'csv', '--out', csvFile]),
      cli(['grid', '--workspace', 'Grid', '--project', project, '--format', 'json', '--out', join(fw.tmp, 'out', 'plain.json')]),
    ]);
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(cliJson<{ rows: number; questions: number; inferred: boolean }>(asJson)).toMatchObject({ rows: 6, inferred: true });
    expect(asCsv.code, asCsv.stderr).toBe(0);
    expect(plain.code, plain.stderr).toBe(0);
    expect(asCsv.stdout).toMatch(/Wrote 6 interviews × \d+ questions/);
    expect(asCsv.stdout).toContain('The guide was inferred from the transcripts');

    const grid = JSON.parse(readFileSync(jsonFile, 'utf8')) as GridJson;
    expect(Object.keys(grid)).toEqual(['questions', 'rows']);
    // Inferred: the AI turns every interview asked, in their order; the follow-ups (asked in some) are not questions.
    const inAll = asked[0]!.filter((text) => asked.every((a) => a.includes(text)));
    expect(inAll.length).toBeGreaterThan(1);
    expect(grid.questions).toEqual(inAll.map((text, index) => ({ index, text, inferred: true })));
    expect(asked.some((a) => a.length > inAll.length)).toBe(true);
    expect(grid.rows).toHaveLength(6);
    for (const r of grid.rows) {
      expect(Object.keys(r)).toEqual(['interview_id', 'participant', 'group', 'cells']);
      expect(r.group).toMatch(/\S/);
      expect(r.cells.map((c) => c.question_index)).toEqual(inAll.map((_, i) => i));
      for (const c of r.cells) {
        expect(Object.keys(c)).toEqual(['question_index', 'text', 'start_ms']);
        expect(c.text.trim().length).toBeGreaterThan(0);
        expect(typeof c.start_ms).toBe('number');
      }
    }
    // Grouped: rows come group by group.
    const groups = grid.rows.map((r) => r.group!);
    expect(groups).toEqual([...groups].sort((a, b) => a.localeCompare(b)));
    const ungrouped = JSON.parse(readFileSync(join(fw.tmp, 'out', 'plain.json'), 'utf8')) as GridJson;
    expect(ungrouped.rows.every((r) => r.group === null)).toBe(true);

    const csv = parseCsv(readFileSync(csvFile, 'utf8'), { bom: true }) as string[][];
    expect(csv[0]).toEqual(['interview_id', 'participant', 'status', 'group', ...inAll.map((q, i) => `Q${i + 1}. ${q}`)]);
    expect(csv).toHaveLength(7);
    for (const r of grid.rows) {
      const line = csv.find((l) => l[0] === r.interview_id)!;
      expect(line.slice(1, 4)).toEqual([r.participant, 'COMPLETE', r.group]);
      expect(line.slice(4)).toEqual(r.cells.map((c) => c.text));
    }
    // A follow-up's answer is in its question's cell, after a blank line.
    expect(grid.rows.some((r) => r.cells.some((c) => c.text.includes('\n\n')))).toBe(true);
  }, 120_000);

  it('refuses a grouping no interview has, a bad format, and a study not in the cache, each as a usage error', async () => {
    const out = join(fw.tmp, 'out', 'never.csv');
    expect(project).not.toBe('');
    const [field, study, format] = await Promise.all([
      cli(['grid', '--workspace', 'Grid', '--project', project, '--by', 'shoe_size', '--format', 'csv', '--out', out]),
      cli(['grid', '--workspace', 'Grid', '--project', '99999999-9999-4999-8999-999999999999', '--format', 'csv', '--out', out, '--json']),
      cli(['grid', '--workspace', 'Grid', '--project', project, '--format', 'xlsx', '--out', out]),
    ]);
    expect(field.code).toBe(2);
    expect(field.stderr).toContain('No participant field or screener question "shoe_size"');
    expect(field.stderr).toMatch(/Group by one of: .*plan/);
    expect(study.code).toBe(2);
    expect(cliJson<{ error: { code: string } }>(study).error.code).toBe('unknown_project');
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format must be csv or json');
    expect(existsSync(out)).toBe(false);
  });
});
