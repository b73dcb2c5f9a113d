import type { codeChannels } from '../../../shared/ipc/channels/codes';
import type { CodeService } from '../../analysis/codes/code-service';
import type { HandlerMap } from '../dispatcher';

export function codeHandlers(d: { codes: CodeService }): HandlerMap<typeof codeChannels> {
  return {
    'codes.list': async ({ workspace_id, project_id }) => d.codes.list(workspace_id, project_id),
    'codes.create': async ({ workspace_id, project_id, name, color, description, parent_id, is_category }) =>
      d.codes.create(workspace_id, project_id, { name, color, description, parentId: parent_id, isCategory: is_category }),
    'codes.update': async ({ workspace_id, id, name, color, description, parent_id }) =>
      d.codes.update(workspace_id, id, { name, color, description, parentId: parent_id }),
    'codes.merge': async ({ workspace_id, from_id, into_id }) => d.codes.merge(workspace_id, from_id, into_id),
    'codes.segments': async ({ workspace_id, id, coder, field, screener, offset, limit, facets }) =>
      d.codes.segments(
        workspace_id,
        id,
        { ...(coder !== undefined ? { coder } : {}), ...(field ? { field } : {}), ...(screener ? { screener } : {}) },
        { offset, limit, facets },
      ),
    'codes.delete': async ({ workspace_id, id }) => d.codes.delete(workspace_id, id),
    'codes.fromReport': async ({ workspace_id, project_id }) => d.codes.fromReport(workspace_id, project_id),
  };
}
