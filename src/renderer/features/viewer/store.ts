import { create } from 'zustand';
import type { InterviewDetail, InterviewNeighbours } from '../../../shared/views';
import type { PlaybackView } from '../../../shared/ipc/channels/videos';
import { api, call, UiError } from '../../lib/api';
import type { InterviewFilters } from '../interviews/store';

export type InterviewLoad =
  { status: 'loading' } | { status: 'error'; error: UiError } | { status: 'missing' } | { status: 'ready'; interview: InterviewDetail };
/** "Save for offline" of one interview's video, as its button shows it. */
export type SaveState =
  { kind: 'idle' } | { kind: 'running'; jobId: string | null; done: number; total: number | null } | { kind: 'saved' } | { kind: 'error'; message: string };

type ViewerState = {
  /** Keyed by `${workspace}/${interview}`. */
  interviews: Record<string, InterviewLoad>;
  saves: Record<string, SaveState>;
  /** Reads the interview from the cache, from "loading" (Retry). */
  load(workspaceId: string, interviewId: string): Promise<void>;
  /** Reads the interview for a viewer that opens; the returned function forgets it, so the next opening starts afresh. */
  open(workspaceId: string, interviewId: string): () => void;
  /**
   * Follows this interview's video download for as long as its button shows (until the returned function
   * is called, which forgets it), starting from what the cache says: saved or not. The download itself
   * runs on in main.
   */
  watchSave(workspaceId: string, interviewId: string, saved: boolean): () => void;
  startSave(workspaceId: string, interviewId: string): Promise<void>;
  cancelSave(workspaceId: string, interviewId: string): Promise<void>;
};

const key = (w: string, i: string) => `${w}/${i}`;
const LOADING: InterviewLoad = { status: 'loading' };
const IDLE: SaveState = { kind: 'idle' };
export const interviewLoad = (s: ViewerState, w: string, i: string): InterviewLoad => s.interviews[key(w, i)] ?? LOADING;
const SAVED: SaveState = { kind: 'saved' };
/** Until the button follows the download, what the cache says. */
export const saveState = (s: ViewerState, w: string, i: string, saved: boolean): SaveState => s.saves[key(w, i)] ?? (saved ? SAVED : IDLE);

/** The read each viewer is waiting for: an older read answering late is dropped. */
const latest = new Map<string, number>();
let reads = 0;
/** The download job this viewer started, once main has answered with its id: progress of other jobs is not ours. */
const saveJobs = new Map<string, string>();

/** Where the player gets the video: the saved file, or a fresh link from the service. Throws a UiError. */
export async function videoSource(workspaceId: string, interviewId: string): Promise<PlaybackView> {
  try {
    return await call(api().videos.source({ workspace_id: workspaceId, interview_id: interviewId }));
  } catch (e) {
    throw UiError.from(e);
  }
}

/** The list Next and Previous walk: the Interviews list's filters (as the researcher left them), or the whole study when they leave this interview out. */
export type InterviewSequence = InterviewNeighbours & { filtered: boolean };

/** Where this interview sits in the Interviews list; throws a UiError. */
export async function interviewSequence(workspaceId: string, projectId: string, interviewId: string, f: InterviewFilters): Promise<InterviewSequence> {
  const base = { workspace_id: workspaceId, project_id: projectId, interview_id: interviewId };
  const text = f.text.trim();
  const filters = { ...(f.status ? { status: f.status } : {}), ...(f.screener ? { screener: f.screener } : {}), ...(text ? { text } : {}) };
  try {
    if (Object.keys(filters).length > 0) {
      const inList = await call(api().interviews.neighbours({ ...base, ...filters }));
      if (inList.position !== null) return { ...inList, filtered: true };
    }
    return { ...(await call(api().interviews.neighbours(base))), filtered: false };
  } catch (e) {
    throw UiError.from(e);
  }
}

export const useViewer = create<ViewerState>((set, get) => {
  const putLoad = (k: string, l: InterviewLoad) => set((s) => ({ interviews: { ...s.interviews, [k]: l } }));
  const putSave = (k: string, f: (prev: SaveState) => SaveState) => set((s) => ({ saves: { ...s.saves, [k]: f(s.saves[k] ?? IDLE) } }));
  const forget = (field: 'interviews' | 'saves', k: string) =>
    set((s) => {
      const { [k]: _gone, ...rest } = s[field];
      return { [field]: rest };
    });
  return {
    interviews: {},
    saves: {},
    async load(workspaceId, interviewId) {
      const k = key(workspaceId, interviewId);
      const id = ++reads;
      latest.set(k, id);
      putLoad(k, LOADING);
      try {
        const interview = await call(api().interviews.get({ workspace_id: workspaceId, interview_id: interviewId }));
        if (latest.get(k) === id) putLoad(k, interview ? { status: 'ready', interview } : { status: 'missing' });
      } catch (e) {
        if (latest.get(k) === id) putLoad(k, { status: 'error', error: UiError.from(e) });
      }
    },
    open(workspaceId, interviewId) {
      const k = key(workspaceId, interviewId);
      void get().load(workspaceId, interviewId);
      return () => {
        latest.delete(k);
        forget('interviews', k);
      };
    },
    watchSave(workspaceId, interviewId, saved) {
      const k = key(workspaceId, interviewId);
      saveJobs.delete(k);
      putSave(k, () => (saved ? SAVED : IDLE));
      const off = api().events.on('videos.progress', (p) => {
        const job = saveJobs.get(k);
        if (p.workspace_id !== workspaceId || p.interview_id !== interviewId || (job && p.job_id !== job)) return;
        if (p.state === 'running') putSave(k, () => ({ kind: 'running', jobId: p.job_id, done: p.done, total: p.total }));
        else if (p.state === 'done') putSave(k, () => ({ kind: 'saved' }));
        else if (p.state === 'cancelled') putSave(k, () => IDLE);
        else putSave(k, () => ({ kind: 'error', message: p.message ?? 'The download failed. Check your connection and try again.' }));
      });
      return () => {
        off();
        saveJobs.delete(k);
        forget('saves', k);
      };
    },
    async startSave(workspaceId, interviewId) {
      const k = key(workspaceId, interviewId);
      putSave(k, () => ({ kind: 'running', jobId: null, done: 0, total: null }));
      try {
        const { job_id } = await call(api().videos.download({ workspace_id: workspaceId, interview_id: interviewId }));
        saveJobs.set(k, job_id);
        if (get().saves[k]) putSave(k, (s) => (s.kind === 'running' ? { ...s, jobId: job_id } : s));
      } catch (e) {
        if (get().saves[k]) putSave(k, () => ({ kind: 'error', message: UiError.from(e).message }));
      }
    },
    async cancelSave(workspaceId, interviewId) {
      const job = saveJobs.get(key(workspaceId, interviewId));
      // The outcome arrives as videos.progress ("cancelled"); a refused cancel leaves the download running, as shown.
      if (job) await call(api().videos.cancel({ job_id: job })).catch(() => undefined);
    },
  };
});
