import { z } from 'zod';
import type { CreditsView, LaunchPrice } from '../../views';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const ws = { workspace_id: workspaceId };

export const creditChannels = {
  'credits.get': channel(z.object(ws)).returns<CreditsView>(),
  /** The price per participant the last launch from this workspace showed, for the launch dialog's estimate. */
  'credits.lastLaunchPrice': channel(z.object(ws)).returns<LaunchPrice>(),
};
