import { AppError } from '../../errors';
import type { PickedFiles } from '../../media/picked-files';
import type { RuntimeManager } from '../../workspaces/runtime';
import { importQdpxFile } from './index';

export type ImportServiceDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  /** The files the researcher picked, by token. */
  pickedFiles: Pick<PickedFiles, 'resolve'>;
};

/** Codings from another QDA tool (a REFI-QDA project) into a study, under a coder's name. */
export function createImportService(d: ImportServiceDeps) {
  return {
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
