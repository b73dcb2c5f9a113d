import { create } from 'zustand';
import type { ReportPollView } from '../../../shared/ipc/channels/cache-domains';
import { api, call, UiError } from '../../lib/api';
import { useProject } from '../project/store';

export type ReportSlice = {
  /** The background poll main keeps for this study (it survives navigation and restarts). */
  poll: ReportPollView;
  loaded: boolean;
  starting: boolean;
  error: UiError | null;
};

export type ReportToast = { id: number; workspaceId: string; projectId: string; study: string; state: 'completed' | 'failed' | 'timed_out' };

type ReportState = {
  byKey: Record<string, ReportSlice>;
  toasts: ReportToast[];
  loadPoll(workspaceId: string, projectId: string): Promise<void>;
  start(workspaceId: string, projectId: string): Promise<void>;
  /** Listens for finished polls of this workspace for as long as the shell shows it. */
  attach(workspaceId: string): () => void;
  dismiss(id: number): void;
};

const key = (w: string, p: string) => `${w}/${p}`;
const EMPTY: ReportSlice = { poll: null, loaded: false, starting: false, error: null };
export const reportSlice = (s: ReportState, w: string, p: string) => s.byKey[key(w, p)] ?? EMPTY;

let toastSeq = 0;

export const useReports = create<ReportState>((set, get) => {
  const patch = (w: string, p: string, v: Partial<ReportSlice>) => set((s) => ({ byKey: { ...s.byKey, [key(w, p)]: { ...(s.byKey[key(w, p)] ?? EMPTY), ...v } } }));
  return {
    byKey: {},
    toasts: [],
    async loadPoll(workspaceId, projectId) {
      try {
        const poll = await call(api().reports.poll({ workspace_id: workspaceId, project_id: projectId }));
        patch(workspaceId, projectId, { poll, loaded: true });
      } catch (e) {
        patch(workspaceId, projectId, { loaded: true, error: UiError.from(e) });
      }
    },
    async start(workspaceId, projectId) {
      if (reportSlice(get(), workspaceId, projectId).starting) return;
      patch(workspaceId, projectId, { starting: true, error: null });
      try {
        const poll = await call(api().reports.start({ workspace_id: workspaceId, project_id: projectId }));
        patch(workspaceId, projectId, { poll, starting: false });
      } catch (e) {
        const err = UiError.from(e);
        patch(workspaceId, projectId, { starting: false, error: new UiError(err.code, `The report was not started, and the current one is unchanged. ${err.message}`, err.details) });
      }
    },
    attach(workspaceId) {
      return api().events.on('reports.done', (e) => {
        if (e.workspace_id !== workspaceId) return;
        void (async () => {
          await get().loadPoll(e.workspace_id, e.project_id);
          const detail = await useProject.getState().load(e.workspace_id, e.project_id);
          const toast: ReportToast = { id: ++toastSeq, workspaceId: e.workspace_id, projectId: e.project_id, study: detail?.title || 'Untitled study', state: e.state };
          // A study's newer outcome replaces its older toast (a retry that worked supersedes the failure).
          set((s) => ({ toasts: [...s.toasts.filter((t) => !(t.workspaceId === toast.workspaceId && t.projectId === toast.projectId)).slice(-2), toast] }));
        })();
      });
    },
    dismiss(id) {
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },
  };
});
