import './videojs-setup';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import { useEffect, useRef } from 'react';
import type { VjsPlayer } from './player-port';
import { SPEEDS } from './player-keys';

/**
 * video.js in a div it owns (React never renders inside it), created once and disposed on unmount. The viewer
 * loads this module when it first shows a video (PlayerFrame), so a window that never plays one never parses it.
 */
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
