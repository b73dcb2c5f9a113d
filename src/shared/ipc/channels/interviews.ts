import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';
import type { InterviewDetail, InterviewNeighbours, InterviewRow } from '../../views';

const id = idSchema;
const ws = { workspace_id: workspaceId };

/** The Interviews list's filters: the list and the viewer's next/previous read the same ones. */
const listFilters = {
  ...ws,
  project_id: id,
  status: z.enum(['STARTED', 'INCOMPLETE', 'COMPLETE']).optional(),
  screener: z.enum(['passed', 'failed', 'none']).optional(),
  text: z.string().max(200).optional(),
};

export const interviewChannels = {
  'interviews.list': channel(
    z.object({
      ...listFilters,
      limit: z.number().int().min(1).max(10_000).optional(),
      offset: z.number().int().min(0).optional(),
    }),
  ).returns<{ items: InterviewRow[]; total: number }>(),
  /** The interviews either side of one in the Interviews list as filtered: the viewer's Next and Previous. */
  'interviews.neighbours': channel(z.object({ ...listFilters, interview_id: id })).returns<InterviewNeighbours>(),
  'interviews.get': channel(z.object({ ...ws, interview_id: id })).returns<InterviewDetail | null>(),
};
