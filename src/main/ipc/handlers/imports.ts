import type { importChannels } from '../../../shared/ipc/channels/imports';
import { AppError } from '../../errors';
import type { PickedFiles } from '../../media/picked-files';
import { importQdpxFile } from '../../analysis/qdpx-import';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function importHandlers(d: Pick<HandlerDeps, 'runtimes'> & { pickedFiles: PickedFiles }): HandlerMap<typeof importChannels> {
  return {
    'imports.qdpx': async ({ workspace_id, project_id, file_token, coder }) => {
      // Only a file the researcher picked: the page holds a token, never a path.
      const path = d.pickedFiles.resolve(file_token);
      if (!path) throw new AppError('not_allowed', 'Fieldwork imports only a file you picked, and this one is no longer known. Pick the file again.');
      const runtime = await d.runtimes.get(workspace_id);
      return importQdpxFile(path, { cache: runtime.cache, projectId: project_id, coder });
    },
  };
}
