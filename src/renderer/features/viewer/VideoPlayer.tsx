import './videojs-setup';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import { useEffect, useRef } from 'react';
import type { PlayerPort } from './playback-controller';
import { SPEEDS } from './player-keys';

export type VjsPlayer = ReturnType<typeof videojs>;

/** video.js in a div it owns (React never renders inside it), created once and disposed on unmount. */
export function VideoPlayer({ label, onReady }: { label: string; onReady: (player: VjsPlayer) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  useEffect(() => {
    const video = document.createElement('video-js');
    video.classList.add('vjs-fieldwork');
    host.current!.appendChild(video);
    const player = videojs(video, {
      controls: true,
      fill: true,
      preload: 'auto',
      playbackRates: [...SPEEDS],
      // The viewer shows its own message when a video can't play, and recovers from expired links itself.
      errorDisplay: false,
      bigPlayButton: true,
      controlBar: { pictureInPictureToggle: false, remainingTimeDisplay: false, currentTimeDisplay: true, timeDivider: true, durationDisplay: true },
      userActions: { hotkeys: false },
    });
    player.el().setAttribute('aria-label', label);
    player.ready(() => ready.current(player));
    return () => {
      player.dispose();
    };
    // The label only names the region; a new one never needs a new player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <div className="player-host" ref={host} data-vjs-player />;
}

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
