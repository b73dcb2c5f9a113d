import { z } from 'zod';
import type { ProjectListItem } from '../../schemas/project';
import { channel } from '../define';
import { workspaceId } from './workspaces';

export type ProjectListResult = { items: ProjectListItem[]; fetched_at: string };

export const projectChannels = {
  'projects.list': channel(z.object({ workspace_id: workspaceId })).returns<ProjectListResult>(),
};
