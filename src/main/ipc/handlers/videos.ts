import type { videoChannels } from '../../../shared/ipc/channels/videos';
import type { VideoService } from '../../media/video-service';
import type { HandlerMap } from '../dispatcher';

export function videoHandlers(d: { videos: VideoService }): HandlerMap<typeof videoChannels> {
  return {
    'videos.source': async ({ workspace_id, interview_id }) => d.videos.source(workspace_id, interview_id),
    /** Starts a download in the background and returns at once; progress arrives as videos.progress events. */
    'videos.download': (input) => d.videos.download(input),
    'videos.cancel': async ({ job_id }) => d.videos.cancel(job_id),
    'videos.usage': async ({ workspace_id }) => d.videos.usage(workspace_id),
    'videos.remove': async ({ workspace_id, interview_id }) => d.videos.remove(workspace_id, interview_id),
  };
}
