/**
 * `fieldwork codes from-report` and `fieldwork agreement`, run as child processes as a user would (see
 * cli-report-versions.test.ts). A study with a report is synced; with the sandbox gone and no key, its themes
 * become codes twice (nothing duplicated), the researcher codes a turn, and the two coders are compared.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodesFromReportView } from '../../src/shared/ipc/channels/codes';
import { cliJson, useCli } from '../support/cli';

const fw = useCli({ dirPrefix: 'fw-cli-codes-', sandbox: { reportDurationMs: 0 } });
const cli = fw.run;
let project: string;

beforeAll(async () => {
  const { org, project: id } = await fw.study({ title: 'Coded study', target: 20, completed: 4, workspace: 'Coding' });
  project = id;
  await org.client.startReport(project);
  const key = org.apiKey;
  expect((await cli(['sync', '--workspace', 'coding'], { key })).code).toBe(0);
  await fw.stopSandbox();
}, 120_000);

describe('fieldwork codes from-report', () => {
  it('turns the themes into codes and the found quotes into AI report codings, offline; a second run duplicates nothing', async () => {
    const first = await cli(['codes', 'from-report', '--workspace', 'Coding', '--project', project, '--json']);
    expect(first.code, first.stderr).toBe(0);
    const a = cliJson<CodesFromReportView>(first);
    expect(a.themes).toBeGreaterThan(0);
    expect(a.codes.length).toBe(a.themes);
    expect(a.codes.every((c) => c.created)).toBe(true);
    // The sandbox quotes participants word for word: every quote is found and coded.
    expect(a.not_found).toEqual([]);
    expect(a.coded).toBeGreaterThan(0);

    const second = await cli(['codes', 'from-report', '--workspace', 'Coding', '--project', project]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`${a.themes} theme${a.themes === 1 ? '' : 's'} → `);
    expect(second.stdout).toContain(`0 new, ${a.codes.length} already in the codebook`);
    expect(second.stdout).toContain(`replacing ${a.coded} from an earlier run`);
    expect(second.stdout).toContain('Every quote was found in a saved transcript.');

    const cache = await fw.workspaceCache();
    const ai = await cache.call('highlights.list', { projectId: project, coder: 'AI report' });
    const codes = await cache.call('codes.list', { projectId: project });
    await cache.close();
    expect(ai.length).toBe(a.coded);
    expect(codes.map((c) => c.name).sort()).toEqual(a.codes.map((c) => c.name).sort());
  }, 60_000);
});

describe('usage', () => {
  it('answers --help for both commands, and an unknown study exits 2', async () => {
    const [codesHelp, fromReportHelp, agreementHelp, unknown] = await Promise.all([
      cli(['codes', '--help']),
      cli(['codes', 'from-report', '--help']),
      cli(['agreement', '--help']),
      cli(['codes', 'from-report', '--workspace', 'Coding', '--project', '99999999-9999-4999-8999-999999999999', '--json']),
    ]);
    expect(codesHelp).toMatchObject({ code: 0, stderr: '' });
    expect(codesHelp.stdout).toContain('from-report');
    expect(fromReportHelp.stdout).toMatch(/^Usage: fieldwork codes from-report --workspace NAME --project ID/);
    expect(agreementHelp.stdout).toMatch(/^Usage: fieldwork agreement --workspace NAME --project ID --coders A,B/);
    expect(unknown.code).toBe(2);
    expect(cliJson<{ error: { code: string } }>(unknown).error.code).toBe('unknown_project');
  }, 60_000);
});

describe('fieldwork agreement', () => {
  it('compares the researcher with the AI report per code, as the documented JSON, with names matched in any case', async () => {
    // The researcher codes exactly the AI report's first segment with its code, and one other turn with it too.
    const cache = await fw.workspaceCache();
    const [seg] = await cache.call('highlights.list', { projectId: project, coder: 'AI report' });
    const { codes, id: _i, created_at: _a, updated_at: _u, participant_name: _p, coder: _o, ...range } = seg!;
    await cache.call('highlights.add', { highlight: { ...range, code_ids: codes.map((c) => c.id) }, now: '2026-11-26T10:00:00Z' });
    await cache.call('highlights.add', {
      highlight: { ...range, start_turn: 0, start_offset: 0, end_turn: 0, end_offset: 2, quote: 'Hi', code_ids: codes.map((c) => c.id) },
      now: '2026-11-26T10:00:00Z',
    });
    await cache.close();
    writeFileSync(join(fw.home, 'settings.json'), JSON.stringify({ researcher_name: 'Dana' }));

    const [asJson, byName, human, unknown, one] = await Promise.all([
      cli(['agreement', '--workspace', 'Coding', '--project', project, '--coders', 'you,AI report', '--json']),
      cli(['agreement', '--workspace', 'Coding', '--project', project, '--coders', 'dana,ai REPORT', '--json']),
      cli(['agreement', '--workspace', 'Coding', '--project', project, '--coders', 'me,AI report']),
      cli(['agreement', '--workspace', 'Coding', '--project', project, '--coders', 'you,Zed', '--json']),
      cli(['agreement', '--workspace', 'Coding', '--project', project, '--coders', 'you']),
    ]);
    expect(asJson.code, asJson.stderr).toBe(0);
    type Row = { code: string; units: number; percent: number | null; kappa: number | null; alpha: number | null };
    const rows = cliJson<Row[]>(asJson);
    expect(cliJson<Row[]>(byName)).toEqual(rows);
    for (const r of rows) expect(Object.keys(r)).toEqual(['code', 'units', 'percent', 'kappa', 'alpha']);
    const mine = rows.find((r) => r.code === codes[0]!.name)!;
    // One interview compared: the two agree on the shared turn and differ on the extra one.
    expect(mine.units).toBeGreaterThan(2);
    expect(mine.percent).toBeGreaterThan(0);
    expect(mine.percent).toBeLessThan(100);
    expect(mine.kappa).not.toBeNull();
    expect(mine.kappa!).toBeGreaterThan(0);
    expect(mine.alpha).not.toBeNull();

    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^Dana against AI report: 1 interview coded by both\./);
    expect(human.stdout).toMatch(/Code +Turns +% +κ +α +Disagreements/);
    expect(unknown.code).toBe(2);
    expect(cliJson<{ error: { code: string; message: string } }>(unknown).error).toMatchObject({
      code: 'unknown_coder',
      message: expect.stringContaining('"Dana", "AI report"'),
    });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('--coders takes two coder names');
  }, 60_000);
});
