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

/** Loads in flight, per workspace: screens and the sidebar share one read. */
const inFlight = new Map<string, Promise<void>>();
/** The one read queued behind the read in flight, per workspace. */
const queued = new Map<string, Promise<void>>();
/** Loads started per workspace, so a refresh can tell whether its sync already brought one. */
const started = new Map<string, number>();

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
      const running = inFlight.get(workspaceId);
      if (running) {
        let next = queued.get(workspaceId);
        if (!next) {
          next = running.then(() => {
            queued.delete(workspaceId);
            return get().load(workspaceId);
          });
          queued.set(workspaceId, next);
        }
        return next;
      }
      started.set(workspaceId, (started.get(workspaceId) ?? 0) + 1);
      const p = read(workspaceId).finally(() => inFlight.delete(workspaceId));
      inFlight.set(workspaceId, p);
      return p;
    },
    attach(workspaceId) {
      void get().load(workspaceId);
      return api().events.on('sync.finished', (e) => {
        if (e.workspace_id === workspaceId) void get().load(workspaceId);
      });
    },
    async refresh(workspaceId) {
      const before = started.get(workspaceId) ?? 0;
      const prev = get().byWorkspace[workspaceId] ?? EMPTY;
      set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'loading', error: null } } }));
      try {
        await call(api().sync.run({ workspace_id: workspaceId }));
      } catch (e) {
        set((s) => ({ byWorkspace: { ...s.byWorkspace, [workspaceId]: { ...prev, status: 'error', error: UiError.from(e) } } }));
        return;
      }
      // The sync's own sync.finished has usually started a load already (attach); read again only if not.
      if ((started.get(workspaceId) ?? 0) === before) await get().load(workspaceId);
      else await (queued.get(workspaceId) ?? inFlight.get(workspaceId));
    },
  };
});
