import type { reelChannels } from '../../../shared/ipc/channels/reels';
import type { ReelService } from '../../clips/reel-service';
import type { HandlerMap } from '../dispatcher';

/** The researcher's reels: each channel is one service call, its names mapped. */
export function reelHandlers(d: { reels: ReelService }): HandlerMap<typeof reelChannels> {
  return {
    'reels.list': async ({ workspace_id, project_id }) => d.reels.list(workspace_id, project_id),
    'reels.create': async ({ workspace_id, project_id, name }) => d.reels.create(workspace_id, project_id, name),
    'reels.get': async ({ workspace_id, id }) => d.reels.get(workspace_id, id),
    'reels.rename': async ({ workspace_id, id, name }) => d.reels.rename(workspace_id, id, name),
    'reels.addItems': async ({ workspace_id, id, highlight_ids }) => d.reels.addItems(workspace_id, id, highlight_ids),
    'reels.move': async ({ workspace_id, id, highlight_id, position }) => d.reels.move(workspace_id, id, highlight_id, position),
    'reels.removeItem': async ({ workspace_id, id, highlight_id }) => d.reels.removeItem(workspace_id, id, highlight_id),
    'reels.delete': async ({ workspace_id, id }) => d.reels.delete(workspace_id, id),
  };
}
