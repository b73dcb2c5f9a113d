import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type ReportPollView = {
  state: 'polling' | 'completed' | 'failed' | 'timed_out';
  started_at: string;
  deadline_at: string;
  attempts: number;
  last_error: string | null;
} | null;

export const reportChannels = {
  'reports.start': channel(z.object({ ...ws, project_id: id })).returns<ReportPollView>(),
  'reports.poll': channel(z.object({ ...ws, project_id: id })).returns<ReportPollView>(),
};
