import { create } from 'zustand';
import type { CodesFromReportView } from '../../../shared/ipc/channels/codes';
import { api, call, UiError } from '../../lib/api';

/** The last "Turn themes into codes" of a study: running, its outcome, or why it failed. */
export type ThemesToCodes = { state: 'idle' } | { state: 'running' } | { state: 'done'; result: CodesFromReportView } | { state: 'error'; error: UiError };

type State = {
  byKey: Record<string, ThemesToCodes>;
  /** Turns the study's latest report into codes and "AI report" codings (main replaces its earlier ones). */
  run(workspaceId: string, projectId: string): Promise<ThemesToCodes>;
  dismiss(workspaceId: string, projectId: string): void;
};

const key = (w: string, p: string) => `${w}/${p}`;
const IDLE: ThemesToCodes = { state: 'idle' };
export const themesToCodesOf = (s: State, w: string, p: string) => s.byKey[key(w, p)] ?? IDLE;

export const useThemesToCodes = create<State>((set, get) => {
  const put = (w: string, p: string, v: ThemesToCodes) => set((s) => ({ byKey: { ...s.byKey, [key(w, p)]: v } }));
  return {
    byKey: {},
    async run(w, p) {
      if (themesToCodesOf(get(), w, p).state === 'running') return themesToCodesOf(get(), w, p);
      put(w, p, { state: 'running' });
      let out: ThemesToCodes;
      try {
        out = { state: 'done', result: await call(api().codes.fromReport({ workspace_id: w, project_id: p })) };
      } catch (e) {
        out = { state: 'error', error: UiError.from(e) };
      }
      put(w, p, out);
      return out;
    },
    dismiss: (w, p) => put(w, p, IDLE),
  };
});
