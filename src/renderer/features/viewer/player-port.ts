import type videojs from 'video.js';
import type { PlayerPort } from './playback-controller';

export type VjsPlayer = ReturnType<typeof videojs>;

/** The controller's view of a video.js player. */
export function playerPort(p: VjsPlayer): PlayerPort {
  return {
    currentTime: () => p.currentTime() ?? 0,
    seek: (s) => void p.currentTime(s),
    paused: () => p.paused(),
    load: (url) => {
      p.error(null);
      // The type only steers video.js's source choice (main's URLs have no extension); Chromium sniffs the
      // actual container, so an MP4 from the service still plays.
      p.src({ src: url, type: 'video/webm' });
    },
    play: () => void p.play()?.catch(() => undefined),
    onceLoaded: (cb) => p.one('loadedmetadata', cb),
  };
}
