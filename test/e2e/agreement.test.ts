import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { AI_REPORT_CODER } from '../../src/shared/analysis/codebook';
import { browserSkipReason, shotEverySize } from '../support/browser';
import { demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app } from '../support/pages';
import { agreementView } from '../support/pages/agreement';

const skip = browserSkipReason();
if (skip) console.warn(`e2e agreement ${skip}`);

/**
 * From the demo, as a new user would: the report's themes become codes from the Agreement view's empty state,
 * the researcher codes by hand, and the view compares "You" with "AI report" per code, with each disagreement
 * a ▶ to the moment in the interview.
 */
describe.skipIf(skip !== null)('agreement between you and the AI report', () => {
  const e2e = useDemoStudy('Meal-kit churn');

  it('turns themes into codes from the empty state, then shows you against the AI report per code with κ/α or "—", and ▶ on a disagreement', async () => {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const ui = app(page);
    const agr = agreementView(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await agr.open('Meal-kit churn');

    // Nothing coded yet: the defaults are you against the AI report, and the way to start is offered.
    await agr.empty.waitFor();
    await expect.poll(() => agr.coderA.inputValue()).toBe('');
    await expect.poll(() => agr.coderB.inputValue()).toBe(AI_REPORT_CODER);
    await expect.poll(() => agr.coderA.locator('option:checked').innerText()).toMatch(/^You \(0 segments\)$/);
    await page.getByText('The AI report has no codings in this study yet.').waitFor();

    await agr.themesToCodes.click();
    await agr.outcome.waitFor();
    const outcome = await agr.outcome.innerText();
    const report = (await e2e.harness.core.call('projects.get', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId }))!.report!;
    expect(outcome).toContain(`${report.themes.length} codes from the themes (${report.themes.length} new)`);
    // Every demo quote is a participant's words, so every one is found.
    expect(outcome).toContain('Every quote was found in a saved transcript.');
    // Still nothing to compare: the researcher has not coded; the view says so.
    await page.getByText('You have not coded any segment in this study yet.').waitFor();
    await shotEverySize(page, 'agreement-empty');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });

    // The researcher codes by hand (through IPC, as the viewer does): every segment the AI report coded with its
    // first segment's code in that interview, on the same words (agreement; the demo's report may quote one
    // interview more than once), and one more participant turn with it (a disagreement: only "You").
    const ai = await e2e.harness.core.call('highlights.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId });
    const seg = ai.find((h) => h.coder === AI_REPORT_CODER)!;
    const { id: codeId, name: code } = seg.codes[0]!;
    const detail = await demoInterview(e2e.harness, seg.interview_id);
    const aiHere = ai.filter((h) => h.coder === AI_REPORT_CODER && h.interview_id === seg.interview_id);
    const aiSegs = aiHere.filter((h) => h.codes.some((c) => c.id === codeId));
    const aiTurns = new Set(aiSegs.flatMap((h) => Array.from({ length: h.end_turn - h.start_turn + 1 }, (_, i) => h.start_turn + i)));
    const other = detail.transcript.find((t) => !aiTurns.has(t.index) && t.role === 'User' && t.start_ms !== null && t.start_ms > 0)!;
    const base = { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId, interview_id: seg.interview_id, note: '', code_ids: [codeId] };
    for (const h of aiSegs) {
      await e2e.harness.core.call('highlights.add', {
        ...base,
        start_turn: h.start_turn,
        start_offset: h.start_offset,
        end_turn: h.end_turn,
        end_offset: h.end_offset,
        start_ms: h.start_ms,
        quote: h.quote,
      });
    }
    await e2e.harness.core.call('highlights.add', {
      ...base,
      start_turn: other.index,
      start_offset: 0,
      end_turn: other.index,
      end_offset: other.text.length,
      start_ms: other.start_ms,
      quote: other.text,
    });

    await agr.reopen();
    await agr.table.waitFor();
    await expect
      .poll(() => agr.scope.innerText())
      .toMatch(/^You \(A\) against AI report \(B\): 1 interview coded by both; \d+ interviews coded by only one of them are left out\.$/);
    const [turns, percent, kappa, alpha, disagreements] = await agr.cells(code);
    expect(Number(turns)).toBe(detail.transcript.length);
    expect(percent).toBe(`${((100 * (detail.transcript.length - 1)) / detail.transcript.length).toFixed(1)}%`);
    // Both applied it to the same turns and only you to one more: κ and α are defined and positive.
    expect(Number(kappa)).toBeGreaterThan(0);
    expect(Number(alpha)).toBeGreaterThan(0);
    expect(disagreements).toMatch(/^1 /);
    // The other themes' codes: the AI report applied none of them in this interview, so nothing varies: "—" with the reason.
    const unused = report.themes.map((t) => t.title).filter((t) => !aiHere.some((h) => h.codes.some((c) => c.name === t)));
    expect(unused.length).toBeGreaterThan(0);
    const undefinedRow = await agr.cells(unused[0]!);
    expect(undefinedRow.slice(1, 4)).toEqual(['100.0%', '—', '—']);
    await agr.table
      .getByText(/Neither coder applied this code to any of the \d+ turns compared, so there is no variation to agree on: κ and α are undefined\./)
      .first()
      .waitFor();

    await agr.showDisagreements(code).click();
    await expect.poll(() => agr.disagreements(code).count()).toBe(1);
    const item = await agr.disagreements(code).first().innerText();
    // Named as the Interviews list names it: the name with the participant code beside it.
    expect(detail.code).toMatch(/^P\d{2,}$/);
    expect(item).toContain(`${detail.participant_name} (${detail.code})`);
    expect(item).toContain('applied by You only');
    expect(item).toContain(other.text);

    await shotEverySize(page, 'agreement');

    await agr.play(code).click();
    await ui.viewer.ready(detail.participant_name!);
    await expect.poll(ui.viewer.activeTurn).toBe(other.index);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
