import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { browserSkipReason, shot } from '../support/browser';
import { demoOperator, demoProjectId } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { projectBody } from '../support/sandbox';
import { filesIn } from '../support/files';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e grid ${skip}`);

const WS = DEMO_WORKSPACE_ID;

/** Analysis → Question grid, from the demo: grouped by plan, a coded cell opened and played, the grid exported. */
describe.skipIf(skip !== null)('question grid', () => {
  const e2e = useHarness();
  let page: Page;
  let problems: string[];
  let ui: App;
  let tmp: string;
  let churnId: string;
  /** A complete interview with a participant answer to the first question, coded "Price" here. */
  let coded: { id: string; participant: string; label: string; answer: string; plan: string; startMs: number };

  beforeAll(async () => {
    const harness = e2e.harness;
    tmp = mkdtempSync(join(tmpdir(), 'fw-e2e-grid-'));
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1440, height: 900 } }));
    ui = app(page);
    churnId = demoProjectId(harness, 'Meal-kit churn');
    const list = () => harness.core.call('interviews.list', { workspace_id: WS, project_id: churnId, status: 'COMPLETE' });
    await vi.waitFor(async () => expect((await list()).total).toBeGreaterThanOrEqual(20), { timeout: 30_000, interval: 100 });
    // The first row on screen (the oldest interview): its answer to the first question gets a code.
    const before = await harness.core.call('grid.build', { workspace_id: WS, project_id: churnId, by: null });
    const first = before.rows.find((r) => r.status === 'COMPLETE' && r.cells[0]?.question_index === 0)!;
    expect(before.rows.indexOf(first)).toBeLessThan(3);
    const row = { id: first.interview_id, participant_name: first.participant };
    const detail = (await harness.core.call('interviews.get', { workspace_id: WS, interview_id: row.id }))!;
    const answer = detail.transcript.find((t) => t.index === first.cells[0]!.turn)!;
    await harness.core.call('highlights.add', {
      workspace_id: WS,
      project_id: churnId,
      interview_id: row.id,
      start_turn: answer.index,
      start_offset: 0,
      end_turn: answer.index,
      end_offset: answer.text.length,
      start_ms: answer.start_ms,
      quote: answer.text,
      note: '',
      new_codes: ['Price'],
    });
    coded = {
      id: row.id,
      // The name (rows are found by it) and the grid's label: the name with the participant code beside it.
      participant: detail.participant_name!,
      label: row.participant_name,
      answer: answer.text,
      plan: String(detail.participant?.fields.plan),
      startMs: answer.start_ms!,
    };
  }, 120_000);
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('shows one row per interview and one column per guide question, with the coded answer in its cell', async () => {
    await ui.grid.open('Meal-kit churn');
    const grid = await e2e.harness.core.call('grid.build', { workspace_id: WS, project_id: churnId, by: null });
    // The demo's guide is known (its seed saved it), so nothing is inferred.
    expect(grid.guide).toBe('known');
    expect(await ui.grid.inferredNote.count()).toBe(0);
    const headers = await ui.grid.columnHeaders.allInnerTexts();
    expect(headers[0]).toBe('Participant');
    expect(headers[1]).toContain(grid.questions[0]!.text);
    expect(await ui.grid.grid.getAttribute('aria-rowcount')).toBe(String(grid.rows.length + 1));
    const cell = ui.grid.cell(coded.participant, 2);
    expect(await cell.innerText()).toContain(coded.answer.slice(0, 40));
    // Its code shows as a chip in the code's colour, introduced for screen readers.
    expect(await cell.innerText()).toMatch(/Codes:\s*Price/);
    await shot(page, 'grid-1440');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'grid-1440-dark');
    await page.setViewportSize({ width: 1024, height: 700 });
    await shot(page, 'grid-1024-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'grid-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 60_000);

  it('moves between cells with the arrow keys and opens one with Enter', async () => {
    await ui.grid.rows.nth(1).getByRole('rowheader').click();
    expect(await ui.grid.focused()).toEqual({ row: '2', col: '1' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await ui.grid.focused()).toEqual({ row: '3', col: '3' });
    await page.keyboard.press('ArrowLeft');
    expect(await ui.grid.focused()).toEqual({ row: '3', col: '2' });
    await page.keyboard.press('Enter');
    await ui.grid.cellDialog.waitFor();
    await page.keyboard.press('Escape');
    await ui.grid.cellDialog.waitFor({ state: 'detached' });
    // End and Ctrl+End reach the last column and the last row, which were not rendered before.
    await page.keyboard.press('End');
    const last = await ui.grid.focused();
    expect(last.col).toBe(await ui.grid.grid.getAttribute('aria-colcount'));
    expect(last.row).toBe('3');
    await page.keyboard.press('Control+End');
    const rowCount = await ui.grid.grid.getAttribute('aria-rowcount');
    await expect.poll(async () => (await ui.grid.focused()).row).toBe(rowCount);
    await page.keyboard.press('Control+Home');
    await expect.poll(() => ui.grid.focused()).toEqual({ row: '2', col: '1' });
  });

  it('groups by plan with code counts per group, opens a cell in full with its codes, and ▶ opens the interview at the answer', async () => {
    await ui.grid.groupBy.selectOption({ label: 'plan' });
    const counts = ui.grid.counts('plan');
    await counts.waitFor();
    const planRow = counts
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${coded.plan.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) }) });
    // The coded answer counts once for its group under the first question.
    expect(await planRow.getByRole('cell').first().innerText()).toMatch(/Price\s*1/);
    const options = await ui.grid.show.locator('option').allInnerTexts();
    await ui.grid.show.selectOption({ label: options.find((o) => o.startsWith(`${coded.plan} (`))! });
    // Only that group's rows are shown, each saying its plan.
    await expect.poll(async () => (await ui.grid.rows.count()) - 1).toBeGreaterThan(0);
    for (const sub of await ui.grid.grid.getByRole('rowheader').allInnerTexts()) expect(sub).toContain(coded.plan);
    await shot(page, 'grid-grouped-1440');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'grid-grouped-1440-dark');
    await page.setViewportSize({ width: 1024, height: 700 });
    await shot(page, 'grid-grouped-1024-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'grid-grouped-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    await ui.grid.cell(coded.participant, 2).click();
    await ui.grid.cellDialog.waitFor();
    expect(await ui.grid.cellDialog.innerText()).toContain(coded.answer);
    expect(await ui.grid.cellDialog.getByText('Price', { exact: true }).isVisible()).toBe(true);
    await shot(page, 'grid-cell-1440');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'grid-cell-1440-dark');
    await page.setViewportSize({ width: 1024, height: 700 });
    await shot(page, 'grid-cell-1024-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'grid-cell-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await ui.grid.play.click();
    await ui.viewer.ready(coded.participant);
    await expect.poll(() => ui.viewer.time(), { timeout: 15_000 }).toBeGreaterThanOrEqual(coded.startMs / 1000 - 0.5);
  });

  it('exports the grouped grid as CSV to a picked folder: one row per interview, the full answers', async () => {
    await ui.grid.open('Meal-kit churn');
    // The grouping chosen before is kept for the study.
    expect(await ui.grid.groupBy.inputValue()).toBe('plan');
    const folder = join(tmp, 'grid');
    mkdirSync(folder, { recursive: true });
    e2e.harness.desktop.folderChoices.push(folder);
    await ui.grid.exportCsv.click();
    await ui.grid.saved.waitFor({ timeout: 20_000 });
    const [file] = filesIn(folder);
    expect(file).toMatch(/Meal-kit churn question grid\.csv$/);
    const csv = parseCsv(readFileSync(file!, 'utf8'), { bom: true }) as string[][];
    const grid = await e2e.harness.core.call('grid.build', { workspace_id: WS, project_id: churnId, by: 'plan' });
    expect(csv[0]).toEqual(['interview_id', 'participant', 'status', 'group', ...grid.questions.map((q) => `Q${q.index + 1}. ${q.text}`)]);
    expect(csv).toHaveLength(grid.rows.length + 1);
    const line = csv.find((l) => l[0] === coded.id)!;
    expect(line.slice(1, 4)).toEqual([coded.label, 'COMPLETE', coded.plan]);
    expect(line[4]!.startsWith(coded.answer)).toBe(true);

    // DOCX to the same folder: one section per question, each answer under its participant and plan.
    e2e.harness.desktop.folderChoices.push(folder);
    await ui.grid.exportDocx.click();
    // Wait for the .docx by name: while it is written the folder holds it under a temporary name.
    await expect.poll(() => filesIn(folder).filter((f) => f.endsWith('.docx')).length, { timeout: 20_000 }).toBe(1);
    const docx = filesIn(folder).find((f) => f.endsWith('.docx'))!;
    const xml = strFromU8(unzipSync(new Uint8Array(readFileSync(docx)))['word/document.xml']!);
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('\n');
    expect(text).toContain(`Q1. ${grid.questions[0]!.text}`);
    expect(text).toContain(`${coded.label} (${coded.plan})`);
    expect(text).toContain('Grouped by: ');
    expect(problems).toEqual([]);
  });

  it('infers the guide of a study Fieldwork did not create, and says so', { timeout: 120_000 }, async () => {
    const op = await demoOperator(e2e.harness);
    const made = await op.call<{ id: string }>('POST', '/v1/projects', projectBody({ title: 'Made elsewhere' }));
    expect(made.status).toBe(201);
    await op.ok('POST', `/v1/projects/${made.body.id}/launch`, { target_participants: 10 });
    await op.ok('POST', `/_sandbox/projects/${made.body.id}/simulate`, { completed: 5 });
    await e2e.harness.core.call('sync.run', { workspace_id: WS });
    await ui.grid.open('Made elsewhere');
    await ui.grid.inferredNote.waitFor();
    const grid = await e2e.harness.core.call('grid.build', { workspace_id: WS, project_id: made.body.id, by: null });
    expect(grid.guide).toBe('inferred');
    expect(grid.questions.length).toBeGreaterThan(1);
    expect(grid.questions.every((q) => q.inferred)).toBe(true);
    expect(await ui.grid.columnHeaders.count()).toBe(grid.questions.length + 1);
    await shot(page, 'grid-inferred-1440');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'grid-inferred-1440-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('renders only the cells in view for a thousand interviews, and reaches the last row from the keyboard', { timeout: 180_000 }, async () => {
    const op = await demoOperator(e2e.harness);
    await op.ok('POST', `/_sandbox/projects/${churnId}/simulate`, { completed: 1000 });
    await e2e.harness.core.call('sync.run', { workspace_id: WS, project_ids: [churnId] });
    const started = performance.now();
    const built = await e2e.harness.core.call('grid.build', { workspace_id: WS, project_id: churnId, by: null });
    const buildMs = performance.now() - started;
    expect(built.rows.length).toBeGreaterThanOrEqual(1000);
    await ui.grid.open('Meal-kit churn');
    await ui.grid.groupBy.selectOption('');
    await ui.study.tab('Report').click();
    // Measured, not asserted: from choosing the view to the grid on screen, and the build alone, for the report.
    const clicked = performance.now();
    await ui.study.tab('Analysis').click();
    await page.getByRole('tablist', { name: 'Analysis views' }).getByRole('tab', { name: 'Question grid' }).click();
    await expect.poll(async () => ui.grid.grid.getAttribute('aria-rowcount'), { timeout: 30_000 }).toBe(String(built.rows.length + 1));
    const shownMs = performance.now() - clicked;
    // From the grid's arrival in the page to the frame that shows its first window of cells.
    const paintMs = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const data = performance.getEntriesByName('fieldwork:grid-data').at(-1)!.startTime;
      const painted = performance.getEntriesByName('fieldwork:grid-painted').filter((e) => e.startTime >= data)[0]!.startTime;
      return painted - data;
    });
    console.log(
      `grid for ${built.rows.length} interviews × ${built.questions.length} questions: built in ${buildMs.toFixed(0)} ms; ` +
        `first paint ${paintMs.toFixed(0)} ms after the grid reached the page; on screen ${shownMs.toFixed(0)} ms after choosing the view`,
    );
    expect(paintMs).toBeGreaterThanOrEqual(0);
    const rendered = await ui.grid.grid.locator('[role="gridcell"]').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(30 * (built.questions.length + 1));
    await ui.grid.rows.nth(1).getByRole('rowheader').click();
    await page.keyboard.press('Control+End');
    await expect.poll(async () => (await ui.grid.focused()).row).toBe(String(built.rows.length + 1));
    expect(await ui.grid.grid.locator('[role="gridcell"]').count()).toBeLessThanOrEqual(30 * (built.questions.length + 1));
    expect(problems).toEqual([]);
  });
});
