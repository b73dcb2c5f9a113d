import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { exportChannels } from '../../shared/ipc/channels/exports';
import type { ExportFolders } from '../desktop/export-folders';
import type { Notifier } from '../desktop/notifier';
import type { DesktopPorts } from '../desktop/ports';
import { AppError } from '../errors';
import { cacheExportSource } from './cache-source';
import { codeSegments } from '../analysis/codes/segments';
import { renderCodeSegmentsCsv, renderCodeSegmentsDocx } from './codes';
import { openExportSink } from '../output/sink';
import { safeFileName } from '../output/file-names';
import { runExport } from './run-export';
import { redactSegments } from '../redaction/apply';
import { redactionNotes } from '../output/summary-notes';
import { NO_REDACTION, type Redactor } from '../output/redactor';
import { noRedactorFor, type RedactorFor } from '../redaction/redactor-for';
import type { OperationOf } from '../../shared/ipc/define';
import type { EventHub } from '../events';
import type { JobRegistry } from '../jobs/job-registry';
import type { RuntimeManager } from '../workspaces/runtime';
import type { WorkspaceService } from '../workspaces/service';

export type ExportDeps = {
  runtimes: RuntimeManager;
  workspaces: WorkspaceService;
  jobs: JobRegistry;
  events: EventHub;
  desktop: Pick<DesktopPorts, 'chooseFolder' | 'printToPdf'>;
  folders: ExportFolders;
  /** "Export finished" as an OS notification (shown only when the window is not focused). */
  notifier?: Pick<Notifier, 'notify'>;
  /** The researcher's name from the settings: how their own codings are labelled in a code's export. */
  researcherName?: () => string;
  /** A study's redactor for redacted exports; the core passes the one builder (redactor-for.ts). */
  redactorFor?: RedactorFor;
};

function directory(path: string): string | null {
  try {
    return isAbsolute(path) && statSync(path).isDirectory() ? realpathSync.native(path) : null;
  } catch {
    return null;
  }
}

type Op<K extends keyof typeof exportChannels> = OperationOf<(typeof exportChannels)[K]>;
/** The export service's operations, typed by the contract's channels. */
export type ExportService = {
  chooseFolder: Op<'exports.chooseFolder'>;
  lastFolder: Op<'exports.lastFolder'>;
  run: Op<'exports.run'>;
  codeSegments: Op<'exports.codeSegments'>;
  cancel: Op<'exports.cancel'>;
  /**
   * The folder, resolved, when the researcher picked it in the OS dialog (this session or an earlier
   * export); otherwise an error saying to choose it. Other exports (the question grid) write only there.
   */
  allowedFolder(folder: string): string;
  /** Remembers a folder written to, so it is offered again. */
  remember(folder: string): void;
  /** The study's redactor when the export is redacted, NO_REDACTION when not. */
  redactor(workspaceId: string, projectId: string, redact: boolean): Promise<Redactor>;
};

/**
 * Exports from the offline cache into a folder the researcher chose in the OS dialog (this session, or
 * one Fieldwork exported to before), as files or one .zip, cancellable, with progress events and an
 * "Export finished" notice.
 */
export function createExportService(d: ExportDeps): ExportService {
  // Folders the researcher picked in the OS dialog this session; only these (and earlier export
  // folders) may be written to, whatever path the page sends.
  const picked = new Set<string>();
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const allowedFolder = (path: string): string => {
    const folder = directory(path);
    if (!folder) throw new AppError('not_a_folder', 'The export folder is not there any more. Choose a folder again.');
    if (!picked.has(folder) && !d.folders.chosen(folder)) throw new AppError('not_allowed', 'Choose the export folder with "Choose folder…" first.');
    return folder;
  };
  const redactor = async (workspaceId: string, projectId: string, redact: boolean): Promise<Redactor> =>
    redact ? (d.redactorFor ?? noRedactorFor)(projectId, { id: workspaceId, runtime: () => d.runtimes.get(workspaceId) }) : NO_REDACTION;
  const lastFolder = () => [...d.folders.list()].reverse().find((f) => directory(f) !== null) ?? null;
  return {
    chooseFolder: async (input) => {
      const start = input?.default_path && directory(input.default_path) ? input.default_path : lastFolder();
      const folder = await d.desktop.chooseFolder({ title: 'Export to folder', ...(start ? { defaultPath: start } : {}) });
      if (!folder) return null;
      const real = directory(folder);
      if (!real) throw new AppError('not_a_folder', 'That is not a folder Fieldwork can write to. Choose another folder.');
      picked.add(real);
      return { folder: real };
    },
    lastFolder: async () => ({ folder: lastFolder() }),
    allowedFolder,
    remember: (folder) => d.folders.remember(folder),
    redactor,
    run: async (input) => {
      const folder = allowedFolder(input.folder);
      const workspace = d.workspaces.list().find((w) => w.id === input.workspace_id);
      if (!workspace) throw new AppError('unknown_workspace', 'This workspace is not there any more.');
      // First: a study that cannot be redacted exports nothing.
      const redactWith = await redactor(input.workspace_id, input.project_id, input.redact);
      const runtime = await d.runtimes.get(input.workspace_id);
      const source = cacheExportSource(runtime.cache, input.project_id, async (interviewId) => {
        const v = await runtime.cache.call('videos.get', { interviewId });
        return v?.state === 'complete' ? v.file : null;
      });
      const project = await source.project();
      if (!project) throw new AppError('unknown_project', 'This study is not in the saved data. Sync it first, then export.');
      const target =
        input.target === 'zip'
          ? { kind: 'zip' as const, file: join(folder, safeFileName(project.title, { ext: 'zip', fallback: 'fieldwork-export' })) }
          : { kind: 'folder' as const, folder };
      const job = d.jobs.start(input.export_id);
      let last = 0;
      try {
        const { result, notes } = await runExport(source, {
          formats: input.formats,
          interviewIds: input.interview_ids,
          target,
          includeParticipant: input.include_participant,
          lineEnding: input.line_ending,
          speakerLabels: input.speaker_labels,
          bom: input.bom,
          redactor: redactWith,
          printPdf: (html, signal) => d.desktop.printToPdf(html, signal),
          user: { id: workspace.id, name: workspace.name },
          signal: job.signal,
          onProgress: (p) => {
            // At most ~20 events a second: a thousand small files would otherwise flood the renderer.
            const now = Date.now();
            if (now - last < 50 && p.filesDone !== p.filesTotal) return;
            last = now;
            d.events.emit('exports.progress', {
              workspace_id: input.workspace_id,
              export_id: input.export_id,
              files_done: p.filesDone,
              files_total: p.filesTotal,
              current: p.current,
            });
          },
        });
        d.folders.remember(folder);
        const first = result.files[0]?.path.split('/')[0];
        const reveal = target.kind === 'zip' || !first ? result.location : join(result.location, first);
        d.notifier?.notify({
          title: 'Export finished',
          body: `${result.files.length} ${result.files.length === 1 ? 'file' : 'files'} from ${project.title || 'Untitled study'}`,
        });
        return { location: result.location, reveal, files: result.files.length, bytes: result.bytes, notes };
      } finally {
        job.done();
      }
    },
    codeSegments: async (input) => {
      const folder = allowedFolder(input.folder);
      const runtime = await d.runtimes.get(input.workspace_id);
      const filter = {
        ...(input.coder !== undefined ? { coder: input.coder } : {}),
        ...(input.field ? { field: input.field } : {}),
        ...(input.screener ? { screener: input.screener } : {}),
      };
      const all = await codeSegments(runtime.cache, { researcherName: d.researcherName ?? (() => '') }).all(input.code_id, filter);
      const { code } = all;
      const redactWith = await redactor(input.workspace_id, code.project_id, input.redact);
      const segments = redactSegments(all.segments, redactWith);
      const project = await runtime.cache.call('projects.get', { id: code.project_id });
      const title = project?.title || 'Untitled study';
      const filters = [
        input.field ? `${input.field.name}: ${input.field.value}` : null,
        input.screener ? `screener ${input.screener.id}: ${input.screener.answer}` : null,
        input.coder !== undefined ? `coder: ${segments[0]?.coder_label ?? input.coder ?? 'you'}` : null,
      ].filter((f) => f !== null);
      const doc = { project: { id: code.project_id, title }, code, segments, includeParticipant: input.include_participant, filters };
      const dir = `${safeFileName(title, { fallback: `study-${code.project_id.slice(0, 8)}` })}/codes`;
      const base = safeFileName(code.name, { fallback: `code-${code.id.slice(0, 8)}` });
      const sink = await openExportSink({ target: { kind: 'folder', folder }, expected: { files: input.formats.length } });
      try {
        if (input.formats.includes('csv')) await sink.writeFile(`${dir}/${base}.csv`, renderCodeSegmentsCsv(doc, { lineEnding: input.line_ending }));
        if (input.formats.includes('docx')) await sink.writeFile(`${dir}/${base}.docx`, await renderCodeSegmentsDocx(doc));
        const result = await sink.finish();
        d.folders.remember(folder);
        const n = segments.length;
        return {
          location: result.location,
          reveal: join(result.location, dir.split('/')[0]!, 'codes'),
          files: result.files.length,
          bytes: result.bytes,
          notes: [
            ...redactionNotes(redactWith),
            `${n} ${n === 1 ? 'segment' : 'segments'} of "${code.name}" from ${plural(new Set(segments.map((s) => s.interview_id)).size, 'interview')}.`,
          ],
        };
      } catch (e) {
        await sink.cancel().catch(() => undefined);
        throw e;
      }
    },
    cancel: async ({ export_id }) => d.jobs.cancel(export_id),
  };
}
