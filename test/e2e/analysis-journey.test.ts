import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { AI_REPORT_CODER } from '../../src/shared/analysis/codebook';
import { browserSkipReason } from '../support/browser';
import { completeDemoInterviews, demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app } from '../support/pages';
import { agreementView } from '../support/pages/agreement';
import { reportExtras } from '../support/pages/report-versions';

const skip = browserSkipReason();
if (skip) console.warn(`e2e analysis journey ${skip}`);

const WS = DEMO_WORKSPACE_ID;
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesIn(join(dir, d.name)) : [join(dir, d.name)]));

/**
 * Issue 13's "done when", from the demo, as a new user would, in one sitting: the report's themes become codes;
 * five segments coded by hand in the viewer with the keyboard picker; the question grid grouped by plan; you
 * against the AI report in Agreement; the grid exported; a .qdpx (the study as another tool would hand it back)
 * imported as a second coder whose codings then show.
 */
describe.skipIf(skip !== null)('the analysis workbench from the demo', () => {
  const e2e = useDemoStudy('Meal-kit churn');

  it('themes → codes, five codings by hand, grid by plan, agreement with the AI report, grid export, and a .qdpx coder imported', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'fw-e2e-journey-'));
    const { page, problems } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    const mine = async () => (await e2e.harness.core.call('highlights.list', { workspace_id: WS, project_id: e2e.studyId, coder: null })).length;

    // 1. The report's themes become codes, from the Report tab.
    await ui.sidebar.study('Meal-kit churn').click();
    await ui.study.openTab('Report');
    const report = reportExtras(page);
    await report.themesToCodes.click();
    await report.outcome.waitFor();
    const themes = (await e2e.harness.core.call('projects.get', { workspace_id: WS, project_id: e2e.studyId }))!.report!.themes.map((t) => t.title);
    const codes = await e2e.harness.core.call('codes.list', { workspace_id: WS, project_id: e2e.studyId });
    expect(codes.map((c) => c.name).sort()).toEqual([...themes].sort());
    expect(codes.every((c) => c.codings > 0)).toBe(true);

    // 2. Five segments coded by hand: select words, C, 1 (the most used code), Enter.
    await ui.study.openTab('Interviews');
    const row = (await completeDemoInterviews(e2e.harness, e2e.studyId)).find((r) => r.has_video)!;
    const detail = await demoInterview(e2e.harness, row.id);
    await ui.interviews.row(row.participant_name!).click();
    await ui.viewer.ready(row.participant_name!);
    const answers = detail.transcript.filter((t) => t.role === 'User' && t.text.split(' ').length >= 4).slice(0, 5);
    expect(answers).toHaveLength(5);
    for (const [n, turn] of answers.entries()) {
      await ui.viewer.turn(turn.index).scrollIntoViewIfNeeded();
      await ui.viewer.turn(turn.index).focus();
      await ui.viewer.selectWords(turn.index, 0, turn.text.split(' ').slice(0, 3).join(' ').length);
      await page.keyboard.press('c');
      await ui.viewer.codePicker.root.waitFor();
      await page.keyboard.press('1');
      await expect.poll(() => ui.viewer.codePicker.chosen.count()).toBe(1);
      await page.keyboard.press('Enter');
      await ui.viewer.codePicker.root.waitFor({ state: 'hidden' });
      await expect.poll(mine).toBe(n + 1);
    }
    const byHand = await e2e.harness.core.call('highlights.list', { workspace_id: WS, project_id: e2e.studyId, coder: null });
    const handCode = byHand[0]!.codes[0]!.name;
    expect(byHand.map((h) => h.codes.map((c) => c.name))).toEqual(Array.from({ length: 5 }, () => [handCode]));

    // 3. The question grid, grouped by plan, with each plan's code counts.
    await ui.grid.open('Meal-kit churn');
    await ui.grid.groupBy.selectOption({ label: 'plan' });
    await ui.grid.counts('plan').waitFor();
    await expect.poll(() => ui.grid.counts('plan').innerText()).toContain(handCode);

    // 4. You against the AI report, per code: the code coded by both has its turns compared and its statistics.
    const agr = agreementView(page);
    await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Agreement', exact: true }).click();
    await agr.row(handCode).waitFor();
    await expect.poll(() => agr.coderB.inputValue()).toBe(AI_REPORT_CODER);
    const [units, percent] = await agr.cells(handCode);
    expect(Number(units!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(percent).toMatch(/%$/);

    // 5. The grid exported as CSV to a folder the researcher picks: one row per complete interview, answers in full.
    await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Question grid' }).click();
    await ui.grid.grid.waitFor();
    const gridFolder = join(tmp, 'grid');
    mkdirSync(gridFolder, { recursive: true });
    e2e.harness.desktop.folderChoices.push(gridFolder);
    await ui.grid.exportCsv.click();
    // By name: while it is written the folder holds it under a temporary name.
    await expect.poll(() => filesIn(gridFolder).filter((f) => f.endsWith('.csv')).length, { timeout: 20_000 }).toBe(1);
    const csv = parse(
      readFileSync(
        filesIn(gridFolder).find((f) => f.endsWith('.csv'))!,
        'utf8',
      ).replace(/^\uFEFF/, ''),
      { columns: true },
    ) as Record<string, string>[];
    expect(csv.length).toBeGreaterThan(0);
    expect(csv.map((r) => r.interview_id)).toContain(row.id);
    expect(Object.values(csv.find((r) => r.interview_id === row.id)!).join('\n')).toContain(answers[0]!.text);

    // 6. A .qdpx as another tool hands it back (the study exported, then imported as a second coder).
    const qdpxFolder = join(tmp, 'qdpx');
    mkdirSync(qdpxFolder, { recursive: true });
    e2e.harness.desktop.folderChoices.push(qdpxFolder);
    await e2e.harness.core.call('exports.chooseFolder', undefined);
    await e2e.harness.core.call('exports.run', {
      workspace_id: WS,
      project_id: e2e.studyId,
      export_id: 'journey-qdpx',
      interview_ids: [row.id],
      formats: ['qdpx'],
      folder: qdpxFolder,
      target: 'folder',
      include_participant: false,
      line_ending: 'lf',
      speaker_labels: 'interviewer-participant',
      bom: false,
    });
    const qdpx = filesIn(qdpxFolder).find((f) => f.endsWith('.qdpx'))!;
    await ui.qdpxImport.openButton.click();
    await ui.qdpxImport.dialog.waitFor();
    await ui.qdpxImport.file.setInputFiles(qdpx);
    await ui.qdpxImport.coder.fill('Sam (QualCoder)');
    await ui.qdpxImport.importButton.click();
    await ui.qdpxImport.done.waitFor({ timeout: 30_000 });
    await ui.qdpxImport.done.click();
    const sams = await e2e.harness.core.call('highlights.list', { workspace_id: WS, project_id: e2e.studyId, coder: 'Sam (QualCoder)' });
    // Every coding on that interview came back, by the new coder, on the same words. (The export also codes the
    // report's quotes where it finds them itself, so the file may hold a few more.)
    const range = (h: { start_turn: number; start_offset: number; end_turn: number; end_offset: number }) =>
      `${h.start_turn}:${h.start_offset}-${h.end_turn}:${h.end_offset}`;
    const before = (await e2e.harness.core.call('highlights.list', { workspace_id: WS, interview_id: row.id })).filter((h) => h.coder !== 'Sam (QualCoder)');
    expect(sams.every((h) => h.interview_id === row.id)).toBe(true);
    expect(sams.map(range)).toEqual(expect.arrayContaining([...new Set(before.map(range))]));
    // And the coder is there to compare with.
    await agr.reopen();
    await expect.poll(() => agr.coderB.locator('option').allInnerTexts()).toContainEqual(expect.stringMatching(/^Sam \(QualCoder\)/));
    expect(problems).toEqual([]);
  }, 240_000);
});
