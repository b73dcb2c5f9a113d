import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export const noteChannels = {
  'notes.add': channel(z.object({ ...ws, project_id: id, interview_id: id.optional(), body: z.string().trim().min(1).max(20_000) })).returns<{ id: string }>(),
  'notes.list': channel(z.object({ ...ws, project_id: id, interview_id: id.optional() })).returns<
    { id: string; interview_id: string | null; body: string; created_at: string }[]
  >(),
};
