import { create } from 'zustand';
import type {
  RedactionDecisionFilter,
  RedactionKind,
  RedactionReviewPage,
  RedactionReviewTermView,
  RedactionTermView,
} from '../../../shared/ipc/channels/redaction';
import { useToasts } from '../../components/Toasts';
import { api, call, UiError } from '../../lib/api';

/** How many terms one page brings; "Show more" asks for the next. */
export const TERM_PAGE = 100;

export type RedactionKey = { workspaceId: string; projectId: string };
/** `possible`: only the terms the scan was unsure of, most at risk first. */
export type ReviewFilter = { kind?: RedactionKind; decision?: RedactionDecisionFilter; query: string; possible?: boolean };
export type Decision = 'accept' | 'reject' | null;

/** The review's meta (counts, warning) without its terms, which the store keeps as `items` across pages. */
export type ReviewMeta = Omit<RedactionReviewPage, 'terms'>;

type RedactionState = {
  key: RedactionKey | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Interviews in the study, known before the first scan answers ("Scanning 24 interviews…"). */
  scanning: number | null;
  meta: ReviewMeta | null;
  items: RedactionReviewTermView[];
  filter: ReviewFilter;
  error: UiError | null;
  /** Terms whose decision is on its way to main ("kind\0term"). */
  saving: Record<string, true>;
  terms: RedactionTermView[];
  /** Bumped by each new read, so an older answer arriving late is dropped. */
  seq: number;
  /**
   * Bumped by each decision and own term the researcher makes here: what an export does changes, so the per-interview
   * counts are read again (and not on every filter or page read, which change nothing there).
   */
  changes: number;
  open(key: RedactionKey): Promise<void>;
  setFilter(filter: ReviewFilter): Promise<void>;
  loadMore(): Promise<void>;
  reload(): Promise<void>;
  decide(t: RedactionReviewTermView, decision: Decision): Promise<void>;
  /** Every term the filters keep, on every page; how many were decided. */
  decideAll(decision: 'accept' | 'reject'): Promise<number>;
  /** Throws a UiError (invalid_input…) for the form to show at its field. */
  addTerm(text: string): Promise<void>;
  removeTerm(text: string): Promise<void>;
};

export const termKey = (t: { kind: RedactionKind; term: string }) => `${t.kind}\u0000${t.term}`;
const filterInput = (f: ReviewFilter) => ({
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.decision ? { decision: f.decision } : {}),
  ...(f.query.trim() ? { query: f.query.trim() } : {}),
  ...(f.possible ? { possible: true } : {}),
});
const NO_FILTER: ReviewFilter = { query: '' };

/** The Redaction view's data: the review's pages of terms, the decisions and the researcher's own terms. Owns its IPC calls. */
export const useRedaction = create<RedactionState>((set, get) => {
  const ids = () => ({ workspace_id: get().key!.workspaceId, project_id: get().key!.projectId });
  // Each decision made here, by term, with when (a counter): a page read that was already on its way when the
  // researcher pressed Redact or Keep answers with the decision before it, and must not undo what they see.
  let tick = 0;
  const made = new Map<string, { decision: Decision; tick: number }>();
  /** The counts again, the list untouched: after a page read answered with decisions older than the screen's. */
  const refreshCounts = async () => {
    const seq = get().seq;
    try {
      const { terms: _one, ...meta } = await call(api().redaction.review({ ...ids(), ...filterInput(get().filter), offset: 0, limit: 1 }));
      if (get().seq === seq) set({ meta });
    } catch {
      // The counts stay as they were; the next read brings them.
    }
  };
  /** Reads a page of terms; `append` adds it to those shown. */
  const read = async (filter: ReviewFilter, append: boolean) => {
    const seq = get().seq + 1;
    const startedAt = ++tick;
    set({ status: 'loading', filter, error: null, seq });
    try {
      const page = await call(api().redaction.review({ ...ids(), ...filterInput(filter), offset: append ? get().items.length : 0, limit: TERM_PAGE }));
      if (get().seq !== seq) return;
      const { terms: answered, ...meta } = page;
      let stale = false;
      const terms = answered.map((t) => {
        const m = made.get(termKey(t));
        if (!m || m.tick < startedAt || m.decision === t.decision) return t;
        stale = true;
        return { ...t, decision: m.decision };
      });
      set({ status: 'ready', meta, items: append ? [...get().items, ...terms] : terms, scanning: meta.interviews });
      if (stale) void refreshCounts();
    } catch (e) {
      if (get().seq !== seq) return;
      set({ status: 'error', error: UiError.from(e) });
    }
  };
  const readTerms = async () => {
    const key = get().key;
    const r = await call(api().redaction.decisions(ids()));
    if (get().key === key) set({ terms: r.terms });
  };
  /** The terms shown, with one of them changed in place (a decision shows at once, the list does not jump). */
  const patchItem = (key: string, decision: Decision) => set((s) => ({ items: s.items.map((t) => (termKey(t) === key ? { ...t, decision } : t)) }));
  return {
    key: null,
    status: 'idle',
    scanning: null,
    meta: null,
    items: [],
    filter: NO_FILTER,
    error: null,
    saving: {},
    terms: [],
    seq: 0,
    changes: 0,
    async open(key) {
      const same = get().key?.workspaceId === key.workspaceId && get().key?.projectId === key.projectId;
      if (!same) set({ key, meta: null, items: [], filter: NO_FILTER, terms: [], scanning: null, saving: {} });
      // How many interviews the scan reads, for its busy line; the scan itself may take seconds on a big study.
      if (get().scanning === null) {
        void call(api().interviews.list({ workspace_id: key.workspaceId, project_id: key.projectId, limit: 1 }))
          .then((r) => {
            if (get().key === key && get().meta === null) set({ scanning: r.total });
          })
          .catch(() => {});
      }
      await Promise.all([read(get().filter, false), readTerms().catch(() => {})]);
    },
    setFilter: (filter) => read(filter, false),
    loadMore: () => read(get().filter, true),
    reload: () => read(get().filter, false),
    async decide(t, decision) {
      const key = termKey(t);
      const before = t.decision;
      made.set(key, { decision, tick: ++tick });
      patchItem(key, decision);
      set((s) => ({ saving: { ...s.saving, [key]: true } }));
      try {
        await call(api().redaction.decide({ ...ids(), kind: t.kind, text: t.text, decision }));
      } catch (e) {
        made.set(key, { decision: before, tick: ++tick });
        patchItem(key, before);
        useToasts.getState().push({ tone: 'danger', title: `Your choice for “${t.text}” was not saved`, body: UiError.from(e).message });
      } finally {
        set((s) => {
          const { [key]: _done, ...rest } = s.saving;
          return { saving: rest };
        });
      }
      set((s) => ({ changes: s.changes + 1 }));
      // The counts (To review, Redacted, Kept) follow without moving the list.
      const meta = get().meta;
      if (meta && before !== decision) {
        const by = { ...meta.counts_by_decision };
        by[before ?? 'undecided']--;
        by[decision ?? 'undecided']++;
        set({ meta: { ...meta, counts_by_decision: by } });
      }
    },
    async decideAll(decision) {
      const r = await call(api().redaction.decideAll({ ...ids(), filter: filterInput(get().filter), decision }));
      set((s) => ({ changes: s.changes + 1 }));
      await read(get().filter, false);
      return r.decided;
    },
    async addTerm(text) {
      await call(api().redaction.addTerm({ ...ids(), text }));
      set((s) => ({ changes: s.changes + 1 }));
      // The scan finds it on its next read: the list and the counts show where it occurs. The form is free again
      // once the term is kept (that read may take a while on a big study).
      void read(get().filter, false);
      await readTerms();
    },
    async removeTerm(text) {
      try {
        await call(api().redaction.removeTerm({ ...ids(), text }));
      } catch (e) {
        useToasts.getState().push({ tone: 'danger', title: `“${text}” was not removed`, body: UiError.from(e).message });
        return;
      }
      set((s) => ({ changes: s.changes + 1 }));
      void read(get().filter, false);
      await readTerms();
    },
  };
});
