import type { agreementChannels } from '../../../shared/ipc/channels/agreement';
import type { AgreementWorkspaceService } from '../../analysis/agreement/agreement-service';
import type { HandlerMap } from '../dispatcher';

export function agreementHandlers(d: { agreement: AgreementWorkspaceService }): HandlerMap<typeof agreementChannels> {
  return {
    'agreement.coders': async ({ workspace_id, project_id }) => d.agreement.coders(workspace_id, project_id),
    'agreement.compare': async ({ workspace_id, project_id, coder_a, coder_b }) => d.agreement.compare(workspace_id, project_id, coder_a, coder_b),
  };
}
