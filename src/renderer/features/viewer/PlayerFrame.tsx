import { lazy, Suspense } from 'react';
import { formatClock } from './active-turn';
import { UNREACHABLE_MESSAGE, type PlaybackState } from './playback-controller';
import type { VjsPlayer } from './player-port';

// video.js and its stylesheet (a third of the window's script) load with the first video shown, not at start.
const VideoPlayer = lazy(() => import('./VideoPlayer').then((m) => ({ default: m.VideoPlayer })));

/** The video, with what the viewer says over it when it cannot play (and Try again, when the service was out of reach) or is reconnecting. */
export function PlayerFrame({
  title,
  playback,
  endedBeforeMs,
  onReady,
  onRetry,
}: {
  title: string;
  playback: PlaybackState;
  /** The recording's length when the transcript is showing a later moment than the recording reaches. */
  endedBeforeMs: number | null;
  onReady: (player: VjsPlayer) => void;
  onRetry: () => void;
}) {
  return (
    <div className="player-frame" aria-busy={playback.kind !== 'ready'}>
      <Suspense fallback={<div className="player-host" />}>
        <VideoPlayer label={`Video of the interview with ${title}`} onReady={onReady} />
      </Suspense>
      {playback.kind === 'unavailable' && (
        <div className="player-message" role="alert">
          <p>{playback.message}</p>
          {playback.message === UNREACHABLE_MESSAGE && (
            <button type="button" className="btn btn-small" onClick={onRetry}>
              Try again
            </button>
          )}
        </div>
      )}
      {playback.kind === 'recovering' && (
        <div className="player-message player-message-quiet" role="status">
          <span className="spinner" aria-hidden="true" /> Reconnecting to the video…
        </div>
      )}
      {playback.kind === 'ready' && endedBeforeMs !== null && (
        <div className="player-message player-message-quiet" role="status">
          The recording ends at {formatClock(endedBeforeMs)}, before this part of the transcript. Read on below, or pick an earlier turn to watch.
        </div>
      )}
    </div>
  );
}

/** Under the player: its speed, and its keys. */
export function PlayerStatus({ rate }: { rate: number }) {
  return (
    <div className="player-status">
      <span className="muted">Speed</span>
      <span className="speed tabular" aria-live="polite" aria-label={`Speed ${rate}×`}>
        {Number.isInteger(rate) ? rate.toFixed(1) : String(rate)}×
      </span>
      <span className="muted player-hint">
        <kbd className="kbd">Space</kbd> play · <kbd className="kbd">J</kbd>/<kbd className="kbd">L</kbd> ±10 s · <kbd className="kbd">[</kbd>/
        <kbd className="kbd">]</kbd> speed · <kbd className="kbd">C</kbd> code · <kbd className="kbd">?</kbd> all
      </span>
    </div>
  );
}
