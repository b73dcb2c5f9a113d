import type { agreementChannels } from '../../../shared/ipc/channels/agreement';
import { agreementService } from '../../analysis/agreement/agreement';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function agreementHandlers(d: Pick<HandlerDeps, 'runtimes' | 'settings'>): HandlerMap<typeof agreementChannels> {
  const service = async (ws: string) => agreementService({ cache: (await d.runtimes.get(ws)).cache, researcherName: () => d.settings.get().researcher_name });
  return {
    'agreement.coders': async ({ workspace_id, project_id }) => (await service(workspace_id)).coders(project_id),
    'agreement.compare': async ({ workspace_id, project_id, coder_a, coder_b }) => (await service(workspace_id)).compare(project_id, coder_a, coder_b),
  };
}
