import type { creditChannels } from '../../../shared/ipc/channels/credits';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

/** The balance as last synced: the header shows it offline too. */
export function creditHandlers(d: Pick<HandlerDeps, 'runtimes'>): HandlerMap<typeof creditChannels> {
  return {
    'credits.get': async ({ workspace_id }) => (await d.runtimes.get(workspace_id)).cache.call('credits.get'),
    'credits.lastLaunchPrice': async ({ workspace_id }) => (await d.runtimes.get(workspace_id)).cache.call('launches.lastPrice'),
  };
}
