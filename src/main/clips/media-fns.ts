/**
 * Where the clip export gets the media core's functions (cut.ts `cutClip`, reel.ts `joinClips`,
 * captions.ts `toWebVtt`). They are loaded when a clip export runs, so other commands start without them.
 * The media core is written separately (issue 14 §1); until it is merged this says so instead of cutting.
 */
import { AppError } from '../errors';
import type { ClipMediaFns } from './export';

export async function loadClipMedia(): Promise<ClipMediaFns> {
  // Wired at merge: return { cutClip, joinClips, toWebVtt } imported from ./cut, ./reel and ./captions.
  return Promise.reject(
    new AppError(
      'clips_unavailable',
      'Cutting clips is not part of this build of Fieldwork yet (the video cutter is missing). Update Fieldwork, then export the clips again.',
    ),
  );
}
