import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/channels/app';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { api, call, UiError } from '../../lib/api';

const LAST_WORKSPACE = 'fieldwork.lastWorkspace';

type AddInput = { name: string; base_url: string; api_key: string; organisation_id?: string };

type WorkspacesState = {
  status: 'loading' | 'ready' | 'error';
  workspaces: WorkspaceSummary[];
  currentId: string | null;
  appInfo: AppInfo | null;
  error: UiError | null;
  demo: { starting: boolean; error: UiError | null };
  load(): Promise<void>;
  /** Loads the list now and again whenever main says the workspaces changed; returns the unsubscribe. */
  attach(): () => void;
  startDemo(): Promise<void>;
  add(input: AddInput): Promise<WorkspaceSummary>;
  select(id: string | null): void;
  /** Forgets a workspace (its key; with purge, its saved data and videos) and moves to another one. */
  remove(id: string, purge: boolean): Promise<void>;
};

function remembered(list: WorkspaceSummary[]): string | null {
  const last = localStorage.getItem(LAST_WORKSPACE);
  return list.find((w) => w.id === last)?.id ?? list[0]?.id ?? null;
}

export const useWorkspaces = create<WorkspacesState>((set, get) => ({
  status: 'loading',
  workspaces: [],
  currentId: null,
  appInfo: null,
  error: null,
  demo: { starting: false, error: null },

  attach() {
    void get().load();
    return api().events.on('workspaces.changed', () => void get().load());
  },

  async load() {
    set({ status: 'loading', error: null });
    try {
      const [workspaces, appInfo] = await Promise.all([call(api().workspaces.list()), call(api().app.info())]);
      const kept = get().currentId;
      const currentId = kept && workspaces.some((w) => w.id === kept) ? kept : remembered(workspaces);
      set({ status: 'ready', workspaces, appInfo, currentId });
      if (currentId) void api().workspaces.activate({ workspace_id: currentId });
    } catch (e) {
      set({ status: 'error', error: UiError.from(e) });
    }
  },

  async startDemo() {
    set({ demo: { starting: true, error: null } });
    try {
      const workspace = await call(api().demo.start());
      const workspaces = await call(api().workspaces.list());
      set({ workspaces, demo: { starting: false, error: null } });
      get().select(workspace.id);
    } catch (e) {
      set({ demo: { starting: false, error: UiError.from(e) } });
    }
  },

  async add(input) {
    const workspace = await call(api().workspaces.add(input));
    const workspaces = await call(api().workspaces.list());
    set({ workspaces });
    get().select(workspace.id);
    return workspace;
  },

  async remove(id, purge) {
    await call(api().workspaces.remove({ workspace_id: id, purge_cache: purge }));
    const workspaces = await call(api().workspaces.list());
    const currentId = get().currentId === id ? remembered(workspaces) : get().currentId;
    set({ workspaces });
    get().select(currentId);
  },

  select(id) {
    if (id) {
      localStorage.setItem(LAST_WORKSPACE, id);
      // Switching cancels the previous workspace's work in flight and starts this one's schedule.
      void api().workspaces.activate({ workspace_id: id });
    }
    set({ currentId: id });
  },
}));
