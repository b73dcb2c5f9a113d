import type { EventHub } from '../events';
import type { JobRegistry } from '../jobs/job-registry';
import { startVideoDownload } from '../jobs/video-downloads';
import type { RuntimeManager } from '../workspaces/runtime';
import type { DownloadProgress } from './video-store';

export type VideoServiceDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  jobs: JobRegistry;
  events: EventHub;
  /** The URL the renderer plays an interview's video from (Electron: fieldwork-media:, test host: /__fieldwork/media). */
  mediaUrl: (workspaceId: string, interviewId: string) => string;
};

/** Interview videos: where one plays from, downloads for offline playback (in the background or here and now), and the space they take. */
export function createVideoService(d: VideoServiceDeps) {
  const videos = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).videos;
  return {
    async source(workspaceId: string, interviewId: string) {
      const src = await (await videos(workspaceId)).source(interviewId);
      return src.kind === 'unavailable' ? src : { kind: src.kind, media_url: d.mediaUrl(workspaceId, interviewId) };
    },
    /** Starts a download in the background and returns at once; progress arrives as videos.progress events. */
    download: (target: { workspace_id: string; interview_id?: string | undefined; project_id?: string | undefined }) => startVideoDownload(d, target),
    cancel: async (jobId: string) => d.jobs.cancel(jobId),
    usage: async (workspaceId: string) => (await videos(workspaceId)).usage(),
    remove: async (workspaceId: string, interviewId: string) => (await videos(workspaceId)).remove(interviewId),
    /** Every video of a study, downloaded before it returns (the CLI's way), stopped with the workspace. */
    async downloadProject(workspaceId: string, projectId: string, onProgress: (p: { done: number; total: number; current: DownloadProgress | null }) => void) {
      const r = await d.runtimes.get(workspaceId);
      return r.videos.downloadProject(projectId, { signal: r.signal, onProgress });
    },
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
