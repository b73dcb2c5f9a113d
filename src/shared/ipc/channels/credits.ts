import { z } from 'zod';
import type { CreditsView } from '../../views';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const ws = { workspace_id: workspaceId };

export const creditChannels = {
  'credits.get': channel(z.object(ws)).returns<CreditsView>(),
};
