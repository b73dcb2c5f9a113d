import { create } from 'zustand';
import { api, call, UiError } from '../../lib/api';

export type DownloadJob = {
  jobId: string;
  workspaceId: string;
  projectId: string | null;
  /** The interview a single download is for; null for "download all". */
  interviewId: string | null;
  /** Who the video is of, for messages about a single download. */
  label: string | null;
  /** The interview being fetched right now (for "download all", the current one). */
  current: string | null;
  /** Single: bytes. All: interviews finished so far. */
  done: number;
  total: number | null;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  message: string | null;
};

type DownloadState = {
  jobs: Record<string, DownloadJob>;
  /** Bumped whenever a video lands (or a job ends), so lists reload their "available offline" marks. */
  landed: number;
  error: UiError | null;
  start(workspaceId: string, target: { projectId: string; interviewId?: string; label?: string }): Promise<void>;
  cancel(jobId: string): Promise<void>;
  dismiss(jobId: string): void;
};

let listening = false;

/**
 * Offline video downloads. Main runs them in the background and reports `videos.progress`; this keeps
 * them here rather than in a component, so they carry on (and stay cancellable) across navigation.
 */
export const useDownloads = create<DownloadState>((set, get) => {
  const listen = () => {
    if (listening) return;
    listening = true;
    api().events.on('videos.progress', (p) => {
      const prev = get().jobs[p.job_id];
      // Progress can arrive before videos.download has answered with the job id: keep it and merge later.
      const base: DownloadJob = prev ?? {
        jobId: p.job_id,
        workspaceId: p.workspace_id,
        projectId: null,
        interviewId: null,
        label: null,
        current: null,
        done: 0,
        total: null,
        state: 'running',
        message: null,
      };
      const all = base.interviewId === null && prev !== undefined;
      const next: DownloadJob = {
        ...base,
        current: p.state === 'running' ? (p.interview_id ?? base.current) : null,
        done: p.state === 'done' && !all ? (base.total ?? p.done) : p.state === 'done' ? (base.total ?? base.done) : p.done,
        total: p.state === 'done' ? base.total : (p.total ?? base.total),
        state: p.state,
        message: p.message,
      };
      const finishedOne = all && p.state === 'running' && p.done > base.done;
      set((s) => ({ jobs: { ...s.jobs, [p.job_id]: next }, landed: finishedOne || p.state !== 'running' ? s.landed + 1 : s.landed }));
    });
  };
  return {
    jobs: {},
    landed: 0,
    error: null,
    async start(workspaceId, target) {
      listen();
      set({ error: null });
      try {
        const { job_id } = await call(
          api().videos.download(
            target.interviewId ? { workspace_id: workspaceId, interview_id: target.interviewId } : { workspace_id: workspaceId, project_id: target.projectId },
          ),
        );
        set((s) => {
          const early = s.jobs[job_id];
          const job: DownloadJob = {
            jobId: job_id,
            workspaceId,
            projectId: target.projectId,
            interviewId: target.interviewId ?? null,
            label: target.label ?? null,
            current: early?.current ?? target.interviewId ?? null,
            done: early?.done ?? 0,
            total: early?.total ?? null,
            state: early?.state ?? 'running',
            message: early?.message ?? null,
          };
          return { jobs: { ...s.jobs, [job_id]: job } };
        });
      } catch (e) {
        set({ error: UiError.from(e) });
      }
    },
    async cancel(jobId) {
      try {
        await call(api().videos.cancel({ job_id: jobId }));
      } catch (e) {
        set({ error: UiError.from(e) });
      }
    },
    dismiss(jobId) {
      set((s) => {
        const { [jobId]: _gone, ...rest } = s.jobs;
        return { jobs: rest };
      });
    },
  };
});

/** The job downloading every video of a project, if one is running or just ended. */
export function projectJob(jobs: Record<string, DownloadJob>, workspaceId: string, projectId: string): DownloadJob | null {
  const mine = Object.values(jobs).filter((j) => j.workspaceId === workspaceId && j.projectId === projectId && j.interviewId === null);
  return mine.find((j) => j.state === 'running') ?? mine.at(-1) ?? null;
}

/** The running job fetching this interview's video, single or part of "download all". */
export function interviewJob(jobs: Record<string, DownloadJob>, workspaceId: string, interviewId: string): DownloadJob | null {
  return (
    Object.values(jobs).find((j) => j.workspaceId === workspaceId && j.state === 'running' && (j.interviewId === interviewId || j.current === interviewId)) ??
    null
  );
}
