import { AppError } from '../../errors';
import type { PickedFiles } from '../../media/picked-files';
import type { RuntimeManager } from '../../workspaces/runtime';
import { importQdpxFile } from './index';

export type ImportServiceDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  /** The files the researcher picked, by token. */
  pickedFiles: Pick<PickedFiles, 'resolve' | 'register'>;
};

/** Codings from another QDA tool (a REFI-QDA project) into a study, under a coder's name. */
export function createImportService(d: ImportServiceDeps) {
  return {
    /** A file named on the command line: the researcher named it, so it counts as picked; its token, as the app's preload gives one. */
    pick: (path: string) => d.pickedFiles.register(path),
    async qdpx(workspaceId: string, projectId: string, fileToken: string, coder: string) {
      // Only a file the researcher picked: the page holds a token, never a path.
      const path = d.pickedFiles.resolve(fileToken);
      if (!path) throw new AppError('not_allowed', 'Fieldwork imports only a file you picked, and this one is no longer known. Pick the file again.');
      const runtime = await d.runtimes.get(workspaceId);
      return importQdpxFile(path, { cache: runtime.cache, projectId, coder });
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
