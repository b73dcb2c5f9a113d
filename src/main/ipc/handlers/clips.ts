import type { clipChannels } from '../../../shared/ipc/channels/clips';
import type { ClipExportService } from '../../clips/clip-export-service';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the clip export service (clips/clip-export-service.ts). */
export function clipHandlers(d: { clips: ClipExportService }): HandlerMap<typeof clipChannels> {
  return {
    'clips.plan': (input) => d.clips.plan(input),
    'clips.export': (input) => d.clips.export(input),
    'clips.cancel': (input) => d.clips.cancel(input),
  };
}
