/**
 * Where the clip export gets the media core's functions (cut.ts `cutClip`, reel.ts `joinClips`,
 * captions.ts `toWebVtt`, sound-only.ts `hasPicture`). They are loaded when a clip export runs, so other
 * commands start without mediabunny.
 */
import type { ClipMediaFns } from './export';

export async function loadClipMedia(): Promise<ClipMediaFns> {
  const [{ cutClip }, { joinClips }, { toWebVtt }, { hasPicture }] = await Promise.all([
    import('./cut'),
    import('./reel'),
    import('./captions'),
    import('./sound-only'),
  ]);
  return { cutClip, joinClips, toWebVtt, hasPicture };
}
