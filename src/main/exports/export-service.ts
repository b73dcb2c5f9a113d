import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { exportChannels } from '../../shared/ipc/channels/exports';
import type { ExportFolders } from '../desktop/export-folders';
import type { Notifier } from '../desktop/notifier';
import type { DesktopPorts } from '../desktop/ports';
import { AppError } from '../errors';
import { cacheExportSource } from './cache-source';
import { safeFileName } from './file-names';
import { runExport } from './run-export';
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
  cancel: Op<'exports.cancel'>;
  /**
   * The folder, resolved, when the researcher picked it in the OS dialog (this session or an earlier
   * export); otherwise an error saying to choose it. Other exports (the question grid) write only there.
   */
  allowedFolder(folder: string): string;
  /** Remembers a folder written to, so it is offered again. */
  remember(folder: string): void;
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
  const lastFolder = () => [...d.folders.list()].reverse().find((f) => directory(f) !== null) ?? null;
  const allowedFolder = (path: string): string => {
    const folder = directory(path);
    if (!folder) throw new AppError('not_a_folder', 'The export folder is not there any more. Choose a folder again.');
    if (!picked.has(folder) && !d.folders.chosen(folder)) throw new AppError('not_allowed', 'Choose the export folder with "Choose folder…" first.');
    return folder;
  };
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
    run: async (input) => {
      const folder = allowedFolder(input.folder);
      const workspace = d.workspaces.list().find((w) => w.id === input.workspace_id);
      if (!workspace) throw new AppError('unknown_workspace', 'This workspace is not there any more.');
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
    cancel: async ({ export_id }) => d.jobs.cancel(export_id),
  };
}
