import type { clipsExactChannels } from '../../../shared/ipc/channels/clips-exact';
import type { ExactClipService } from '../../clips/exact-service';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the frame-exact clip service (clips/exact-service.ts). */
export function clipsExactHandlers(d: { exact: ExactClipService }): HandlerMap<typeof clipsExactChannels> {
  return {
    'clipsExact.source': (input) => d.exact.source(input),
    'clipsExact.write': (input) => d.exact.write(input),
  };
}
