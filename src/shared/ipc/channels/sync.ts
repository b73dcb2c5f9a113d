import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';
import type { SyncStatus } from '../../views';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type SyncRunResult = {
  projects: number;
  interviews_written: number;
  requests: number;
  issues: { project_id: string | null; code: string; message: string }[];
  duration_ms: number;
};

export const syncChannels = {
  'sync.run': channel(z.object({ ...ws, project_ids: z.array(id).max(500).optional() })).returns<SyncRunResult>(),
  'sync.status': channel(z.object(ws)).returns<SyncStatus>(),
  /** Stops the sync in flight; false when none was running. */
  'sync.cancel': channel(z.object(ws)).returns<boolean>(),
};
