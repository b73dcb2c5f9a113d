import { create } from 'zustand';
import type { CodeSegmentsView, CodeSegmentView, CodeView } from '../../../shared/ipc/channels/codes';
import type { ExportRunView } from '../../../shared/ipc/channels/exports';
import { useToasts } from '../../components/Toasts';
import { api, call, UiError } from '../../lib/api';
import { codebookKey, codebookOf, NO_CODES, useCodebooks, type Codebook, type CodePatch, type NewCodeInput } from './codebook-store';

/** Which of a code's segments are shown: by participant field, screener answer and coder (null: the researcher's own). */
export type SegmentFilter = {
  field?: { name: string; value: string };
  screener?: { id: string; answer: string };
  coder?: string | null;
};

/** How many segments one page brings; "Show more" asks for the next. */
export const SEGMENT_PAGE = 100;

export type CodesKey = { workspaceId: string; projectId: string };

type SegmentsState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  codeId: string | null;
  view: CodeSegmentsView | null;
  items: CodeSegmentView[];
  filter: SegmentFilter;
  error: UiError | null;
  /** Bumped by each new read, so an older answer arriving late is dropped. */
  seq: number;
};

export type ExportState = { status: 'idle' | 'running' | 'done' | 'failed'; folder: string | null; result: ExportRunView | null; error: UiError | null };

type CodesState = {
  key: CodesKey | null;
  selectedId: string | null;
  segments: SegmentsState;
  exporting: ExportState;
  /** Opens a study's codebook (keeps the selection when it is the same study). */
  open(key: CodesKey): Promise<void>;
  /** Reads the open study's codebook again (into the codebook store). */
  reload(): Promise<void>;
  select(id: string | null): Promise<void>;
  /** Each of these throws a UiError (with main's code: conflict, invalid_input, …) for the form to show at its field. */
  create(input: NewCodeInput): Promise<CodeView>;
  update(id: string, patch: CodePatch): Promise<CodeView>;
  merge(fromId: string, intoId: string): Promise<CodeView>;
  remove(id: string): Promise<number>;
  setFilter(filter: SegmentFilter): Promise<void>;
  loadMore(): Promise<void>;
  chooseExportFolder(): Promise<void>;
  exportSegments(formats: ('csv' | 'docx')[], includeParticipant: boolean): Promise<void>;
  showInFolder(path: string): Promise<void>;
  resetExport(): void;
};

const NO_SEGMENTS: SegmentsState = { status: 'idle', codeId: null, view: null, items: [], filter: {}, error: null, seq: 0 };
const NO_EXPORT: ExportState = { status: 'idle', folder: null, result: null, error: null };

const filterInput = (f: SegmentFilter) => ({
  ...(f.field ? { field: f.field } : {}),
  ...(f.screener ? { screener: f.screener } : {}),
  ...(f.coder !== undefined ? { coder: f.coder } : {}),
});

/**
 * The Codes view's data: which code is open, its segments, and a code's export, with their IPC calls. The
 * codebook itself is the codebook store's (codebook-store.ts): this store changes codes through it.
 */
export const useCodes = create<CodesState>((set, get) => {
  const ws = () => get().key!.workspaceId;
  /** The open study's codes, as the codebook store holds them. */
  const codes = (): CodeView[] => {
    const key = get().key;
    return key ? codebookOf(key.workspaceId, key.projectId).codes : [];
  };
  const book = useCodebooks.getState;
  // Cleared, but still counting: an answer to a read made before is still recognised as old.
  const noSegments = (): SegmentsState => ({ ...NO_SEGMENTS, seq: get().segments.seq + 1 });
  /** Reads a page of the open code's segments; `append` adds it to those shown. */
  const readSegments = async (codeId: string, filter: SegmentFilter, append: boolean) => {
    const seq = get().segments.seq + 1;
    const prev = get().segments;
    set({
      segments: { ...prev, status: 'loading', codeId, filter, error: null, seq, ...(append ? {} : prev.codeId === codeId ? {} : { view: null, items: [] }) },
    });
    try {
      const view = await call(
        api().codes.segments({
          workspace_id: ws(),
          id: codeId,
          ...filterInput(filter),
          offset: append ? get().segments.items.length : 0,
          limit: SEGMENT_PAGE,
          // A later page keeps the filters' choices the first page brought.
          facets: !append,
        }),
      );
      if (get().segments.seq !== seq) return;
      const items = append ? [...get().segments.items, ...view.segments] : view.segments;
      const kept = append ? { ...view, facets: view.facets ?? get().segments.view?.facets ?? null } : view;
      set({ segments: { status: 'ready', codeId, view: kept, items, filter, error: null, seq } });
    } catch (e) {
      if (get().segments.seq !== seq) return;
      set((s) => ({ segments: { ...s.segments, status: 'error', error: UiError.from(e) } }));
    }
  };
  /** After a change through the codebook store (which reloads the codebook): keep the selection if its code is still there. */
  const refreshAfterChange = async (selected: string | null) => {
    const still = selected && codes().some((c) => c.id === selected) ? selected : null;
    set({ selectedId: still });
    if (still) await readSegments(still, get().segments.codeId === still ? get().segments.filter : {}, false);
    else set({ segments: noSegments() });
  };
  return {
    key: null,
    selectedId: null,
    segments: NO_SEGMENTS,
    exporting: NO_EXPORT,
    async open(key) {
      const same = get().key?.workspaceId === key.workspaceId && get().key?.projectId === key.projectId;
      if (!same)
        set({
          key,
          selectedId: null,
          segments: noSegments(),
          exporting: { ...NO_EXPORT, folder: get().exporting.folder },
        });
      await get().reload();
      const sel = get().selectedId;
      if (sel && codes().some((c) => c.id === sel)) await readSegments(sel, get().segments.filter, false);
    },
    async reload() {
      const key = get().key;
      if (key) await book().load(key.workspaceId, key.projectId);
    },
    async select(id) {
      set({ selectedId: id, exporting: { ...NO_EXPORT, folder: get().exporting.folder } });
      const code = codes().find((c) => c.id === id);
      if (!id || !code || code.is_category) return set({ segments: noSegments() });
      await readSegments(id, get().segments.codeId === id ? get().segments.filter : {}, false);
    },
    async create(input) {
      const key = get().key!;
      const c = await book().create(key.workspaceId, key.projectId, input);
      await get().select(c.id);
      return c;
    },
    async update(id, patch) {
      const c = await book().update(ws(), get().key!.projectId, id, patch);
      await refreshAfterChange(get().selectedId);
      return c;
    },
    async merge(fromId, intoId) {
      const c = await book().merge(ws(), get().key!.projectId, fromId, intoId);
      await refreshAfterChange(get().selectedId === fromId ? intoId : get().selectedId);
      if (get().selectedId === intoId) await readSegments(intoId, {}, false);
      return c;
    },
    async remove(id) {
      const deleted_codings = await book().remove(ws(), get().key!.projectId, id);
      await refreshAfterChange(get().selectedId === id ? null : get().selectedId);
      return deleted_codings;
    },
    async setFilter(filter) {
      const id = get().segments.codeId;
      if (id) await readSegments(id, filter, false);
    },
    async loadMore() {
      const s = get().segments;
      if (!s.codeId || s.status === 'loading' || !s.view || s.items.length >= s.view.total) return;
      await readSegments(s.codeId, s.filter, true);
    },
    async chooseExportFolder() {
      const ex = get().exporting;
      set({ exporting: { ...ex, error: null } });
      try {
        const chosen = await call(api().exports.chooseFolder(ex.folder ? { default_path: ex.folder } : undefined));
        if (chosen) set({ exporting: { ...get().exporting, folder: chosen.folder, status: 'idle', result: null } });
      } catch (e) {
        set({ exporting: { ...get().exporting, error: UiError.from(e) } });
      }
    },
    async exportSegments(formats, includeParticipant) {
      const { exporting, segments } = get();
      if (!exporting.folder || !segments.codeId || exporting.status === 'running') return;
      set({ exporting: { ...exporting, status: 'running', result: null, error: null } });
      try {
        const result = await call(
          api().exports.codeSegments({
            workspace_id: ws(),
            code_id: segments.codeId,
            folder: exporting.folder,
            formats,
            include_participant: includeParticipant,
            ...filterInput(segments.filter),
          }),
        );
        set({ exporting: { ...get().exporting, status: 'done', result } });
      } catch (e) {
        set({ exporting: { ...get().exporting, status: 'failed', error: UiError.from(e) } });
      }
    },
    async showInFolder(path) {
      try {
        await call(api().app.showInFolder({ path }));
      } catch (e) {
        useToasts.getState().push({ tone: 'warning', key: 'codes-export', title: 'Could not show the export', body: UiError.from(e).message });
      }
    },
    resetExport() {
      set({ exporting: { ...NO_EXPORT, folder: get().exporting.folder } });
    },
  };
});

/** The open study's codebook, read from the codebook store. */
export function useOpenCodebook(): Codebook {
  const key = useCodes((s) => s.key);
  return useCodebooks((s) => (key ? s.books[codebookKey(key.workspaceId, key.projectId)] : undefined)) ?? NO_CODES;
}
