import { create } from 'zustand';
import type { ProjectDetail } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';

export type ProjectSlice = { status: 'loading' | 'ready' | 'missing' | 'error'; detail: ProjectDetail | null; error: UiError | null };

type ProjectState = {
  /** Keyed by `${workspace}/${project}`: one workspace's data never shows under another. */
  byKey: Record<string, ProjectSlice>;
  load(workspaceId: string, projectId: string): Promise<ProjectDetail | null>;
  /** Syncs this one project with the service, then reloads it from the cache. */
  refresh(workspaceId: string, projectId: string): Promise<void>;
};

export const projectKey = (w: string, p: string) => `${w}/${p}`;
export const LOADING: ProjectSlice = { status: 'loading', detail: null, error: null };

export const useProject = create<ProjectState>((set, get) => ({
  byKey: {},
  async load(workspaceId, projectId) {
    const key = projectKey(workspaceId, projectId);
    const prev = get().byKey[key];
    if (!prev) set((s) => ({ byKey: { ...s.byKey, [key]: LOADING } }));
    try {
      const detail = await call(api().projects.get({ workspace_id: workspaceId, project_id: projectId }));
      set((s) => ({ byKey: { ...s.byKey, [key]: { status: detail ? 'ready' : 'missing', detail, error: null } } }));
      return detail;
    } catch (e) {
      set((s) => ({ byKey: { ...s.byKey, [key]: { status: 'error', detail: prev?.detail ?? null, error: UiError.from(e) } } }));
      return null;
    }
  },
  async refresh(workspaceId, projectId) {
    try {
      await call(api().sync.run({ workspace_id: workspaceId, project_ids: [projectId] }));
    } catch (e) {
      const key = projectKey(workspaceId, projectId);
      set((s) => ({ byKey: { ...s.byKey, [key]: { ...(s.byKey[key] ?? LOADING), error: UiError.from(e) } } }));
    }
    await get().load(workspaceId, projectId);
  },
}));
