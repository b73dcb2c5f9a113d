import type { clipChannels } from '../../../shared/ipc/channels/clips';
import type { ClipExportService } from '../../clips/clip-export-service';
import type { ExactClipService } from '../../clips/exact-service';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the clip export service (clips/clip-export-service.ts) or its frame-exact half (clips/exact-service.ts). */
export function clipHandlers(d: { clips: ClipExportService; exact: ExactClipService }): HandlerMap<typeof clipChannels> {
  return {
    'clips.plan': (input) => d.clips.plan(input),
    'clips.export': (input) => d.clips.export(input),
    // One export id is one job, whichever path it took: cancelling it stops the keyframe export or the frame-exact one and removes what it wrote.
    'clips.cancel': (input) => d.clips.cancel(input),
    'clips.exactSource': (input) => d.exact.source(input),
    'clips.exactWrite': (input) => d.exact.write(input),
    'clips.exactFinish': (input) => d.exact.finish(input),
  };
}
