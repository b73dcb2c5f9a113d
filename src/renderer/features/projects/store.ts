import { create } from 'zustand';
import type { ProjectSummary } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';

export type ProjectsSlice = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: ProjectSummary[];
  syncedAt: string | null;
  error: UiError | null;
};

type ProjectsState = {
  byWorkspace: Record<string, ProjectsSlice>;
  load(workspaceId: string): Promise<void>;
  /** Syncs with the service, then reloads from the cache; offline, the cached list stays. */
  refresh(workspaceId: string): Promise<void>;
};

export const EMPTY: ProjectsSlice = { status: 'idle', items: [], syncedAt: null, error: null };

export const useProjects = create<ProjectsState>((set, get) => ({
  byWorkspace: {},
  async load(workspaceId) {
    const prev = get().byWorkspace[workspaceId] ?? EMPTY;
    // Keep showing what we had while refreshing; a failure leaves it in place beside the error.
    set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'loading', error: null } } }));
    try {
      const r = await call(api().projects.list({ workspace_id: workspaceId }));
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { status: 'ready', items: r.items, syncedAt: r.synced_at, error: null } } }));
    } catch (e) {
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'error', error: UiError.from(e) } } }));
    }
  },
  async refresh(workspaceId) {
    const prev = get().byWorkspace[workspaceId] ?? EMPTY;
    set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'loading', error: null } } }));
    try {
      await call(api().sync.run({ workspace_id: workspaceId }));
    } catch (e) {
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'error', error: UiError.from(e) } } }));
      return;
    }
    await get().load(workspaceId);
  },
}));
