import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InterviewRow } from '../../src/shared/views';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import { demoProjectId } from '../support/demo-operator';
import { browserSkipReason, ROOT, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app, openStudyTab, type App } from '../support/pages';
import { filesIn } from '../support/files';

const skip = browserSkipReason();
if (skip) console.warn(`e2e export ${skip}`);

const WS = DEMO_WORKSPACE_ID;
const XSD = resolve(ROOT, '../shared/refi-qda/Project.xsd');

/** The Export dialog, from the demo workspace, as a researcher uses it. */
describe.skipIf(skip !== null)('export dialog', () => {
  const e2e = useHarness();
  let page: Page;
  let problems: string[];
  let ui: App;
  let tmp: string;
  let churnId: string;
  let interviews: InterviewRow[];
  const dialog = () => ui.exportDialog();
  const box = (name: string) => dialog().box(name);
  const chooseFolder = async (folder: string) => {
    mkdirSync(folder, { recursive: true });
    e2e.harness.desktop.folderChoices.push(folder);
    await dialog().chooseFolder.click();
    await expect.poll(() => dialog().folder.innerText()).toBe(folder);
  };

  beforeAll(async () => {
    const harness = e2e.harness;
    tmp = mkdtempSync(join(tmpdir(), 'fw-e2e-export-'));
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1360, height: 900 } }));
    ui = app(page);
    churnId = demoProjectId(harness, 'Meal-kit churn');
    const list = () => harness.core.call('interviews.list', { workspace_id: WS, project_id: churnId });
    await vi.waitFor(async () => expect((await list()).total).toBeGreaterThanOrEqual(24), { timeout: 30_000, interval: 100 });
    interviews = (await list()).items;
  });
  // A failed step must not leave the dialog over the next test's screen.
  afterEach(async () => {
    if (await dialog().dialog.count()) await page.keyboard.press('Escape');
  });
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('exports every format of a whole study from the study header; participant CSVs wait for participant data', async () => {
    await openStudyTab(page, 'Meal-kit churn', 'Report');
    await ui.study.exportButton.click();
    await dialog().dialog.waitFor();
    // Privacy first: participant data is off, so the participant CSVs cannot be ticked, and nothing is pre-filled.
    expect(await box('Include participant data').isChecked()).toBe(false);
    expect(await box('Participants (.csv)').isDisabled()).toBe(true);
    expect(await box('Screener answers (.csv)').isDisabled()).toBe(true);
    expect(await dialog().start().isDisabled()).toBe(true);
    await shot(page, 'export-dialog');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'export-dialog-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await box('Include participant data').check();
    const names = [
      'Plain text (.txt)',
      'Markdown (.md)',
      'Word (.docx)',
      'Subtitles (.srt)',
      'WebVTT (.vtt)',
      'Spreadsheet (.csv)',
      'JSON (.json)',
      'REFI-QDA project (.qdpx)',
    ];
    const report = ['Report as PDF', 'Report as Word (.docx)', 'Report as web page (.html)', 'Report as Markdown (.md)'];
    for (const n of [...names, ...report, 'Screener answers (.csv)', 'Participants (.csv)']) await box(n).check();
    await dialog().lineEndings.selectOption('crlf');
    await dialog().speakerLabels.selectOption('name');
    const folder = join(tmp, 'whole-study');
    await chooseFolder(folder);
    await dialog().start('Export 14 formats').click();
    await expect
      .poll(
        () =>
          dialog()
            .exported(/^Exported \d+ files/)
            .isVisible(),
        { timeout: 30_000 },
      )
      .toBe(true);
    await shot(page, 'export-done');

    const written = filesIn(folder);
    expect(written).toHaveLength(interviews.length * 7 + 1 + 4 + 2);
    for (const ext of ['txt', 'md', 'docx', 'srt', 'vtt', 'csv', 'json'])
      expect(
        written.filter((f) => f.includes(`/${ext}/`) && f.endsWith(`.${ext}`)),
        ext,
      ).toHaveLength(interviews.length);
    for (const f of ['report.md', 'report.html', 'report.docx', 'report.pdf', 'screener-answers.csv', 'participants.csv'])
      expect(
        written.some((w) => w.endsWith(`/${f}`)),
        f,
      ).toBe(true);
    // The chosen options reached the files: CRLF line endings and the participants' names as speakers.
    // (An interview that has only started has no transcript, and its file no lines.)
    const txts = written.filter((f) => f.endsWith('.txt')).map((f) => readFileSync(f, 'utf8'));
    expect(txts.filter((t) => t.length > 0).length).toBeGreaterThanOrEqual(interviews.filter((i) => i.status !== 'STARTED').length);
    for (const txt of txts.filter((t) => t.length > 0)) {
      expect(txt).toContain('\r\n');
      expect(txt.replace(/\r\n/g, '')).not.toContain('\n');
    }
    const named = interviews.map((i) => i.participant_name).filter((n): n is string => !!n);
    expect(named.some((n) => written.some((f) => f.endsWith('.txt') && readFileSync(f, 'utf8').includes(`] ${n}: `)))).toBe(true);
    // The PDF is a real PDF of the report.
    const pdf = written.find((f) => f.endsWith('report.pdf'))!;
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    if (text.error) console.warn('PDF text check skipped: no pdftotext (apt-get install poppler-utils)');
    else expect(text.stdout).toContain('Summary');
    // The .qdpx's project.qde validates against the REFI-QDA schema.
    const { unzipSync } = await import('fflate');
    const entries = unzipSync(readFileSync(written.find((f) => f.endsWith('.qdpx'))!));
    const qde = join(tmp, 'project.qde');
    writeFileSync(qde, entries['project.qde']!);
    if (existsSync(XSD)) {
      const lint = spawnSync('xmllint', ['--noout', '--schema', XSD, qde], { encoding: 'utf8' });
      expect(lint.status, lint.stderr).toBe(0);
    } else console.warn(`qdpx schema check skipped: no ${XSD}`);

    // The summary says exactly what went where: every interview's transcript, whatever its status, and the
    // .qdpx project alone leaving out those not complete (it once said they were "left out" of everything).
    const complete = interviews.filter((i) => i.status === 'COMPLETE').length;
    const notes = (await dialog().notes.allInnerTexts()).join('\n');
    expect(notes).toContain(`Transcripts of ${interviews.length} interviews (${complete} complete`);
    expect(notes).toContain(
      `The .qdpx project holds the ${complete} complete interviews; these ${interviews.length - complete} are not complete and left out of it`,
    );
    expect(notes).not.toMatch(/\(s\)|not COMPLETE/);

    await dialog().showInFolder.click();
    await expect.poll(() => e2e.harness.desktop.shownInFolder.at(-1)).toBe(join(folder, 'Meal-kit churn'));
    await dialog().done.click();
    await expect.poll(() => dialog().dialog.count()).toBe(0);
  }, 90_000);

  it('exports the interviews ticked in the Interviews tab to one .zip, offering the last folder again', async () => {
    await openStudyTab(page, 'Meal-kit churn', 'Interviews');
    const picked = interviews.filter((i) => i.participant_name).slice(0, 2);
    for (const i of picked) await ui.interviews.row(i.participant_name!).getByRole('checkbox').check();
    await expect.poll(() => ui.interviews.selection.innerText()).toContain('2 selected');
    await shot(page, 'export-selection');
    await ui.interviews.exportSelected.click();
    await dialog().dialog.waitFor();
    expect(await dialog().choice('Selected interviews (2)').isChecked()).toBe(true);
    // The folder of the last export is offered again.
    await expect.poll(() => dialog().folder.innerText()).toBe(join(tmp, 'whole-study'));
    // Only SRT this time (the previous choices are remembered; untick the rest).
    for (const b of await dialog().boxes.all()) if ((await b.isChecked()) && !(await b.isDisabled())) await b.uncheck();
    await box('Include participant data')
      .uncheck()
      .catch(() => undefined);
    await box('Subtitles (.srt)').check();
    await dialog().choice('One .zip file').check();
    const folder = join(tmp, 'selection');
    await chooseFolder(folder);
    await dialog().start('Export 1 format').click();
    await expect
      .poll(
        () =>
          dialog()
            .exported(/^Exported 2 files/)
            .isVisible(),
        { timeout: 30_000 },
      )
      .toBe(true);
    const [zip] = filesIn(folder);
    expect(zip).toBe(join(folder, 'Meal-kit churn.zip'));
    const { unzipSync } = await import('fflate');
    const entries = Object.keys(unzipSync(readFileSync(zip!)));
    expect(entries).toHaveLength(2);
    // Without participant data, the file names say nothing about who the participant was.
    for (const e of entries) for (const i of picked) expect(e).not.toContain(i.participant_name!);
    await dialog().done.click();
    await ui.interviews.clearSelection.click();
    await expect.poll(() => ui.interviews.selection.count()).toBe(0);
  }, 60_000);

  it('exports the interview being watched from the viewer, and Ctrl+E opens the same dialog there', async () => {
    const one = interviews.find((i) => i.participant_name && i.status === 'COMPLETE')!;
    await openStudyTab(page, 'Meal-kit churn', 'Interviews');
    await ui.interviews.row(one.participant_name!).click();
    await ui.viewer.ready(one.participant_name!);
    await page.keyboard.press('Control+e');
    await dialog().dialog.waitFor();
    // Named as the viewer names it: the participant, with the study's participant code beside the name.
    const escaped = one.participant_name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const thisOne = dialog().choice(new RegExp(`^This interview: ${escaped} \\(P\\d{2,}\\)$`));
    expect(await thisOne.isChecked()).toBe(true);
    const code = /\((P\d{2,})\)$/.exec(await thisOne.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''))?.[1];
    expect(code).toBeDefined();
    // The report is about the whole study: not offered for one interview, and it says why.
    expect(await box('Report as PDF').isDisabled()).toBe(true);
    await expect.poll(() => dialog().dialog.getByText('For the whole study').first().isVisible()).toBe(true);
    await dialog().close.click();
    await expect.poll(() => dialog().dialog.count()).toBe(0);

    await ui.viewer.exportButton.click();
    await dialog().dialog.waitFor();
    await box('Plain text (.txt)').check();
    const folder = join(tmp, 'one');
    await chooseFolder(folder);
    await dialog().choice('Files in a folder').check();
    await dialog()
      .start(/^Export \d formats?$/)
      .click();
    await expect
      .poll(
        () =>
          dialog()
            .exported(/^Exported \d+ files?/)
            .isVisible(),
        { timeout: 30_000 },
      )
      .toBe(true);
    const txts = filesIn(folder).filter((f) => f.endsWith('.txt'));
    expect(txts).toHaveLength(1);
    // The file is named by the participant's code, the same one the dialog showed.
    expect(basename(txts[0]!)).toBe(`${code}.txt`);
    await dialog().done.click();
  }, 60_000);

  it('saves the participant key as its own file when asked, and offers it not with redaction, saying why', async () => {
    const one = interviews.find((i) => i.participant_name && i.status === 'COMPLETE')!;
    await openStudyTab(page, 'Meal-kit churn', 'Interviews');
    await ui.interviews.row(one.participant_name!).click();
    await ui.viewer.ready(one.participant_name!);
    await ui.viewer.exportButton.click();
    await dialog().dialog.waitFor();
    const key = box('Also save the participant key (code ↔ name) as its own file');
    expect(await key.isDisabled()).toBe(false);
    expect(await key.isChecked()).toBe(false);
    // Redaction: the key would say who each code is, so it is not offered, and the dialog says why.
    await box('Redact names and personal data').check();
    expect(await key.isDisabled()).toBe(true);
    expect(await key.getAttribute('aria-describedby').then((d) => page.locator(`[id="${d}"]`).innerText())).toMatch(
      /^Not with redaction: the key says who each code is\./,
    );
    await key.scrollIntoViewIfNeeded();
    await shot(page, 'export-participant-key-redacted');
    // Only the transcript as text, and the key (the choices of earlier exports are remembered: untick them).
    for (const b of await dialog().boxes.all()) if ((await b.isChecked()) && !(await b.isDisabled())) await b.uncheck();
    await box('Plain text (.txt)').check();
    await key.check();
    const folder = join(tmp, 'key');
    await chooseFolder(folder);
    await dialog().choice('Files in a folder').check();
    await dialog()
      .start(/^Export \d formats?$/)
      .click();
    await expect
      .poll(
        () =>
          dialog()
            .exported(/^Exported \d+ files?/)
            .isVisible(),
        { timeout: 30_000 },
      )
      .toBe(true);
    const files = filesIn(folder);
    const keyFile = files.find((f) => basename(f) === 'participant-key.csv');
    expect(keyFile).toBeDefined();
    const txt = files.find((f) => f.endsWith('.txt'))!;
    const code = basename(txt, '.txt');
    expect(code).toMatch(/^P\d{2,}$/);
    // The key is its own file: the transcript names the code only; the key joins the code to the name.
    expect(readFileSync(txt, 'utf8')).not.toContain(one.participant_name!);
    const rows = readFileSync(keyFile!, 'utf8').trim().split(/\r?\n/);
    expect(rows[0]).toBe('interview_id,code,name,email');
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^${one.id},${code},"?${one.participant_name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?,`)),
    ]);
    expect((await dialog().notes.allInnerTexts()).join('\n')).toMatch(/participant-key\.csv says who each participant code is/);
    await dialog().done.click();
  }, 60_000);

  it('Cancel export stops a running export and leaves nothing; a closed dialog still reports the finish as a toast', async () => {
    await openStudyTab(page, 'Meal-kit churn', 'Report');
    await ui.study.exportButton.click();
    await dialog().dialog.waitFor();
    for (const b of await dialog().boxes.all()) if ((await b.isChecked()) && !(await b.isDisabled())) await b.uncheck();
    // Printing the PDF takes a moment: long enough to press Cancel while it runs.
    await box('Report as PDF').check();
    const folder = join(tmp, 'cancelled');
    await chooseFolder(folder);
    await dialog().choice('Files in a folder').check();
    await dialog().start('Export 1 format').click();
    await dialog().cancelExport.click();
    await expect.poll(() => dialog().dialog.getByText('The export was cancelled. No files were left behind.').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(filesIn(folder)).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);

    // Again, but close the dialog while it runs: the export finishes and a toast offers Show in folder.
    await dialog().start('Export 1 format').click();
    await dialog().close.click();
    const toast = ui.toasts.item('Export finished');
    await expect.poll(() => toast.isVisible(), { timeout: 20_000 }).toBe(true);
    await toast.getByRole('button', { name: 'Show in folder' }).click();
    await expect.poll(() => e2e.harness.desktop.shownInFolder.at(-1)).toBe(join(folder, 'Meal-kit churn'));
    expect(filesIn(folder).map((f) => f.slice(folder.length))).toEqual(['/Meal-kit churn/report.pdf']);
  }, 60_000);

  it('a folder that disappeared is a clear error, and the choices stay as they were', async () => {
    await ui.study.exportButton.click();
    await dialog().dialog.waitFor();
    const folder = join(tmp, 'vanishing');
    await chooseFolder(folder);
    rmSync(folder, { recursive: true });
    await dialog().start('Export 1 format').click();
    await expect.poll(() => dialog().alert.innerText()).toContain('The export folder is not there any more. Choose a folder again.');
    expect(await box('Report as PDF').isChecked()).toBe(true);
    await shot(page, 'export-error');
    await dialog().cancel.click();

    // Ctrl+E where there is nothing to export says where to go instead.
    await ui.sidebar.studies.click();
    await page.keyboard.press('Control+e');
    await expect.poll(() => ui.toasts.item('Open a study to export it').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  }, 60_000);
});
