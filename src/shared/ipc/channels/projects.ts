import { z } from 'zod';
import { channel } from '../define';
import { idSchema } from '../../ids';
import type { ProjectDetail, ProjectSummary } from '../../views';
import { workspaceId } from './workspaces';

/** The project list comes from the offline cache; `synced_at` says how fresh it is (null: never synced). */
export type ProjectListResult = { items: ProjectSummary[]; synced_at: string | null };

export const projectChannels = {
  'projects.list': channel(z.object({ workspace_id: workspaceId })).returns<ProjectListResult>(),
  'projects.get': channel(z.object({ workspace_id: workspaceId, project_id: idSchema })).returns<ProjectDetail | null>(),
};
