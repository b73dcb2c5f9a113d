import { useEffect, type RefObject } from 'react';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import type { TranscriptRange } from '../highlights/store';
import type { PlaybackState } from './playback-controller';
import { isViewerSpace, playerAction, stepSpeed } from './player-keys';
import { readTranscriptSelection } from './selection';
import type { VjsPlayer } from './player-port';

type ViewerKeys = {
  player: VjsPlayer | null;
  /** The playback state as of now, not as of the last render. */
  playbackNow: RefObject<PlaybackState>;
  setTimeMs: (ms: number) => void;
  turns: readonly TranscriptTurn[];
  /** Codes a transcript range (opens the code picker on it). */
  highlight: (range: TranscriptRange) => void;
  stepInterview: (direction: -1 | 1) => void;
};

/**
 * The viewer's keys (player-keys.ts maps them). On the document in the capture phase, before the focused control
 * sees the key: the player's keys act wherever focus is, and Space never presses the last button or ticks the
 * last checkbox again.
 */
export function useViewerKeys({ player, playbackNow, setTimeMs, turns, highlight, stepInterview }: ViewerKeys): void {
  useEffect(() => {
    const modalOpen = () => document.querySelector('dialog[open]') !== null;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || modalOpen()) return;
      const action = playerAction(e);
      if (!action) return;
      if (action.kind === 'code') {
        // What is selected now, not what the last selectionchange left in state: H pressed straight after
        // selecting must highlight that selection.
        const range = readTranscriptSelection(turns, document.querySelector('.transcript-scroll'));
        if (!range) return;
        e.preventDefault();
        highlight(range);
        return;
      }
      if (action.kind === 'interview') {
        e.preventDefault();
        stepInterview(action.direction);
        return;
      }
      if (action.kind === 'toggle') {
        // Taken even while the video is not ready: Space on a focused button must not press it.
        e.preventDefault();
        e.stopPropagation();
      }
      if (!player || playbackNow.current.kind !== 'ready') return;
      e.preventDefault();
      if (action.kind === 'toggle') {
        if (player.paused()) void player.play()?.catch(() => undefined);
        else player.pause();
      } else if (action.kind === 'pause') player.pause();
      else if (action.kind === 'skip') {
        const duration = player.duration() ?? Infinity;
        const t = Math.max(0, Math.min((player.currentTime() ?? 0) + action.seconds, Number.isFinite(duration) ? duration : Infinity));
        player.currentTime(t);
        setTimeMs(Math.round(t * 1000));
      } else if (action.kind === 'speed') {
        // video.js answers playbackRate() from a cache updated on the (asynchronous) ratechange event, so
        // quick presses would step from a stale rate; the media element's own rate is current.
        const media = player.el().querySelector('video');
        player.playbackRate(stepSpeed(media?.playbackRate ?? player.playbackRate() ?? 1, action.direction));
      }
    };
    // Browsers press a button or tick a checkbox on Space's key up: that is kept from them too.
    const onKeyUp = (e: globalThis.KeyboardEvent) => {
      if (!modalOpen() && isViewerSpace(e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('keyup', onKeyUp, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('keyup', onKeyUp, true);
    };
    // playbackNow (a ref) and setTimeMs (a state setter) never change.
  }, [player, playbackNow, setTimeMs, turns, highlight, stepInterview]);
}
