import type { importChannels } from '../../../shared/ipc/channels/imports';
import type { ImportService } from '../../analysis/qdpx-import/import-service';
import type { HandlerMap } from '../dispatcher';

export function importHandlers(d: { imports: ImportService }): HandlerMap<typeof importChannels> {
  return {
    'imports.qdpx': async ({ workspace_id, project_id, file_token, coder }) => d.imports.qdpx(workspace_id, project_id, file_token, coder),
  };
}
