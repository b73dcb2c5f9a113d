import type { videoChannels } from '../../../shared/ipc/channels/videos';
import { isAppError } from '../../errors';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function videoHandlers(d: Pick<HandlerDeps, 'runtimes' | 'jobs' | 'events' | 'mediaUrl'>): HandlerMap<typeof videoChannels> {
  return {
    'videos.source': async ({ workspace_id, interview_id }) => {
      const src = await (await d.runtimes.get(workspace_id)).videos.source(interview_id);
      return src.kind === 'unavailable' ? src : { kind: src.kind, media_url: d.mediaUrl(workspace_id, interview_id) };
    },
    /** Starts a download in the background and returns at once; progress arrives as videos.progress events. */
    'videos.download': async ({ workspace_id, interview_id, project_id }) => {
      const r = await d.runtimes.get(workspace_id);
      const job = d.jobs.start();
      // The last progress seen, so the closing event (cancelled, failed) says how far it got instead of 0.
      let last: { done: number; total: number | null } = { done: 0, total: null };
      const emit = (p: {
        interview_id: string | null;
        done: number;
        total: number | null;
        state: 'running' | 'done' | 'failed' | 'cancelled';
        message: string | null;
      }) => {
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
            .then((res) => (res.failed.length ? `${res.failed.length} video(s) could not be downloaded.` : null));
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
    },
    'videos.cancel': async ({ job_id }) => d.jobs.cancel(job_id),
    'videos.usage': async ({ workspace_id }) => (await d.runtimes.get(workspace_id)).videos.usage(),
    'videos.remove': async ({ workspace_id, interview_id }) => (await d.runtimes.get(workspace_id)).videos.remove(interview_id),
  };
}
