import { create } from 'zustand';
import type { ProjectListItem } from '../../../shared/schemas/project';
import { api, call, UiError } from '../../lib/api';

export type ProjectsSlice = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: ProjectListItem[];
  fetchedAt: string | null;
  error: UiError | null;
};

type ProjectsState = {
  byWorkspace: Record<string, ProjectsSlice>;
  load(workspaceId: string): Promise<void>;
};

export const EMPTY: ProjectsSlice = { status: 'idle', items: [], fetchedAt: null, error: null };

export const useProjects = create<ProjectsState>((set, get) => ({
  byWorkspace: {},
  async load(workspaceId) {
    const prev = get().byWorkspace[workspaceId] ?? EMPTY;
    // Keep showing what we had while refreshing; a failure leaves it in place beside the error.
    set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'loading', error: null } } }));
    try {
      const r = await call(api().projects.list({ workspace_id: workspaceId }));
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { status: 'ready', items: r.items, fetchedAt: r.fetched_at, error: null } } }));
    } catch (e) {
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'error', error: UiError.from(e) } } }));
    }
  },
}));
