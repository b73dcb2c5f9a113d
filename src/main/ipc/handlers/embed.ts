import type { embedChannels } from '../../../shared/ipc/channels/embed';
import type { EmbedService } from '../../share/embed';
import type { HandlerMap } from '../dispatcher';

export function embedHandlers(d: { embed: EmbedService }): HandlerMap<typeof embedChannels> {
  return {
    'embed.get': ({ workspace_id, project_id }) => d.embed.get(workspace_id, project_id),
    'embed.setAllowList': ({ workspace_id, project_id, allowed_urls }) => d.embed.setAllowList(workspace_id, project_id, allowed_urls),
  };
}
