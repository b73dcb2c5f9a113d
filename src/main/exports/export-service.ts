import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { exportChannels } from '../../shared/ipc/channels/exports';
import type { ExportFolders } from '../desktop/export-folders';
import type { Notifier } from '../desktop/notifier';
import type { DesktopPorts } from '../desktop/ports';
import { AppError } from '../errors';
import { cacheExportSource } from './cache-source';
import { exportCodeSegments } from '../analysis/codes/segments-export';
import { safeFileName } from '../output/file-names';
import { runExport, type ExportRequest } from './run-export';
import type { OutputPort } from '../output/port';
import type { ExportProgress } from '../output/sink';
import { NO_REDACTION, type Redactor } from '../output/redactor';
import { noRedactorFor, type RedactorFor } from '../redaction/redactor-for';
import type { OperationOf } from '../../shared/ipc/define';
import type { EventHub } from '../events';
import type { JobRegistry } from '../jobs/job-registry';
import type { RuntimeManager, WorkspaceRuntime } from '../workspaces/runtime';
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

/** The export's progress as events, at most ~20 a second: a thousand small files would otherwise flood the renderer. */
function progressEvents(events: EventHub, workspaceId: string, exportId: string): (p: ExportProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < 50 && p.filesDone !== p.filesTotal) return;
    last = now;
    events.emit('exports.progress', { workspace_id: workspaceId, export_id: exportId, files_done: p.filesDone, files_total: p.filesTotal, current: p.current });
  };
}

/** A study in the offline cache as an export reads it, each interview's saved video included. */
const savedStudy = (runtime: WorkspaceRuntime, projectId: string) =>
  cacheExportSource(runtime.cache, projectId, async (interviewId) => {
    const v = await runtime.cache.call('videos.get', { interviewId });
    return v?.state === 'complete' ? v.file : null;
  });

type Op<K extends keyof typeof exportChannels> = OperationOf<(typeof exportChannels)[K]>;
/** The export service's operations, typed by the contract's channels, and the output port it provides (clips, the grid and a code's segments take that). */
export type ExportService = OutputPort & {
  chooseFolder: Op<'exports.chooseFolder'>;
  lastFolder: Op<'exports.lastFolder'>;
  run: Op<'exports.run'>;
  codeSegments: Op<'exports.codeSegments'>;
  cancel: Op<'exports.cancel'>;
  local: (workspaceId: string, projectId: string) => Promise<LocalExport | null>;
};

/** A study's export run here and now (the CLI's way): the study as cached, and the export into a target the caller names, stopped with the workspace. */
export type LocalExport = {
  project: NonNullable<Awaited<ReturnType<ReturnType<typeof savedStudy>['project']>>>;
  run(req: Omit<ExportRequest, 'signal'>): ReturnType<typeof runExport>;
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
  const allowedFolder = (path: string): string => {
    const folder = directory(path);
    if (!folder) throw new AppError('not_a_folder', 'The export folder is not there any more. Choose a folder again.');
    if (!picked.has(folder) && !d.folders.chosen(folder)) throw new AppError('not_allowed', 'Choose the export folder with "Choose folder…" first.');
    return folder;
  };
  const redactor = async (workspaceId: string, projectId: string, redact: boolean): Promise<Redactor> =>
    redact ? (d.redactorFor ?? noRedactorFor)(projectId, { id: workspaceId, runtime: () => d.runtimes.get(workspaceId) }) : NO_REDACTION;
  const port: OutputPort = { allowedFolder, remember: (folder) => d.folders.remember(folder), redactor };
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
    ...port,
    run: async (input) => {
      const folder = allowedFolder(input.folder);
      const workspace = d.workspaces.list().find((w) => w.id === input.workspace_id);
      if (!workspace) throw new AppError('unknown_workspace', 'This workspace is not there any more.');
      // First: a study that cannot be redacted exports nothing.
      const redactWith = await redactor(input.workspace_id, input.project_id, input.redact);
      const source = savedStudy(await d.runtimes.get(input.workspace_id), input.project_id);
      const project = await source.project();
      if (!project) throw new AppError('unknown_project', 'This study is not in the saved data. Sync it first, then export.');
      const target =
        input.target === 'zip'
          ? { kind: 'zip' as const, file: join(folder, safeFileName(project.title, { ext: 'zip', fallback: 'fieldwork-export' })) }
          : { kind: 'folder' as const, folder };
      const job = d.jobs.start(input.export_id);
      try {
        const { result, notes } = await runExport(source, {
          formats: input.formats,
          interviewIds: input.interview_ids,
          target,
          includeParticipant: input.include_participant,
          lineEnding: input.line_ending,
          speakerLabels: input.speaker_labels,
          bom: input.bom,
          participantKey: input.participant_key === true,
          redactor: redactWith,
          printPdf: (html, signal) => d.desktop.printToPdf(html, signal),
          user: { id: workspace.id, name: workspace.name },
          signal: job.signal,
          onProgress: progressEvents(d.events, input.workspace_id, input.export_id),
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
    codeSegments: (input) => exportCodeSegments({ runtimes: d.runtimes, output: port, researcherName: d.researcherName }, input),
    cancel: async ({ export_id }) => d.jobs.cancel(export_id),
    // No job and no folder guard: the command line names its own folder, and Ctrl+C closes the workspace.
    local: async (workspaceId, projectId) => {
      const runtime = await d.runtimes.get(workspaceId);
      const source = savedStudy(runtime, projectId);
      const project = await source.project();
      return project ? { project, run: (req) => runExport(source, { ...req, signal: runtime.signal }) } : null;
    },
  };
}
