import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { browserSkipReason, shot, shotEverySize } from '../support/browser';
import { completeDemoInterviews, demoInterview } from '../support/demo-operator';
import { useDemoStudy } from '../support/e2e';
import { app } from '../support/pages';
import { cp, zip } from '../support/qdpx-fixtures';

const skip = browserSkipReason();
if (skip) console.warn(`e2e qdpx import ${skip}`);

/**
 * A MAXQDA-style project (Sources/, a relative path, CRLF text in its own layout, a name that says nothing) built
 * from one demo interview's transcript, since the demo's interview ids are new on every run: it is matched by
 * the words. A second source at an absolute path stays unmatched.
 */
function maxqdaFile(iv: InterviewDetail, picks: { words: string; code: string }[]): string {
  const text = iv.transcript.map((t) => `${t.role === 'AI' ? 'I' : 'B'}: ${t.text}`).join('\r\n');
  const G = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const codes = [...new Set(picks.map((p) => p.code))];
  const sels = picks.map((p, i) => {
    const at = cp(text.slice(0, text.indexOf(p.words)));
    return `<PlainTextSelection guid="${G(100 + i)}" name="sel ${i + 1}" startPosition="${at}" endPosition="${at + cp(p.words)}"><Coding guid="${G(200 + i)}"><CodeRef targetGUID="${G(1 + codes.indexOf(p.code))}"/></Coding></PlainTextSelection>`;
  });
  const qde = `<?xml version="1.0" encoding="utf-8"?>
<Project xmlns="urn:QDA-XML:project:1.0" name="Churn coding" origin="MAXQDA 2024"><CodeBook><Codes>
${codes.map((c, i) => `<Code guid="${G(1 + i)}" name="${c}" isCodable="true" color="#7a3bd4"/>`).join('\n')}
</Codes></CodeBook><Sources>
<TextSource guid="${G(50)}" name="Interview 7" plainTextPath="interview-7.txt">${sels.join('')}</TextSource>
<TextSource guid="${G(51)}" name="Pilot (on Dana's laptop)" plainTextPath="C:\\Users\\dana\\pilot.txt"/>
</Sources></Project>`;
  const file = join(mkdtempSync(join(tmpdir(), 'fw-e2e-qdpx-')), 'churn-coding.qdpx');
  writeFileSync(file, zip({ 'project.qde': qde, 'Sources/interview-7.txt': text }));
  return file;
}

describe.skipIf(skip !== null)('importing a .qdpx from a QDA tool', () => {
  const e2e = useDemoStudy('Meal-kit churn');
  let row: InterviewRow;
  let detail: InterviewDetail;

  beforeAll(async () => {
    row = (await completeDemoInterviews(e2e.harness, e2e.studyId)).find((r) => r.participant_name)!;
    detail = await demoInterview(e2e.harness, row.id);
  }, 120_000);

  /** A new page on the study's Analysis tab. */
  async function openAnalysis(viewport: { width: number; height: number }) {
    const { page, problems } = await e2e.newPage({ viewport });
    const ui = app(page);
    await page.goto(e2e.harness.host.url);
    await ui.studies.ready();
    await ui.sidebar.study('Meal-kit churn').click();
    await ui.study.openTab('Analysis');
    return { page, problems, ui };
  }

  it('from the Analysis tab: pick the file, name the coder, read what matched, and see the coder’s codings in the transcript', async () => {
    const answer = detail.transcript.filter((t) => t.role === 'User' && t.text.split(' ').length > 5).at(-1)!;
    const words = answer.text.split(' ').slice(1, 5).join(' ');
    const file = maxqdaFile(detail, [{ words, code: 'Imported: delivery' }]);

    const { page, problems, ui } = await openAnalysis({ width: 1440, height: 900 });
    const q = ui.qdpxImport;
    await q.openButton.click();
    await q.dialog.waitFor();
    expect(await q.importButton.isDisabled()).toBe(true);
    await q.file.setInputFiles(file);
    await q.coder.fill('Dana (MAXQDA)');
    await shotEverySize(page, 'qdpx-import-form');
    await q.importButton.click();

    // The result: the source matched by its words, the one at an absolute path not, the new code created.
    await q.sources.waitFor();
    const matched = q.sourceRow('Interview 7');
    expect(await matched.getByRole('cell').allInnerTexts()).toEqual([row.participant_name!, 'transcript text', '1 of 1']);
    expect(await q.sourceRow("Pilot (on Dana's laptop)").getByRole('cell').first().innerText()).toBe('Not matched');
    expect(await q.notImported.allInnerTexts()).toEqual([expect.stringMatching(/^Pilot \(on Dana's laptop\): .*outside the archive/) as string]);
    expect(await q.codes.innerText()).toMatch(/1 code created/);
    expect(await q.dialog.getByRole('status').first().innerText()).toMatch(/Imported 1 coding by Dana \(MAXQDA\) from MAXQDA 2024/);
    await shotEverySize(page, 'qdpx-import-result');
    await q.done.click();
    await expect.poll(() => q.dialog.count()).toBe(0);

    // The coder's coding is in the interview's transcript, on exactly those words.
    await ui.study.openTab('Interviews');
    await ui.interviews.row(row.participant_name!).click();
    await ui.viewer.ready(row.participant_name!);
    await ui.viewer.turn(answer.index).scrollIntoViewIfNeeded();
    await expect.poll(() => ui.viewer.marks(answer.index).allInnerTexts()).toEqual([words]);
    // Named under its code with its coder, as another coder's codings are in the margin.
    expect(await ui.viewer.turnTags(answer.index).allInnerTexts()).toEqual(['Imported: delivery · Dana (MAXQDA)']);
    const saved = await e2e.harness.core.call('highlights.list', { workspace_id: DEMO_WORKSPACE_ID, interview_id: row.id });
    expect(saved.map((h) => [h.coder, h.quote, h.codes.map((c) => c.name)])).toContainEqual(['Dana (MAXQDA)', words, ['Imported: delivery']]);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('a hostile file ends with a clear error in the dialog, and nothing is written', async () => {
    const { page, problems, ui } = await openAnalysis({ width: 1024, height: 700 });
    const q = ui.qdpxImport;
    await q.openButton.click();
    await q.file.setInputFiles(join(__dirname, '../fixtures/qdpx/hostile-doctype.qdpx'));
    await q.coder.fill('Mallory');
    await q.importButton.click();
    await q.alert.waitFor();
    expect(await q.alert.innerText()).toMatch(/declares a DOCTYPE/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(page, `qdpx-import-error-1024-${scheme}`);
    }
    expect(await e2e.harness.core.call('highlights.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: e2e.studyId, coder: 'Mallory' })).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
