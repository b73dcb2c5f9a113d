import { z } from 'zod';
import { idSchema } from '../../ids';
import type { EmbedInfo } from '../../schemas/embed';
import { LIMITS } from '../../schemas/limits';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type EmbedView = {
  embed: EmbedInfo | null;
  allowed_urls: string[] | null;
  /** The participant link: from the launch answer if known, else derived from the embed URL. */
  call_url: string | null;
  synced_at: string | null;
  /** True when the service could not be reached and this is the saved copy. */
  offline: boolean;
  /** Why the embed or the allow-list was not available when last read (not launched, refused, …). */
  unavailable: { embed?: string; allow_list?: string };
};

export const embedChannels = {
  'embed.get': channel(z.object({ ...ws, project_id: id })).returns<EmbedView>(),
  'embed.setAllowList': channel(z.object({ ...ws, project_id: id, allowed_urls: z.array(z.string().max(2048)).max(LIMITS.allowListMax) })).returns<EmbedView>(),
};
