import { create } from 'zustand';
import type { ReportDiffView, ReportVersionView } from '../../../shared/ipc/channels/reports';
import { api, call, UiError } from '../../lib/api';

/** A study's kept report versions, and the diff of the two picked (older → newer by default). */
export type VersionsSlice = {
  versions: ReportVersionView[] | null;
  loading: boolean;
  error: UiError | null;
  from: number | null;
  to: number | null;
  diff: ReportDiffView | null;
  diffing: boolean;
  diffError: UiError | null;
};

type State = {
  byKey: Record<string, VersionsSlice>;
  load(workspaceId: string, projectId: string): Promise<void>;
  pick(workspaceId: string, projectId: string, which: 'from' | 'to', id: number): Promise<void>;
};

const key = (w: string, p: string) => `${w}/${p}`;
const EMPTY: VersionsSlice = { versions: null, loading: false, error: null, from: null, to: null, diff: null, diffing: false, diffError: null };
export const versionsOf = (s: State, w: string, p: string) => s.byKey[key(w, p)] ?? EMPTY;

/** The latest diff asked for per study: an older one answering late is dropped. */
const latest = new Map<string, number>();
let asked = 0;

export const useReportVersions = create<State>((set, get) => {
  const patch = (w: string, p: string, v: Partial<VersionsSlice>) => set((s) => ({ byKey: { ...s.byKey, [key(w, p)]: { ...versionsOf(s, w, p), ...v } } }));
  const diff = async (w: string, p: string) => {
    const { from, to } = versionsOf(get(), w, p);
    if (from === null || to === null || from === to) return patch(w, p, { diff: null, diffing: false, diffError: null });
    const id = ++asked;
    latest.set(key(w, p), id);
    patch(w, p, { diffing: true, diffError: null });
    try {
      const d = await call(api().reports.diff({ workspace_id: w, project_id: p, from_id: from, to_id: to }));
      if (latest.get(key(w, p)) === id) patch(w, p, { diff: d, diffing: false });
    } catch (e) {
      if (latest.get(key(w, p)) === id) patch(w, p, { diff: null, diffing: false, diffError: UiError.from(e) });
    }
  };
  return {
    byKey: {},
    async load(w, p) {
      patch(w, p, { loading: true, error: null });
      try {
        const versions = await call(api().reports.versions({ workspace_id: w, project_id: p }));
        const kept = versionsOf(get(), w, p);
        const has = (id: number | null) => id !== null && versions.some((v) => v.id === id);
        // Newest first: by default, what changed from the one before the latest to the latest.
        patch(w, p, {
          versions,
          loading: false,
          to: has(kept.to) ? kept.to : (versions[0]?.id ?? null),
          from: has(kept.from) ? kept.from : (versions[1]?.id ?? null),
        });
        await diff(w, p);
      } catch (e) {
        patch(w, p, { loading: false, error: UiError.from(e) });
      }
    },
    async pick(w, p, which, id) {
      patch(w, p, which === 'from' ? { from: id } : { to: id });
      await diff(w, p);
    },
  };
});
