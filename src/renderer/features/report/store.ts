import { create } from 'zustand';
import type { ReportPollView } from '../../../shared/ipc/channels/reports';
import { api, call, UiError } from '../../lib/api';
import { useProject } from '../project/store';

export type ReportSlice = {
  /** The background poll main keeps for this study (it survives navigation and restarts). */
  poll: ReportPollView;
  loaded: boolean;
  starting: boolean;
  error: UiError | null;
};

type ReportState = {
  byKey: Record<string, ReportSlice>;
  loadPoll(workspaceId: string, projectId: string): Promise<void>;
  start(workspaceId: string, projectId: string): Promise<void>;
  /** Listens for finished polls of this workspace for as long as the shell shows it. */
  attach(workspaceId: string): () => void;
};

const key = (w: string, p: string) => `${w}/${p}`;
const EMPTY: ReportSlice = { poll: null, loaded: false, starting: false, error: null };
export const reportSlice = (s: ReportState, w: string, p: string) => s.byKey[key(w, p)] ?? EMPTY;

export const useReports = create<ReportState>((set, get) => {
  const patch = (w: string, p: string, v: Partial<ReportSlice>) =>
    set((s) => ({ byKey: { ...s.byKey, [key(w, p)]: { ...(s.byKey[key(w, p)] ?? EMPTY), ...v } } }));
  return {
    byKey: {},
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
        patch(workspaceId, projectId, {
          starting: false,
          error: new UiError(err.code, `The report was not started, and the current one is unchanged. ${err.message}`, err.details),
        });
      }
    },
    attach(workspaceId) {
      // The notice about it is main's (notices.show); here the study's report and poll are refreshed.
      return api().events.on('reports.done', (e) => {
        if (e.workspace_id !== workspaceId) return;
        void get().loadPoll(e.workspace_id, e.project_id);
        void useProject.getState().load(e.workspace_id, e.project_id);
      });
    },
  };
});
