import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { exportChannels } from '../../../shared/ipc/channels/exports';
import type { ExportFolders } from '../../desktop/export-folders';
import type { Notifier } from '../../desktop/notifier';
import type { DesktopPorts } from '../../desktop/ports';
import { AppError } from '../../errors';
import { cacheExportSource } from '../../exports/cache-source';
import { safeFileName } from '../../exports/file-names';
import { runExport } from '../../exports/run-export';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

type ExportDeps = Pick<HandlerDeps, 'runtimes' | 'workspaces' | 'jobs' | 'events'> & {
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

export function exportHandlers(d: ExportDeps): HandlerMap<typeof exportChannels> {
  // Folders the researcher picked in the OS dialog this session; only these (and earlier export
  // folders) may be written to, whatever path the page sends.
  const picked = new Set<string>();
  const lastFolder = () => [...d.folders.list()].reverse().find((f) => directory(f) !== null) ?? null;
  return {
    'exports.chooseFolder': async (input) => {
      const start = input?.default_path && directory(input.default_path) ? input.default_path : lastFolder();
      const folder = await d.desktop.chooseFolder({ title: 'Export to folder', ...(start ? { defaultPath: start } : {}) });
      if (!folder) return null;
      const real = directory(folder);
      if (!real) throw new AppError('not_a_folder', 'That is not a folder Fieldwork can write to. Choose another folder.');
      picked.add(real);
      return { folder: real };
    },
    'exports.lastFolder': async () => ({ folder: lastFolder() }),
    'exports.run': async (input) => {
      const folder = directory(input.folder);
      if (!folder) throw new AppError('not_a_folder', 'The export folder is not there any more. Choose a folder again.');
      if (!picked.has(folder) && !d.folders.chosen(folder)) throw new AppError('not_allowed', 'Choose the export folder with "Choose folder…" first.');
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
    'exports.cancel': async ({ export_id }) => d.jobs.cancel(export_id),
  };
}
