import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { InterviewDetail } from '../../src/shared/views';
import { timecode } from '../../src/renderer/lib/timecode';
import { browserSkipReason, shot, shotEverySize } from '../support/browser';
import { completeDemoInterviews, demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e codes ${skip}`);

const NOW = '2026-11-26T10:00:00.000Z';

/**
 * The Codes view, from the demo as a researcher would use it: segments coded in a few interviews (through the
 * core, as the viewer's H would), then in Analysis → Codes the codebook is managed (create, a refused name at
 * its field, rename, recolour, merge, delete with its count), a code is opened and its segments filtered by
 * plan and by coder, ▶ opens the interview at the segment's moment, and the segments export as CSV. The tests
 * run in order on one demo: the later ones read the codebook as the first leaves it (Cost merged into Price).
 */
describe.skipIf(skip !== null)('the Codes view', () => {
  const e2e = useDemoStudy('Meal-kit churn');
  let coded: InterviewDetail[];
  /** The coded turn of each coded interview: a participant turn with a time, late enough to see a seek. */
  const turnOf = (d: InterviewDetail) => d.transcript.filter((t) => t.role !== 'AI' && t.start_ms !== null && t.start_ms > 5000 && t.text.length > 20).at(-1)!;

  const add = (d: InterviewDetail, tags: string[], coder: string | null = null) =>
    e2e.harness.core.runtimes.get(DEMO_WORKSPACE_ID).then((rt) =>
      rt.cache.call('highlights.add', {
        highlight: {
          project_id: e2e.studyId,
          interview_id: d.id,
          start_turn: turnOf(d).index,
          start_offset: 0,
          end_turn: turnOf(d).index,
          end_offset: 20,
          start_ms: turnOf(d).start_ms,
          quote: turnOf(d).text.slice(0, 20),
          note: '',
          new_codes: tags,
          coder,
        },
        now: NOW,
      }),
    );

  beforeAll(async () => {
    await e2e.harness.core.call('settings.set', { researcher_name: 'Rosa' });
    const rows = await completeDemoInterviews(e2e.harness, e2e.studyId);
    const details = await Promise.all(rows.slice(0, 8).map((r) => demoInterview(e2e.harness, r.id)));
    coded = details.filter((d) => d.participant_name && turnOf(d));
    expect(coded.length).toBeGreaterThanOrEqual(6);
    // Five of the researcher's segments coded Price, two of them also coded by the AI report; one Cost; two Packaging.
    for (const d of coded.slice(0, 5)) await add(d, ['Price']);
    for (const d of coded.slice(0, 2)) await add(d, ['Price'], 'AI report');
    await add(coded[5]!, ['Cost']);
    for (const d of coded.slice(3, 5)) await add(d, ['Packaging']);
  }, 180_000);

  async function openCodes(page: Page): Promise<App> {
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await ui.sidebar.openStudy('Meal-kit churn');
    await ui.study.openTab('Analysis');
    await ui.codes.book.waitFor();
    return ui;
  }
  const codeList = () => e2e.harness.core.call('codes.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId });

  it('manages the codebook: create (a taken name refused at its field), rename, recolour, merge, delete with its count', async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const ui = await openCodes(page);
    const c = ui.codes;
    // The codebook with counts: codings · interviews.
    await c.code('Price').waitFor();
    expect(await c.code('Price').getAttribute('aria-describedby')).toBeTruthy();
    expect(await c.book.locator(`#${await c.code('Price').getAttribute('aria-describedby')}`).innerText()).toMatch(/^7 · 5/);

    // New code: a name another code has (any case) is refused at the name field, and what was typed stays.
    await c.newCode.click();
    const create = c.dialog('New code');
    await create.getByRole('textbox', { name: 'Name' }).fill('price');
    await create.getByRole('textbox', { name: 'Definition' }).fill('Late or missed deliveries');
    await create.getByRole('button', { name: 'Create code' }).click();
    await expect.poll(() => create.locator('.field-error').innerText()).toMatch(/already in this study’s codebook/);
    expect(await create.getByRole('textbox', { name: 'Definition' }).inputValue()).toBe('Late or missed deliveries');
    await create.getByRole('textbox', { name: 'Name' }).fill('Delivery');
    await create.getByRole('button', { name: 'Create code' }).click();
    await expect.poll(() => create.count()).toBe(0);
    await c.title('Delivery').waitFor();
    expect((await codeList()).find((x) => x.name === 'Delivery')).toMatchObject({ description: 'Late or missed deliveries', codings: 0 });

    // Rename; a taken name is refused at the field, nothing lost.
    await c.nameInput.fill('Late delivery');
    await c.rename.click();
    await c.title('Late delivery').waitFor();
    await c.code('Late delivery').waitFor();
    await c.nameInput.fill('PACKAGING');
    await c.rename.click();
    await expect.poll(() => c.fieldError.innerText()).toMatch(/already in this study’s codebook/);
    expect(await c.nameInput.inputValue()).toBe('PACKAGING');
    await c.title('Late delivery').waitFor();

    // Recolour from the palette, and a new definition.
    await c.colour('#c2417a').click();
    await expect.poll(async () => (await codeList()).find((x) => x.name === 'Late delivery')?.color).toBe('#c2417a');
    expect(await c.colour('#c2417a').getAttribute('aria-pressed')).toBe('true');
    await c.definition.fill('Boxes that came late or not at all');
    await c.saveDefinition.click();
    await expect.poll(async () => (await codeList()).find((x) => x.name === 'Late delivery')?.description).toBe('Boxes that came late or not at all');

    // A category, and the code moved into it.
    await c.newCategory.click();
    const cat = c.dialog('New category');
    await cat.getByRole('textbox', { name: 'Name' }).fill('Logistics');
    await cat.getByRole('button', { name: 'Create category' }).click();
    await c.title('Logistics').waitFor();
    await c.code('Late delivery').click();
    await c.title('Late delivery').waitFor();
    await c.category.selectOption({ label: 'Logistics' });
    await expect
      .poll(async () => (await codeList()).find((x) => x.name === 'Late delivery')?.parent_id)
      .toBe((await codeList()).find((x) => x.name === 'Logistics')!.id);
    await c.book.getByRole('list', { name: 'Logistics (category)' }).getByRole('button', { name: 'Late delivery', exact: true }).waitFor();

    // Merge Cost into Price: Cost goes, its coding joins Price.
    await c.code('Cost').click();
    await c.title('Cost').waitFor();
    await c.mergeButton.click();
    const merge = c.dialog('Merge “Cost”');
    await merge.getByRole('combobox', { name: 'Merge into' }).selectOption({ label: 'Price' });
    expect(await merge.innerText()).toContain('“Cost” goes; its 1 coding join “Price”');
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await c.title('Price').waitFor();
    await expect.poll(() => c.code('Cost').count()).toBe(0);
    expect((await codeList()).find((x) => x.name === 'Price')).toMatchObject({ codings: 8, interviews: 6 });

    // Delete Packaging: the confirmation names the codings that go.
    await c.code('Packaging').click();
    await c.title('Packaging').waitFor();
    await c.deleteButton.click();
    const del = c.dialog('Delete “Packaging”');
    expect(await del.innerText()).toContain('2 codings in 2 interviews go with “Packaging”');
    await del.getByRole('button', { name: 'Delete code and 2 codings' }).click();
    await expect.poll(() => c.code('Packaging').count()).toBe(0);
    expect((await codeList()).map((x) => x.name).sort()).toEqual(['Late delivery', 'Logistics', 'Price']);

    // The open code's settings, and the codebook, in both themes and both sizes.
    await c.code('Late delivery').click();
    await c.title('Late delivery').waitFor();
    await shotEverySize(page, 'codes-settings');
    expect(problems).toEqual([]);
  }, 180_000);

  it('opens a code: every segment with participant, question, time and coder; filters by plan and coder; ▶ opens the viewer there', async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const ui = await openCodes(page);
    const c = ui.codes;
    await c.code('Price').click();
    await c.title('Price').waitFor();
    const all = await e2e.harness.core.call('codes.segments', { workspace_id: DEMO_WORKSPACE_ID, id: (await codeList()).find((x) => x.name === 'Price')!.id });
    expect(all.total).toBe(8);
    await expect.poll(() => c.segments('Price').count()).toBe(8);
    // Each reads as the service says: who, which question (the demo's guide is known), when, coder, the words.
    const first = all.segments[0]!;
    const item = c.segments('Price').first();
    expect(await item.getByRole('button').getAttribute('aria-label')).toBe(`Open ${first.participant} at ${timecode(first.start_ms)}`);
    expect(await item.innerText()).toContain(first.text);
    expect(await item.innerText()).toContain(`coded by ${first.coder_label}`);
    expect(await item.innerText()).toContain(first.question ?? 'question unknown');
    expect(all.segments.filter((s) => s.question !== null).length).toBeGreaterThan(0);
    expect(new Set(all.segments.map((s) => s.coder_label))).toEqual(new Set(['Rosa', 'AI report']));

    // Filter by plan: exactly the segments of interviews on that plan.
    const plan = all.facets!.fields.find((f) => f.name === 'plan');
    expect(plan, JSON.stringify(all.facets!.fields)).toBeDefined();
    const value = plan!.values[0]!;
    const onPlan = await e2e.harness.core.call('codes.segments', { workspace_id: DEMO_WORKSPACE_ID, id: all.code.id, field: { name: 'plan', value } });
    expect(onPlan.total).toBeGreaterThan(0);
    expect(onPlan.total).toBeLessThan(8);
    await c.participantFilter.selectOption({ label: `plan: ${value}` });
    await expect.poll(() => c.segments('Price').count()).toBe(onPlan.total);
    for (const s of onPlan.segments) expect(await c.segments('Price').filter({ hasText: s.text }).count()).toBeGreaterThan(0);

    // And by coder: the AI report's, on top of the plan; then the AI report's alone.
    await c.coderFilter.selectOption({ label: 'AI report (2)' });
    const both = await e2e.harness.core.call('codes.segments', {
      workspace_id: DEMO_WORKSPACE_ID,
      id: all.code.id,
      field: { name: 'plan', value },
      coder: 'AI report',
    });
    await expect.poll(() => c.segments('Price').count()).toBe(both.total);
    await c.participantFilter.selectOption({ label: 'Any participant' });
    await expect.poll(() => c.segments('Price').count()).toBe(2);
    for (const text of await c.segments('Price').allInnerTexts()) expect(text).toContain('coded by AI report');
    await c.clearFilters.click();
    await expect.poll(() => c.segments('Price').count()).toBe(8);

    // By a screener answer: the segments of interviews whose screener gave it.
    const question = all.facets!.screener[0];
    expect(question, 'the demo interviews have screener answers').toBeDefined();
    const answer = question!.answers[0]!;
    const answered = await e2e.harness.core.call('codes.segments', {
      workspace_id: DEMO_WORKSPACE_ID,
      id: all.code.id,
      screener: { id: question!.id, answer },
    });
    await c.screenerFilter.selectOption(JSON.stringify([question!.id, answer]));
    await expect.poll(() => c.segments('Price').count()).toBe(answered.total);
    await expect.poll(() => c.segmentStatus.innerText()).toMatch(new RegExp(`^${answered.total} segments? match`));
    await c.clearFilters.click();
    await expect.poll(() => c.segments('Price').count()).toBe(8);

    // Screenshots of the open code with its segments, both themes and sizes.
    await shotEverySize(page, 'codes-segments');
    await page.emulateMedia({ colorScheme: 'light' });

    // ▶ opens the interview at the segment's moment.
    const target = all.segments.find((s) => s.start_ms !== null && s.start_ms > 5000)!;
    await c
      .segments('Price')
      .getByRole('button', { name: `Open ${target.participant} at ${timecode(target.start_ms)}` })
      .first()
      .click();
    await ui.viewer.ready(target.participant);
    await ui.viewer.playerReady();
    await expect.poll(() => ui.viewer.time(), { timeout: 15_000 }).toBeCloseTo(target.start_ms! / 1000, 0);
    expect(problems).toEqual([]);
  }, 180_000);

  it("exports a code's segments as CSV and Word to a chosen folder", async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const ui = await openCodes(page);
    const c = ui.codes;
    await c.code('Price').click();
    await expect.poll(() => c.segments('Price').count()).toBe(8);
    await c.coderFilter.selectOption({ label: 'Rosa (6)' });
    await expect.poll(() => c.segments('Price').count()).toBe(6);
    await c.exportButton.click();
    const dialog = c.dialog('Export “Price”');
    const folder = join(mkdtempSync(join(tmpdir(), 'fw-codes-e2e-')), 'out');
    mkdirSync(folder);
    e2e.harness.desktop.folderChoices.push(folder);
    await dialog.getByRole('button', { name: 'Choose folder…' }).click();
    await expect.poll(() => dialog.locator('.cd-folder').innerText()).toBe(folder);
    await shot(page, 'codes-export-dialog');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect.poll(() => dialog.locator('.cd-export-done').count(), { timeout: 20_000 }).toBe(1);
    expect(await dialog.locator('.cd-export-done').innerText()).toContain('6 segments of "Price"');
    const dir = join(folder, 'Meal-kit churn', 'codes');
    expect(readdirSync(dir).sort()).toEqual(['Price.csv', 'Price.docx']);
    const rows = parseCsv(readFileSync(join(dir, 'Price.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    const expected = await e2e.harness.core.call('codes.segments', {
      workspace_id: DEMO_WORKSPACE_ID,
      id: (await codeList()).find((x) => x.name === 'Price')!.id,
      coder: null,
    });
    expect(rows.map((r) => [r.code, r.interview_id, r.participant, r.coder, r.start_ms, r.start, r.text])).toEqual(
      expected.segments.map((s) => [
        'Price',
        s.interview_id,
        `P${String(s.interview_n).padStart(2, '0')}`,
        'Rosa',
        String(s.start_ms),
        timecode(s.start_ms),
        s.text,
      ]),
    );
    expect(rows.every((r) => r.question === (expected.segments.find((s) => s.interview_id === r.interview_id)?.question ?? ''))).toBe(true);

    // Only to a folder chosen in the OS dialog; a code's name never leads outside it.
    const elsewhere = mkdtempSync(join(tmpdir(), 'fw-codes-elsewhere-'));
    await expect(
      e2e.harness.core.call('exports.codeSegments', { workspace_id: DEMO_WORKSPACE_ID, code_id: expected.code.id, folder: elsewhere, formats: ['csv'] }),
    ).rejects.toMatchObject({ code: 'not_allowed' });
    expect(readdirSync(elsewhere)).toEqual([]);
    await e2e.harness.core.call('codes.update', { workspace_id: DEMO_WORKSPACE_ID, id: expected.code.id, name: '../../Price/..' });
    await e2e.harness.core.call('exports.codeSegments', { workspace_id: DEMO_WORKSPACE_ID, code_id: expected.code.id, folder, formats: ['csv'] });
    expect(readdirSync(folder)).toEqual(['Meal-kit churn']);
    expect(
      readdirSync(dir)
        .filter((f) => !f.startsWith('Price.'))
        .map((f) => f.endsWith('.csv')),
    ).toEqual([true]);
    expect(problems).toEqual([]);
  }, 120_000);
});
