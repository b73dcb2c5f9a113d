import type { reelChannels } from '../../../shared/ipc/channels/reels';
import { AppError } from '../../errors';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

const now = () => new Date().toISOString();

/** The researcher's reels: each channel is one cache op, its names mapped. */
export function reelHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof reelChannels> {
  const cache = async (ws: string) => (await d.runtimes.get(ws)).cache;
  return {
    'reels.list': async ({ workspace_id, project_id }) => (await cache(workspace_id)).call('reels.list', { projectId: project_id }),
    'reels.create': async ({ workspace_id, project_id, name }) => (await cache(workspace_id)).call('reels.create', { projectId: project_id, name, now: now() }),
    'reels.get': async ({ workspace_id, id }) => {
      const reel = await (await cache(workspace_id)).call('reels.get', { id });
      if (!reel) throw new AppError('not_found', 'That reel is no longer in this study. Reload the reels and try again.');
      return reel;
    },
    'reels.rename': async ({ workspace_id, id, name }) => (await cache(workspace_id)).call('reels.rename', { id, name, now: now() }),
    'reels.addItems': async ({ workspace_id, id, highlight_ids }) =>
      (await cache(workspace_id)).call('reels.addItems', { id, highlightIds: highlight_ids, now: now() }),
    'reels.move': async ({ workspace_id, id, highlight_id, position }) =>
      (await cache(workspace_id)).call('reels.move', { id, highlightId: highlight_id, position, now: now() }),
    'reels.removeItem': async ({ workspace_id, id, highlight_id }) =>
      (await cache(workspace_id)).call('reels.removeItem', { id, highlightId: highlight_id, now: now() }),
    'reels.delete': async ({ workspace_id, id }) => (await cache(workspace_id)).call('reels.delete', { id }),
  };
}
