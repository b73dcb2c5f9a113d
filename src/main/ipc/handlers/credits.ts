import type { creditChannels } from '../../../shared/ipc/channels/credits';
import type { CreditService } from '../../studies/credit-service';
import type { HandlerMap } from '../dispatcher';

export function creditHandlers(d: { credits: CreditService }): HandlerMap<typeof creditChannels> {
  return {
    'credits.get': async ({ workspace_id }) => d.credits.balance(workspace_id),
    'credits.lastLaunchPrice': async ({ workspace_id }) => d.credits.lastLaunchPrice(workspace_id),
  };
}
