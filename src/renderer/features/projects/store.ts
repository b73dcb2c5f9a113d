import { create } from 'zustand';
import type { ProjectSummary } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';
import { trailingLoads } from '../../lib/trailing-load';

export type ProjectsSlice = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: ProjectSummary[];
  syncedAt: string | null;
  error: UiError | null;
};

type ProjectsState = {
  byWorkspace: Record<string, ProjectsSlice>;
  /**
   * Reads the list from the cache. Calls while a read is in flight share one more read after it (never
   * the one in flight, which may have started before the sync that asked finished).
   */
  load(workspaceId: string): Promise<void>;
  /** Loads the list now and once after every sync of the workspace, for as long as the shell shows it. */
  attach(workspaceId: string): () => void;
  /** Syncs with the service, then reloads from the cache; offline, the cached list stays. */
  refresh(workspaceId: string): Promise<void>;
};

export const EMPTY: ProjectsSlice = { status: 'idle', items: [], syncedAt: null, error: null };

/** Reads per workspace: screens and the sidebar share them, and a sync queues one more (see trailingLoads). */
const loads = trailingLoads();

export const useProjects = create<ProjectsState>((set, get) => {
  /** The read itself; `load` decides when it runs. */
  async function read(workspaceId: string): Promise<void> {
    const prev = get().byWorkspace[workspaceId] ?? EMPTY;
    // Keep showing what we had while refreshing; a failure leaves it in place beside the error.
    set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'loading', error: null } } }));
    try {
      const r = await call(api().projects.list({ workspace_id: workspaceId }));
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { status: 'ready', items: r.items, syncedAt: r.synced_at, error: null } } }));
    } catch (e) {
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'error', error: UiError.from(e) } } }));
    }
  }
  return {
    byWorkspace: {},
    load(workspaceId) {
      return loads.run(workspaceId, () => read(workspaceId));
    },
    attach(workspaceId) {
      void get().load(workspaceId);
      return api().events.on('sync.finished', (e) => {
        if (e.workspace_id === workspaceId) void get().load(workspaceId);
      });
    },
    async refresh(workspaceId) {
      const before = loads.started(workspaceId);
      const prev = get().byWorkspace[workspaceId] ?? EMPTY;
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'loading', error: null } } }));
      try {
        await call(api().sync.run({ workspace_id: workspaceId }));
      } catch (e) {
        set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'error', error: UiError.from(e) } } }));
        return;
      }
      // The sync's own sync.finished has usually started a load already (attach); read again only if not.
      if (loads.started(workspaceId) === before) await get().load(workspaceId);
      else await loads.settled(workspaceId);
    },
  };
});
