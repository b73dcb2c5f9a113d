import { create } from 'zustand';
import type { CreditsView, SyncStatus } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';

type SyncState = {
  workspaceId: string | null;
  status: SyncStatus | null;
  credits: CreditsView;
  /** The last sync could not reach the service: the app shows saved data and says so. */
  offline: boolean;
  error: UiError | null;
  attach(workspaceId: string): () => void;
  refreshStatus(): Promise<void>;
  syncNow(): Promise<void>;
  cancel(): Promise<void>;
};

export const useSync = create<SyncState>((set, get) => ({
  workspaceId: null,
  status: null,
  credits: null,
  offline: false,
  error: null,
  attach(workspaceId) {
    set({ workspaceId, status: null, credits: null, offline: false, error: null });
    void get().refreshStatus();
    const offProgress = api().events.on('sync.progress', (p) => {
      if (p.workspace_id !== get().workspaceId) return;
      const prev = get().status;
      set({
        status: {
          running: true,
          progress: { phase: p.phase, done: p.done, total: p.total },
          last_started_at: prev?.last_started_at ?? null,
          last_completed_at: prev?.last_completed_at ?? null,
          last_error: null,
        },
      });
    });
    const offFinished = api().events.on('sync.finished', (p) => {
      if (p.workspace_id !== get().workspaceId) return;
      // Each feature store reloads what it shows on this event itself (their attach).
      set({ offline: p.offline, error: p.ok || !p.message ? null : new UiError(p.offline ? 'offline' : 'sync_failed', p.message) });
      void get().refreshStatus();
    });
    return () => {
      offProgress();
      offFinished();
    };
  },
  async refreshStatus() {
    const workspaceId = get().workspaceId;
    if (!workspaceId) return;
    try {
      const [status, credits] = await Promise.all([
        call(api().sync.status({ workspace_id: workspaceId })),
        call(api().credits.get({ workspace_id: workspaceId })),
      ]);
      if (get().workspaceId === workspaceId) set({ status, credits });
    } catch (e) {
      if (get().workspaceId === workspaceId) set({ error: UiError.from(e) });
    }
  },
  async cancel() {
    const workspaceId = get().workspaceId;
    if (!workspaceId) return;
    await call(api().sync.cancel({ workspace_id: workspaceId })).catch(() => false);
    await get().refreshStatus();
  },
  async syncNow() {
    const workspaceId = get().workspaceId;
    // No check of our own `running` flag: it can lag behind main, and main joins a sync already in flight.
    if (!workspaceId) return;
    set((s) => ({
      status: s.status
        ? { ...s.status, running: true, progress: null }
        : { running: true, progress: null, last_started_at: null, last_completed_at: null, last_error: null },
    }));
    try {
      await call(api().sync.run({ workspace_id: workspaceId }));
    } catch {
      // sync.finished carries the outcome (offline or failed) to every listener, this one included.
    }
    await get().refreshStatus();
  },
}));
