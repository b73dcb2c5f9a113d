import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { transcriptMoment } from './past-end';
import { PlaybackController, type PlaybackState } from './playback-controller';
import { videoSource } from './store';
import { playerPort, type VjsPlayer } from './player-port';

/**
 * The viewer's video: the player once video.js is ready, the controller that loads the source into it, and
 * where the viewer is (the playhead, whether the transcript follows it, the speed, the video's length).
 */
export function useViewerPlayback(workspaceId: string, interviewId: string, atMs: number | null, turns: readonly TranscriptTurn[]) {
  const [timeMs, setTimeMs] = useState(atMs ?? 0);
  const [follow, setFollow] = useState(true);
  const [rate, setRate] = useState(1);
  const [playback, setPlayback] = useState<PlaybackState>({ kind: 'loading' });
  const [player, setPlayer] = useState<VjsPlayer | null>(null);
  const controller = useRef<PlaybackController | null>(null);
  // The playback state as of now, for keys: a key pressed the moment the video becomes ready acts on it,
  // before React has re-rendered.
  const playbackNow = useRef<PlaybackState>({ kind: 'loading' });
  const [videoMs, setVideoMs] = useState<number | null>(null);
  // The last moment asked for (opening at a hit, a click on a turn) until the player has settled on it.
  const requested = useRef<number | null>(atMs);
  // Without a video length (no recording, not loaded yet), the transcript's last time stands in for it.
  const transcriptMs = useMemo(() => Math.max(0, ...turns.map((t) => t.end_ms ?? t.start_ms ?? 0)), [turns]);
  const durationMs = videoMs ?? (transcriptMs > 0 ? transcriptMs : null);

  // The player exists once video.js is ready; the controller loads the source into it.
  useEffect(() => {
    if (!player) return;
    const c = new PlaybackController({
      player: playerPort(player),
      fetchSource: () => videoSource(workspaceId, interviewId),
      onState: (s) => {
        playbackNow.current = s;
        setPlayback(s);
      },
    });
    controller.current = c;
    const onTime = () => {
      c.noteProgress();
      const d = player.duration();
      const length = d !== undefined && Number.isFinite(d) && d > 0 ? Math.round(d * 1000) : null;
      const at = transcriptMoment(Math.round((player.currentTime() ?? 0) * 1000), length, requested.current);
      requested.current = at.requestedMs;
      setTimeMs(at.ms);
    };
    const onError = () => {
      player.error(null);
      void c.recover();
    };
    const onRate = () => setRate(player.playbackRate() ?? 1);
    const onDuration = () => {
      const d = player.duration();
      setVideoMs(d !== undefined && Number.isFinite(d) && d > 0 ? Math.round(d * 1000) : null);
    };
    player.on(['durationchange', 'loadedmetadata'], onDuration);
    const onWaiting = () => c.noteWaiting();
    player.on(['timeupdate', 'seeked', 'play', 'pause'], onTime);
    player.on('error', onError);
    player.on('ratechange', onRate);
    player.on(['waiting', 'stalled'], onWaiting);
    void c.start(atMs);
    return () => {
      c.dispose();
      player.off(['timeupdate', 'seeked', 'play', 'pause'], onTime);
      player.off('error', onError);
      player.off('ratechange', onRate);
      player.off(['durationchange', 'loadedmetadata'], onDuration);
      player.off(['waiting', 'stalled'], onWaiting);
    };
    // atMs is the opening position; later changes seek instead (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [player, workspaceId, interviewId]);

  const firstAt = useRef(atMs);
  useEffect(() => {
    if (atMs === firstAt.current || atMs === null || !player) return;
    firstAt.current = atMs;
    requested.current = atMs;
    player.currentTime(atMs / 1000);
    setTimeMs(atMs);
    setFollow(true);
  }, [atMs, player]);

  const seekMs = useCallback(
    (ms: number) => {
      setTimeMs(ms);
      setFollow(true);
      requested.current = ms;
      if (player && playback.kind === 'ready') player.currentTime(ms / 1000);
    },
    [player, playback.kind],
  );

  return {
    player,
    setPlayer,
    playback,
    playbackNow,
    retry: () => void controller.current?.retry(),
    timeMs,
    setTimeMs,
    follow,
    setFollow,
    rate,
    durationMs,
    /** The recording's own length, once known; the transcript may run longer. */
    videoMs,
    seekMs,
  };
}
