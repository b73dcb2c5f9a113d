import { create } from 'zustand';
import type { ReportPollView } from '../../../shared/ipc/channels/reports';
import { openProject } from '../../app/nav-store';
import { useToasts, type Toast } from '../../components/Toasts';
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

type Outcome = 'completed' | 'failed' | 'timed_out';
const TOAST: Record<Outcome, { title: (study: string) => string; body: string; tone: Toast['tone'] }> = {
  completed: { title: (s) => `Report ready — ${s}`, body: 'The themes and quotes are in the Report tab.', tone: 'success' },
  failed: { title: (s) => `Report failed — ${s}`, body: 'The service could not generate it. Open the Report tab to try again.', tone: 'danger' },
  timed_out: {
    title: (s) => `Report still processing — ${s}`,
    body: 'Fieldwork stopped checking after 5 minutes. Open the Report tab to check again.',
    tone: 'warning',
  },
};
const TOAST_MS = 12_000;

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
      return api().events.on('reports.done', (e) => {
        if (e.workspace_id !== workspaceId) return;
        void (async () => {
          await get().loadPoll(e.workspace_id, e.project_id);
          const detail = await useProject.getState().load(e.workspace_id, e.project_id);
          const text = TOAST[e.state];
          useToasts.getState().push(
            {
              key: `report:${e.workspace_id}/${e.project_id}`,
              tone: text.tone,
              title: text.title(detail?.title || 'Untitled study'),
              body: text.body,
              action: { label: 'Open', run: () => openProject(e.project_id, 'report') },
            },
            TOAST_MS,
          );
        })();
      });
    },
  };
});
