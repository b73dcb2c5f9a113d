import { isAppError } from '../errors';
import type { EventHub } from '../events';
import type { RuntimeManager } from '../workspaces/runtime';
import type { JobRegistry } from './job-registry';

type DownloadState = 'running' | 'done' | 'failed' | 'cancelled';

/**
 * Starts downloading one interview's video, or every video of a study, as a cancellable background job
 * and returns its id at once. Progress, and one closing event (done, failed or cancelled, with how far it
 * got), arrive as `videos.progress`.
 */
export async function startVideoDownload(
  d: { runtimes: Pick<RuntimeManager, 'get'>; jobs: JobRegistry; events: EventHub },
  target: { workspace_id: string; interview_id?: string | undefined; project_id?: string | undefined },
): Promise<{ job_id: string }> {
  const { workspace_id, interview_id, project_id } = target;
  const r = await d.runtimes.get(workspace_id);
  const job = d.jobs.start();
  // The last progress seen, so the closing event (cancelled, failed) says how far it got instead of 0.
  let last: { done: number; total: number | null } = { done: 0, total: null };
  const emit = (p: { interview_id: string | null; done: number; total: number | null; state: DownloadState; message: string | null }) => {
    if (p.state === 'running') last = { done: p.done, total: p.total };
    d.events.emit('videos.progress', { workspace_id, job_id: job.id, ...p });
  };
  const work = interview_id
    ? r.videos
        .download(interview_id, {
          signal: job.signal,
          onProgress: (p) => emit({ interview_id, done: p.done, total: p.total, state: 'running', message: null }),
        })
        .then(() => null)
    : r.videos
        .downloadProject(project_id!, {
          signal: job.signal,
          onProgress: (p) => emit({ interview_id: p.current?.interview_id ?? null, done: p.done, total: p.total, state: 'running', message: null }),
        })
        .then((res) => (res.failed.length ? `${res.failed.length} ${res.failed.length === 1 ? 'video' : 'videos'} could not be downloaded.` : null));
  work
    .then((message) =>
      // A whole-study download stops between videos when cancelled and returns what it did: still a cancel.
      job.signal.aborted
        ? emit({ interview_id: interview_id ?? null, ...last, state: 'cancelled', message })
        : emit({ interview_id: interview_id ?? null, done: 1, total: 1, state: 'done', message }),
    )
    .catch((e: unknown) =>
      emit({
        interview_id: interview_id ?? null,
        ...last,
        state: job.signal.aborted ? 'cancelled' : 'failed',
        message: isAppError(e) ? e.message : 'The download failed.',
      }),
    )
    .finally(job.done);
  return { job_id: job.id };
}
