import { create } from 'zustand';
import type { QuestionGrid } from '../../../shared/ipc/channels/grid';
import { api, call, UiError } from '../../lib/api';

export type GridSlice = {
  grid: QuestionGrid | null;
  loading: boolean;
  error: UiError | null;
  /** The grouping asked for: a participant field name or `screener:ID`; null for none. */
  by: string | null;
  /** When grouped: the one group shown, or null for every group. */
  only: string | null;
  /** The cell open in the detail dialog: row (in the shown rows) and column. */
  active: { row: number; col: number };
  exporting: 'csv' | 'docx' | null;
  exported: { file: string } | null;
  exportError: UiError | null;
};

const EMPTY: GridSlice = {
  grid: null,
  loading: false,
  error: null,
  by: null,
  only: null,
  active: { row: 0, col: 0 },
  exporting: null,
  exported: null,
  exportError: null,
};

type GridState = {
  byKey: Record<string, GridSlice>;
  load(workspaceId: string, projectId: string, by?: string | null): Promise<void>;
  setOnly(workspaceId: string, projectId: string, only: string | null): void;
  setActive(workspaceId: string, projectId: string, active: { row: number; col: number }): void;
  /** Builds the grid again when a sync of the workspace finishes (it may have brought interviews); returns the unsubscribe. */
  attach(workspaceId: string, projectId: string): () => void;
  /** Asks for a folder (the OS dialog), then writes the grid there as CSV or DOCX. */
  exportTo(workspaceId: string, projectId: string, format: 'csv' | 'docx'): Promise<void>;
};

const key = (w: string, p: string) => `${w}/${p}`;
export const gridSlice = (s: GridState, w: string, p: string): GridSlice => s.byKey[key(w, p)] ?? EMPTY;

/** The question grid per study: built in main from the saved data, regrouped on request, exported to a picked folder. */
export const useGrid = create<GridState>((set, get) => {
  const patch = (w: string, p: string, part: Partial<GridSlice>) => set((s) => ({ byKey: { ...s.byKey, [key(w, p)]: { ...gridSlice(s, w, p), ...part } } }));
  return {
    byKey: {},
    async load(w, p, by) {
      const cur = gridSlice(get(), w, p);
      const want = by === undefined ? cur.by : by;
      patch(w, p, { loading: true, error: null, by: want, ...(want !== cur.by ? { only: null, active: { row: 0, col: 0 } } : {}) });
      try {
        const grid = await call(api().grid.build({ workspace_id: w, project_id: p, by: want }));
        // A later request (another grouping chosen meanwhile) wins.
        if (gridSlice(get(), w, p).by !== want) return;
        // Marks for measuring first paint (the grid view marks when the window of cells is painted).
        performance.mark('fieldwork:grid-data');
        patch(w, p, { grid, loading: false });
      } catch (e) {
        if (gridSlice(get(), w, p).by !== want) return;
        patch(w, p, { loading: false, error: UiError.from(e) });
      }
    },
    attach: (w, p) =>
      api().events.on('sync.finished', (e) => {
        if (e.workspace_id === w && e.ok) void get().load(w, p);
      }),
    setOnly: (w, p, only) => patch(w, p, { only, active: { row: 0, col: 0 } }),
    setActive: (w, p, active) => patch(w, p, { active }),
    async exportTo(w, p, format) {
      const cur = gridSlice(get(), w, p);
      if (cur.exporting) return;
      patch(w, p, { exporting: format, exported: null, exportError: null });
      try {
        const last = await call(api().exports.lastFolder());
        const chosen = await call(api().exports.chooseFolder(last.folder ? { default_path: last.folder } : undefined));
        if (!chosen) return patch(w, p, { exporting: null });
        const result = await call(api().grid.export({ workspace_id: w, project_id: p, by: cur.by, format, folder: chosen.folder }));
        patch(w, p, { exporting: null, exported: { file: result.file } });
      } catch (e) {
        patch(w, p, { exporting: null, exportError: UiError.from(e) });
      }
    },
  };
});
