import type { searchChannels } from '../../../shared/ipc/channels/search';
import type { SearchService } from '../../studies/search-service';
import type { HandlerMap } from '../dispatcher';

/** Search answers from the offline index, so it works without a network. */
export function searchHandlers(d: { search: SearchService }): HandlerMap<typeof searchChannels> {
  return {
    'search.query': async ({ workspace_id, query, project_id, role, limit }) => d.search.query(workspace_id, { query, projectId: project_id, role, limit }),
    'search.askedIn': async ({ workspace_id, project_id, question_key, offset, limit }) =>
      d.search.askedIn(workspace_id, project_id, question_key, { offset, limit }),
    'search.locateQuote': async ({ workspace_id, project_id, quote }) => d.search.locateQuote(workspace_id, project_id, quote),
  };
}
