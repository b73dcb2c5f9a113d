import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type PlaybackView = { kind: 'local' | 'remote'; media_url: string } | { kind: 'unavailable'; reason: string };
export type VideoJobView = { job_id: string };

export const videoChannels = {
  'videos.source': channel(z.object({ ...ws, interview_id: id })).returns<PlaybackView>(),
  'videos.download': channel(
    z
      .object({ ...ws, interview_id: id.optional(), project_id: id.optional() })
      .refine((v) => !!v.interview_id !== !!v.project_id, 'Give an interview or a project'),
  ).returns<VideoJobView>(),
  'videos.cancel': channel(z.object({ job_id: z.string().min(1).max(100) })).returns<boolean>(),
  'videos.usage': channel(z.object(ws)).returns<{ bytes: number; quota: number }>(),
  'videos.remove': channel(z.object({ ...ws, interview_id: id })).returns<void>(),
};
