import { AppError } from '../errors';
import type { RuntimeManager } from '../workspaces/runtime';

export type ReelServiceDeps = { runtimes: Pick<RuntimeManager, 'get'>; now?: () => string };

/** The researcher's reels: each call is one cache op. */
export function createReelService(d: ReelServiceDeps) {
  const now = d.now ?? (() => new Date().toISOString());
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  return {
    list: async (workspaceId: string, projectId: string) => (await cache(workspaceId)).call('reels.list', { projectId }),
    create: async (workspaceId: string, projectId: string, name: string) => (await cache(workspaceId)).call('reels.create', { projectId, name, now: now() }),
    async get(workspaceId: string, id: string) {
      const reel = await (await cache(workspaceId)).call('reels.get', { id });
      if (!reel) throw new AppError('not_found', 'That reel is no longer in this study. Reload the reels and try again.');
      return reel;
    },
    rename: async (workspaceId: string, id: string, name: string) => (await cache(workspaceId)).call('reels.rename', { id, name, now: now() }),
    addItems: async (workspaceId: string, id: string, highlightIds: string[]) =>
      (await cache(workspaceId)).call('reels.addItems', { id, highlightIds, now: now() }),
    move: async (workspaceId: string, id: string, highlightId: string, position: number) =>
      (await cache(workspaceId)).call('reels.move', { id, highlightId, position, now: now() }),
    removeItem: async (workspaceId: string, id: string, highlightId: string) =>
      (await cache(workspaceId)).call('reels.removeItem', { id, highlightId, now: now() }),
    delete: async (workspaceId: string, id: string) => (await cache(workspaceId)).call('reels.delete', { id }),
  };
}
export type ReelService = ReturnType<typeof createReelService>;
