import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';
import type { InterviewDetail, InterviewRow } from '../../views';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export const interviewChannels = {
  'interviews.list': channel(
    z.object({
      ...ws,
      project_id: id,
      status: z.enum(['STARTED', 'INCOMPLETE', 'COMPLETE']).optional(),
      screener: z.enum(['passed', 'failed', 'none']).optional(),
      text: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
      offset: z.number().int().min(0).optional(),
    }),
  ).returns<{ items: InterviewRow[]; total: number }>(),
  'interviews.get': channel(z.object({ ...ws, interview_id: id })).returns<InterviewDetail | null>(),
};
