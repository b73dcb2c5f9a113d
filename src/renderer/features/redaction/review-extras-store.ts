import { create } from 'zustand';
import type { RedactionInterviewView, RedactionMentionsView } from '../../../shared/ipc/channels/redaction';
import { useToasts } from '../../components/Toasts';
import { api, call, UiError } from '../../lib/api';
import type { RedactionKey } from './store';

type InterviewsState = {
  key: RedactionKey | null;
  items: RedactionInterviewView[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: UiError | null;
  /** Interviews whose mark is on its way to main. */
  saving: Record<string, true>;
  seq: number;
  load(key: RedactionKey): Promise<void>;
  mark(interviewId: string, reviewed: boolean): Promise<void>;
};

/**
 * The review's interviews (issue 21 §2): per interview what a redacted export replaces and leaves, and the
 * researcher's "reviewed" mark. Read again after each decision (the counts follow it); a late answer for an
 * older read is dropped.
 */
export const useReviewInterviews = create<InterviewsState>((set, get) => ({
  key: null,
  items: [],
  status: 'idle',
  error: null,
  saving: {},
  seq: 0,
  async load(key) {
    const same = get().key?.workspaceId === key.workspaceId && get().key?.projectId === key.projectId;
    const seq = get().seq + 1;
    set({ key, seq, status: 'loading', error: null, ...(same ? {} : { items: [], saving: {} }) });
    try {
      const r = await call(api().redaction.interviews({ workspace_id: key.workspaceId, project_id: key.projectId }));
      if (get().seq === seq) set({ items: r.interviews, status: 'ready' });
    } catch (e) {
      if (get().seq === seq) set({ status: 'error', error: UiError.from(e) });
    }
  },
  async mark(interviewId, reviewed) {
    const key = get().key;
    const before = get().items.find((i) => i.interview_id === interviewId);
    if (!key || !before) return;
    const put = (row: RedactionInterviewView) => set((s) => ({ items: s.items.map((i) => (i.interview_id === interviewId ? row : i)) }));
    // The box follows the click at once; main's answer (with its time and hash) replaces it, a refusal undoes it.
    put({ ...before, reviewed_at: reviewed ? new Date().toISOString() : null, changed_since_review: false });
    set((s) => ({ saving: { ...s.saving, [interviewId]: true } }));
    try {
      const row = await call(api().redaction.markReviewed({ workspace_id: key.workspaceId, project_id: key.projectId, interview_id: interviewId, reviewed }));
      if (get().key === key) put(row);
    } catch (e) {
      if (get().key === key) put(before);
      const code = before.code;
      useToasts.getState().push({ tone: 'danger', title: `${code} was not ${reviewed ? 'marked reviewed' : 'unmarked'}`, body: UiError.from(e).message });
    } finally {
      set((s) => {
        const { [interviewId]: _done, ...rest } = s.saving;
        return { saving: rest };
      });
    }
  },
}));

type MentionsState = {
  /** The term asked about, while its dialog is open. */
  text: string | null;
  result: RedactionMentionsView | null;
  error: UiError | null;
  find(key: RedactionKey, text: string): Promise<void>;
  close(): void;
};

/** "Find every mention": one term's places across the study, asked of main (the turns stay there). */
export const useMentions = create<MentionsState>((set, get) => ({
  text: null,
  result: null,
  error: null,
  async find(key, text) {
    set({ text, result: null, error: null });
    try {
      const r = await call(api().redaction.mentions({ workspace_id: key.workspaceId, project_id: key.projectId, text }));
      if (get().text === text) set({ result: r });
    } catch (e) {
      if (get().text === text) set({ error: UiError.from(e) });
    }
  },
  close: () => set({ text: null, result: null, error: null }),
}));
