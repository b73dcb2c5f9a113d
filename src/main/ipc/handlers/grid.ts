import type { gridChannels } from '../../../shared/ipc/channels/grid';
import type { GridService } from '../../analysis/grid/grid-service';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the grid service (grid/grid-service.ts). */
export function gridHandlers(d: { grid: GridService }): HandlerMap<typeof gridChannels> {
  return {
    'grid.build': ({ workspace_id, project_id, by }) => d.grid.build(workspace_id, project_id, by),
    'grid.export': (input) => d.grid.export(input),
  };
}
