import type { WorkspaceSummary } from '../../shared/ipc/channels/workspaces';
import { AppError } from '../errors';
import { clean } from './output';
import type { Ctx } from './types';

/**
 * The one "no such project" of the CLI (exit 2): what happened and what to do, alike for every command.
 * The offline cache is what the commands read, so a project it lacks is either a wrong ID or not synced yet.
 */
export function noSuchProject(w: Pick<WorkspaceSummary, 'name'>, projectId: string): AppError {
  const name = clean(w.name);
  return new AppError(
    'unknown_project',
    `No project ${projectId} in the offline cache of "${name}". Check the ID, or run \`fieldwork sync --workspace "${name}"\` to fetch it (sync lists the workspace's projects).`,
  );
}

/** Whether the workspace's offline cache has the project. */
export async function hasProject(ctx: Pick<Ctx, 'services'>, w: Pick<WorkspaceSummary, 'id'>, projectId: string): Promise<boolean> {
  return (await ctx.services()).projects.exists(w.id, projectId);
}

/** Throws noSuchProject unless the workspace's offline cache has the project. */
export async function requireProject(ctx: Pick<Ctx, 'services'>, w: Pick<WorkspaceSummary, 'id' | 'name'>, projectId: string): Promise<void> {
  if (!(await hasProject(ctx, w, projectId))) throw noSuchProject(w, projectId);
}
