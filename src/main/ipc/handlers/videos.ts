import type { videoChannels } from '../../../shared/ipc/channels/videos';
import { startVideoDownload } from '../../jobs/video-downloads';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function videoHandlers(d: Pick<HandlerDeps, 'runtimes' | 'jobs' | 'events' | 'mediaUrl'>): HandlerMap<typeof videoChannels> {
  return {
    'videos.source': async ({ workspace_id, interview_id }) => {
      const src = await (await d.runtimes.get(workspace_id)).videos.source(interview_id);
      return src.kind === 'unavailable' ? src : { kind: src.kind, media_url: d.mediaUrl(workspace_id, interview_id) };
    },
    /** Starts a download in the background and returns at once; progress arrives as videos.progress events. */
    'videos.download': (input) => startVideoDownload(d, input),
    'videos.cancel': async ({ job_id }) => d.jobs.cancel(job_id),
    'videos.usage': async ({ workspace_id }) => (await d.runtimes.get(workspace_id)).videos.usage(),
    'videos.remove': async ({ workspace_id, interview_id }) => (await d.runtimes.get(workspace_id)).videos.remove(interview_id),
  };
}
