import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { AI_REPORT_CODER } from '../../src/shared/analysis/codebook';
import { browserSkipReason, shotEverySize } from '../support/browser';
import { demoOperator } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app } from '../support/pages';
import { reportExtras } from '../support/pages/report-versions';

const skip = browserSkipReason();
if (skip) console.warn(`e2e report versions ${skip}`);

/**
 * The Report tab's "Turn themes into codes" (run twice, nothing duplicated) and its Versions: the demo's report
 * is regenerated over more interviews in the demo sandbox and synced, so two versions are kept and compared.
 */
describe.skipIf(skip !== null)('report versions and themes as codes in the Report tab', () => {
  const e2e = useDemoStudy('Meal-kit churn');

  /** A new page on the study's Report tab. */
  async function openReport() {
    const { page, problems } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await ui.report.open('Meal-kit churn');
    return { page, problems, extras: reportExtras(page) };
  }

  it('turns the themes into codes from the report, and again without duplicating a coding', async () => {
    const { page, problems, extras } = await openReport();

    await extras.themesToCodes.click();
    await extras.outcome.waitFor();
    const aiCodings = async () =>
      (await e2e.harness.core.call('highlights.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId })).filter((h) => h.coder === AI_REPORT_CODER)
        .length;
    const first = await aiCodings();
    expect(first).toBeGreaterThan(0);
    expect(await extras.outcome.innerText()).toContain(`${first} codings by “AI report”`);

    await extras.themesToCodes.click();
    await expect.poll(() => extras.outcome.innerText()).toContain(`The AI report’s ${first} earlier codings of these codes were replaced.`);
    expect(await extras.outcome.innerText()).toMatch(/\d+ codes from the themes \(0 new\)/);
    expect(await aiCodings()).toBe(first);
    await shotEverySize(page, 'report-themes-to-codes');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('lists the kept versions and shows what changed between two', async () => {
    // The service replaces its report when it is regenerated: more interviews, a new report, a sync keeps both.
    const op = await demoOperator(e2e.harness);
    await op.ok('PUT', '/_sandbox/organisations/me', { report_duration_ms: 0 });
    await op.ok('POST', `/_sandbox/projects/${e2e.studyId}/simulate`, { completed: 6 });
    await op.ok('POST', `/v1/projects/${e2e.studyId}/report`);
    await e2e.harness.core.call('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
    const kept = await e2e.harness.core.call('reports.versions', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId });
    expect(kept.length).toBe(2);
    const diff = await e2e.harness.core.call('reports.diff', {
      workspace_id: DEMO_WORKSPACE_ID,
      project_id: e2e.studyId,
      from_id: kept[1]!.id,
      to_id: kept[0]!.id,
    });
    // Six more interviews moved the themes: there is something for the screen to show.
    expect(diff.frequency_changes.length + diff.added.length + diff.removed.length + diff.quotes.length).toBeGreaterThan(0);

    const { page, problems, extras } = await openReport();
    await extras.versionsButton.click();
    await extras.versions.waitFor();
    await expect.poll(() => extras.versionRows.count()).toBe(2);
    const rows = await extras.versionRows.allInnerTexts();
    expect(rows[0]).toMatch(new RegExp(`^#${kept[0]!.id} \\(latest\\)`));
    expect(rows[0]).toContain(`\t${kept[0]!.interviews_analysed}\t${kept[0]!.themes}`);
    expect(rows[1]).toMatch(new RegExp(`^#${kept[1]!.id}\\b`));
    // By default, from the older to the latest.
    expect(await extras.from.inputValue()).toBe(String(kept[1]!.id));
    expect(await extras.to.inputValue()).toBe(String(kept[0]!.id));
    await extras.diff.waitFor();
    for (const f of diff.frequency_changes) {
      const sign = f.change_points > 0 ? '+' : '';
      await extras.diff.getByText(`${f.title}: ${f.from_pct}% → ${f.to_pct}% (${sign}${f.change_points} point`).waitFor();
    }
    for (const t of diff.added) await extras.diff.getByText(`${t.title} (${t.frequency_pct}%)`).waitFor();
    for (const q of diff.quotes) await extras.diff.getByText(`${q.title}: ${q.gained.length} gained, ${q.lost.length} lost`).waitFor();

    // Swapped: what was added is now removed.
    await extras.from.selectOption(String(kept[0]!.id));
    await extras.to.selectOption(String(kept[1]!.id));
    await extras.diff.getByText(`From #${kept[0]!.id}`).waitFor();
    if (diff.added.length > 0) expect(await extras.diffList('Themes removed').allInnerTexts()).toHaveLength(diff.added.length);
    await extras.from.selectOption(String(kept[1]!.id));
    await extras.to.selectOption(String(kept[0]!.id));
    await extras.diff.getByText(`From #${kept[1]!.id}`).waitFor();
    const firstQuotes = extras.diff.locator('details').first();
    if ((await firstQuotes.count()) > 0) await firstQuotes.locator('summary').click();

    await shotEverySize(page, 'report-versions');
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
