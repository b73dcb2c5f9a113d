import { create } from 'zustand';
import type { ProjectDetail } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';
import { trailingLoads } from '../../lib/trailing-load';

export type ProjectSlice = { status: 'loading' | 'ready' | 'missing' | 'error'; detail: ProjectDetail | null; error: UiError | null };

type ProjectState = {
  /** Keyed by `${workspace}/${project}`: one workspace's data never shows under another. */
  byKey: Record<string, ProjectSlice>;
  load(workspaceId: string, projectId: string): Promise<ProjectDetail | null>;
  /** Syncs this one project with the service, then reloads it from the cache. */
  refresh(workspaceId: string, projectId: string): Promise<void>;
  /** Loads a study the page shows, now and after every sync (see attach), until the returned function is called. */
  open(workspaceId: string, projectId: string): () => void;
  /** Reloads the studies open in this workspace after each of its syncs, for as long as the shell shows it. */
  attach(workspaceId: string): () => void;
};

export const projectKey = (w: string, p: string) => `${w}/${p}`;
export const LOADING: ProjectSlice = { status: 'loading', detail: null, error: null };

/** The studies a page shows, with how many pages show each (a page is keyed per study, but may remount). */
const shown = new Map<string, { workspaceId: string; projectId: string; count: number }>();
/** Reloads after a sync: one at a time per study, a second sync queueing one more (see trailingLoads). */
const syncLoads = trailingLoads();

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
  open(workspaceId, projectId) {
    const key = projectKey(workspaceId, projectId);
    const entry = shown.get(key) ?? { workspaceId, projectId, count: 0 };
    entry.count++;
    shown.set(key, entry);
    void get().load(workspaceId, projectId);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      if (--entry.count === 0) shown.delete(key);
    };
  },
  attach(workspaceId) {
    return api().events.on('sync.finished', (e) => {
      if (e.workspace_id !== workspaceId) return;
      for (const [key, s] of shown) {
        if (s.workspaceId !== workspaceId) continue;
        void syncLoads.run(key, async () => {
          await get().load(s.workspaceId, s.projectId);
        });
      }
    });
  },
}));
