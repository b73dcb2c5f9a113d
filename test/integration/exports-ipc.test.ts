import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../../src/shared/exports';
import type { ExportRunView } from '../../src/shared/ipc/channels/exports';
import { browserSkipReason, startHarness, type Harness } from '../support/browser';
import { err, ok, present } from '../support/ipc';
import { filesIn } from '../support/files';

const skip = browserSkipReason();
if (skip) console.warn(`exports IPC ${skip}`);

/** The export channels the Export dialog uses, through the same core as the app, on the demo workspace. */
describe.skipIf(skip !== null)('exports through IPC', () => {
  let h: Harness;
  let tmp: string;
  let ws: string;
  let churn: string;
  let interviews: string[];
  const run = (folder: string, extra: Record<string, unknown> = {}) =>
    h.core.dispatch('exports.run', {
      workspace_id: ws,
      project_id: churn,
      export_id: `e-${Math.random().toString(36).slice(2, 12)}`,
      interview_ids: null,
      formats: ['txt'],
      folder,
      target: 'folder',
      include_participant: false,
      line_ending: 'lf',
      speaker_labels: 'interviewer-participant',
      bom: false,
      ...extra,
    });

  beforeAll(async () => {
    h = await startHarness();
    tmp = mkdtempSync(join(tmpdir(), 'fw-exports-ipc-'));
    ws = (await h.core.call('demo.start', undefined)).id;
    const projects = await h.core.call('projects.list', { workspace_id: ws });
    churn = projects.items.find((p) => p.title === 'Meal-kit churn')!.id;
    interviews = (await h.core.call('interviews.list', { workspace_id: ws, project_id: churn })).items.map((i) => i.id);
  });
  afterAll(async () => {
    await h.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses a folder the researcher did not choose, and a cancelled picker changes nothing', async () => {
    const elsewhere = join(tmp, 'never-chosen');
    mkdirSync(elsewhere);
    const e = await err(run(elsewhere));
    expect(e.code).toBe('not_allowed');
    expect(filesIn(elsewhere)).toEqual([]);
    h.desktop.folderChoices.push(null);
    expect(await h.core.call('exports.chooseFolder', undefined)).toBeNull();
    expect(await h.core.call('exports.lastFolder', undefined)).toEqual({ folder: null });
  });

  it('exports every format to a chosen folder, remembers it, and Show in folder reveals the study folder', async () => {
    const folder = join(tmp, 'chosen');
    mkdirSync(folder);
    h.desktop.folderChoices.push(folder);
    const chosen = present(await h.core.call('exports.chooseFolder', undefined), 'the chosen folder');
    expect(chosen.folder).toBe(folder);
    const progress: { files_done: number; files_total: number | null }[] = [];
    const stop = h.core.events.subscribe((ev) => {
      if (ev.name === 'exports.progress') progress.push(ev.payload as { files_done: number; files_total: number | null });
    });
    // A folder inside the chosen one is not the chosen one: named by a compromised page, it is refused.
    const inside = join(folder, 'sub');
    mkdirSync(inside);
    expect((await err(run(inside))).code).toBe('not_allowed');
    rmSync(inside, { recursive: true });
    const view = await ok<ExportRunView>(run(chosen.folder, { formats: [...EXPORT_FORMATS], include_participant: true }));
    stop();
    const written = filesIn(folder);
    // 7 transcript formats per interview, plus the .qdpx, four report files and two participant CSVs.
    expect(view.files).toBe(interviews.length * 7 + 1 + 4 + 2);
    expect(written).toHaveLength(view.files);
    expect(view.reveal).toBe(join(folder, 'Meal-kit churn'));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual(expect.objectContaining({ files_done: view.files }));
    const pdf = readFileSync(written.find((f) => f.endsWith('report.pdf'))!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await h.core.call('exports.lastFolder', undefined)).toEqual({ folder });
    await h.core.call('app.showInFolder', { path: view.reveal });
    expect(h.desktop.shownInFolder).toEqual([view.reveal]);
    expect(h.desktop.notifications).toContainEqual({ title: 'Export finished', body: `${view.files} files from Meal-kit churn` });
  }, 60_000);

  it('exports a selection to one .zip, and a second export never overwrites the first', async () => {
    const folder = join(tmp, 'chosen');
    const first = await ok<ExportRunView>(run(folder, { target: 'zip', interview_ids: interviews.slice(0, 2), formats: ['srt', 'vtt'] }));
    const second = await ok<ExportRunView>(run(folder, { target: 'zip', interview_ids: interviews.slice(0, 2), formats: ['srt', 'vtt'] }));
    expect(first.location).toBe(join(folder, 'Meal-kit churn.zip'));
    expect(second.location).toBe(join(folder, 'Meal-kit churn (2).zip'));
    expect(first.files).toBe(4);
    const { unzipSync } = await import('fflate');
    expect(Object.keys(unzipSync(readFileSync(first.location))).sort()).toHaveLength(4);
  });

  it('cancelling stops the export and leaves nothing behind', async () => {
    const folder = join(tmp, 'cancelled');
    mkdirSync(folder);
    h.desktop.folderChoices.push(folder);
    await h.core.call('exports.chooseFolder', undefined);
    const exportId = 'cancel-me-123';
    const stop = h.core.events.subscribe((ev) => {
      if (ev.name === 'exports.progress' && (ev.payload as { export_id: string }).export_id === exportId)
        void h.core.dispatch('exports.cancel', { export_id: exportId });
    });
    const e = await err(run(folder, { export_id: exportId, formats: ['txt', 'md', 'docx', 'srt', 'vtt', 'csv', 'json', 'qdpx'] }));
    stop();
    expect(e.code).toBe('export_cancelled');
    expect(filesIn(folder)).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('says what is wrong with a request rather than failing inside', async () => {
    const folder = join(tmp, 'chosen');
    expect((await err(run(folder, { formats: [] }))).message).toContain('Choose at least one format');
    expect((await err(run(folder, { formats: ['participants-csv'] }))).message).toContain('include participant data');
    expect((await err(run(folder, { interview_ids: ['no-such-interview'] }))).code).toBe('unknown_interview');
    expect((await err(run(join(tmp, 'gone'), {}))).code).toBe('not_a_folder');
  });
});
