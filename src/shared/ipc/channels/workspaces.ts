import { z } from 'zod';
import { checkServiceUrl } from '../../service-url';
import { channel } from '../define';

export type WorkspaceSummary = {
  id: string;
  name: string;
  base_url: string;
  organisation_id: string | null;
  is_demo: boolean;
  /** Where the key is kept: the OS keychain, or this session's memory when no keychain is reachable. */
  key_storage: 'keychain' | 'memory';
};

export const workspaceId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'Unknown workspace');

export const addWorkspaceInput = z.object({
  name: z.string().trim().min(1, 'Give the workspace a name').max(80, 'Keep the name under 80 characters'),
  base_url: z.string().transform((v, ctx) => {
    const r = checkServiceUrl(v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    return r.url;
  }),
  api_key: z.string().trim().min(8, 'The API key looks too short').max(512, 'The API key looks too long'),
  organisation_id: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : null)),
});

export const workspaceChannels = {
  'workspaces.list': channel(z.undefined()).returns<WorkspaceSummary[]>(),
  'workspaces.add': channel(addWorkspaceInput).returns<WorkspaceSummary>(),
  /** Makes it the workspace in use; work still running for the previous one is cancelled. */
  'workspaces.activate': channel(z.object({ workspace_id: workspaceId })).returns<WorkspaceSummary>(),
  /** Deletes its key; with purge_cache, also its offline data and videos. */
  'workspaces.remove': channel(z.object({ workspace_id: workspaceId, purge_cache: z.boolean().default(false) })).returns<void>(),
};
