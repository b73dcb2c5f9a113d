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

/** Where a report quote was said, looked up in the saved transcripts: the interview, its participant and the time (null: unknown). */
export type Located =
  | { state: 'locating' }
  | { state: 'found'; interview_id: string; participant_name: string | null; code: string; start_ms: number | null }
  | { state: 'missing' }
  | { state: 'error'; message: string };

/**
 * What the researcher had open in a study's report, so leaving it (a quote opened, another tab) and
 * coming back shows the same themes, the same "Show all" and the same scroll position. Tied to the
 * report it was made on: a regenerated report starts closed.
 */
export type ReportView = { reportId: string | null; open: number[]; showAll: number[] };

type ReportState = {
  byKey: Record<string, ReportSlice>;
  /** Where each quote of an opened theme was said, per `${workspace}/${project}#${theme}`, in the theme's order. */
  located: Record<string, Located[]>;
  /** The quotes each `located` entry was looked up for, so a changed report never shows another quote's place. */
  locatedFor: Record<string, string>;
  /** Per `${workspace}/${project}`: what was open in the report. */
  views: Record<string, ReportView>;
  toggleTheme(workspaceId: string, projectId: string, reportId: string | null, theme: number): void;
  toggleShowAll(workspaceId: string, projectId: string, reportId: string | null, theme: number): void;
  /** Where the report was scrolled to; kept out of the reactive state, since nothing re-renders for it. */
  saveScroll(workspaceId: string, projectId: string, reportId: string | null, scrollTop: number): void;
  /** The scroll position saved for this report (0 when none, or when it was saved for an earlier report). */
  savedScroll(workspaceId: string, projectId: string, reportId: string | null): number;
  loadPoll(workspaceId: string, projectId: string): Promise<void>;
  start(workspaceId: string, projectId: string): Promise<void>;
  /**
   * Counts the study's complete interviews in the cache; `fallback` (the summary's count) stands in if
   * the cache cannot say. `fresh` (the tab opening) forgets an earlier count, so "Checking…" shows until known.
   */
  countCompleted(workspaceId: string, projectId: string, fallback: number, fresh: boolean): Promise<void>;
  /**
   * Looks a theme's quotes up afresh (a sync may have brought their transcripts). Earlier answers for the
   * same quotes stay on screen until the new ones come, so coming back to the report does not reflow it.
   */
  locateQuotes(workspaceId: string, projectId: string, theme: number, quotes: string[]): Promise<void>;
  /** Listens for finished polls of this workspace for as long as the shell shows it. */
  attach(workspaceId: string): () => void;
};

const key = (w: string, p: string) => `${w}/${p}`;
const EMPTY: ReportSlice = { poll: null, loaded: false, starting: false, error: null, completed: null };
export const reportSlice = (s: ReportState, w: string, p: string) => s.byKey[key(w, p)] ?? EMPTY;
export const themeKey = (w: string, p: string, theme: number) => `${w}/${p}#${theme}`;
const LOCATING: Located = { state: 'locating' };
const NO_VIEW: ReportView = { reportId: null, open: [], showAll: [] };
/** The view kept for this report, or a fresh one when there is none or it was kept for an earlier report. */
export const viewFor = (kept: ReportView | undefined, reportId: string | null): ReportView =>
  kept && kept.reportId === reportId ? kept : { ...NO_VIEW, reportId };
/** The kept view as a selector can return it (the stored object itself, or undefined). */
export const keptView = (s: ReportState, w: string, p: string): ReportView | undefined => s.views[key(w, p)];
const toggled = (xs: number[], x: number) => (xs.includes(x) ? xs.filter((y) => y !== x) : [...xs, x]);

const scrolls = new Map<string, { reportId: string | null; top: number }>();

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
  const patchView = (w: string, p: string, reportId: string | null, f: (v: ReportView) => Partial<ReportView>) =>
    set((s) => {
      const v = viewFor(s.views[key(w, p)], reportId);
      return { views: { ...s.views, [key(w, p)]: { ...v, ...f(v) } } };
    });
  return {
    byKey: {},
    located: {},
    locatedFor: {},
    views: {},
    toggleTheme: (w, p, reportId, theme) => patchView(w, p, reportId, (v) => ({ open: toggled(v.open, theme) })),
    toggleShowAll: (w, p, reportId, theme) => patchView(w, p, reportId, (v) => ({ showAll: toggled(v.showAll, theme) })),
    saveScroll: (w, p, reportId, top) => void scrolls.set(key(w, p), { reportId, top }),
    savedScroll: (w, p, reportId) => {
      const s = scrolls.get(key(w, p));
      return s && s.reportId === reportId ? s.top : 0;
    },
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
      const forQuotes = JSON.stringify(quotes);
      set((s) => ({
        located: { ...s.located, [k]: s.locatedFor[k] === forQuotes && s.located[k] ? s.located[k] : quotes.map(() => LOCATING) },
        locatedFor: { ...s.locatedFor, [k]: forQuotes },
      }));
      await Promise.all(
        quotes.map(async (q, i) => {
          let l: Located;
          try {
            const r = await call(api().search.locateQuote({ workspace_id: workspaceId, project_id: projectId, quote: q.slice(0, 2000) }));
            l = r
              ? { state: 'found', interview_id: r.interview_id, participant_name: r.participant_name, code: r.code, start_ms: r.start_ms }
              : { state: 'missing' };
          } catch (e) {
            l = { state: 'error', message: UiError.from(e).message };
          }
          if (current()) set((s) => ({ located: { ...s.located, [k]: (s.located[k] ?? []).map((old, j) => (j === i ? l : old)) } }));
        }),
      );
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
