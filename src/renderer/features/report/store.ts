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
  /** How many of the study's saved interviews are complete (the project summary may lag behind a sync); null until counted. */
  completed: number | null;
};

/** Where a report quote was said, looked up in the saved transcripts. */
export type Located = { state: 'locating' } | { state: 'found'; interview_id: string; start_ms: number | null } | { state: 'missing' } | { state: 'error' };

type ReportState = {
  byKey: Record<string, ReportSlice>;
  /** Where each quote of an open theme was said, per `${workspace}/${project}#${theme}`, in the theme's order. */
  located: Record<string, Located[]>;
  loadPoll(workspaceId: string, projectId: string): Promise<void>;
  start(workspaceId: string, projectId: string): Promise<void>;
  /**
   * Counts the study's complete interviews in the cache; `fallback` (the summary's count) stands in if
   * the cache cannot say. `fresh` (the tab opening) forgets an earlier count, so "Checking…" shows until known.
   */
  countCompleted(workspaceId: string, projectId: string, fallback: number, fresh: boolean): Promise<void>;
  /** Looks a theme's quotes up afresh (a sync may have brought their transcripts). */
  locateQuotes(workspaceId: string, projectId: string, theme: number, quotes: string[]): Promise<void>;
  /** The theme closed: its lookups are forgotten, and any still on their way dropped. */
  forgetQuotes(workspaceId: string, projectId: string, theme: number): void;
  /** Listens for finished polls of this workspace for as long as the shell shows it. */
  attach(workspaceId: string): () => void;
};

const key = (w: string, p: string) => `${w}/${p}`;
const EMPTY: ReportSlice = { poll: null, loaded: false, starting: false, error: null, completed: null };
export const reportSlice = (s: ReportState, w: string, p: string) => s.byKey[key(w, p)] ?? EMPTY;
export const themeKey = (w: string, p: string, theme: number) => `${w}/${p}#${theme}`;
const LOCATING: Located = { state: 'locating' };

/** The latest lookup per count or theme: an older one answering late is dropped. */
const latest = new Map<string, number>();
let lookups = 0;
const begin = (k: string) => {
  const id = ++lookups;
  latest.set(k, id);
  return () => latest.get(k) === id;
};

export const useReports = create<ReportState>((set, get) => {
  const patch = (w: string, p: string, v: Partial<ReportSlice>) =>
    set((s) => ({ byKey: { ...s.byKey, [key(w, p)]: { ...(s.byKey[key(w, p)] ?? EMPTY), ...v } } }));
  return {
    byKey: {},
    located: {},
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
    async countCompleted(workspaceId, projectId, fallback, fresh) {
      const current = begin(`count:${key(workspaceId, projectId)}`);
      if (fresh) patch(workspaceId, projectId, { completed: null });
      let completed: number;
      try {
        const r = await call(api().interviews.list({ workspace_id: workspaceId, project_id: projectId, status: 'COMPLETE', limit: 1 }));
        completed = r.total;
      } catch {
        completed = fallback;
      }
      if (current()) patch(workspaceId, projectId, { completed });
    },
    async locateQuotes(workspaceId, projectId, theme, quotes) {
      const k = themeKey(workspaceId, projectId, theme);
      const current = begin(`quotes:${k}`);
      set((s) => ({ located: { ...s.located, [k]: quotes.map(() => LOCATING) } }));
      await Promise.all(
        quotes.map(async (q, i) => {
          let l: Located;
          try {
            const r = await call(api().search.locateQuote({ workspace_id: workspaceId, project_id: projectId, quote: q.slice(0, 2000) }));
            l = r ? { state: 'found', interview_id: r.interview_id, start_ms: r.start_ms } : { state: 'missing' };
          } catch {
            l = { state: 'error' };
          }
          if (current()) set((s) => ({ located: { ...s.located, [k]: (s.located[k] ?? []).map((old, j) => (j === i ? l : old)) } }));
        }),
      );
    },
    forgetQuotes(workspaceId, projectId, theme) {
      const k = themeKey(workspaceId, projectId, theme);
      begin(`quotes:${k}`);
      set((s) => {
        const { [k]: _gone, ...rest } = s.located;
        return { located: rest };
      });
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
