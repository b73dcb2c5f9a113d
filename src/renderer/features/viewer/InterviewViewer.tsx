import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InterviewDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { ErrorNote } from '../../components/ErrorNote';
import { formatDate } from '../../lib/format';
import { tablistKeys } from '../../lib/tablist-keys';
import { exportInterview } from '../exports/open-export';
import { InterviewHighlights } from '../highlights/InterviewHighlights';
import { requestCoding } from '../highlights/request-coding';
import { useCodebook, useHighlights, useInterviewHighlights, type TranscriptRange } from '../highlights/store';
import { useResearcherName } from '../settings/store';
import { activeTurnAt, startIndex } from './active-turn';
import { InterviewDetails } from './details/InterviewDetails';
import { PlaybackController, UNREACHABLE_MESSAGE, type PlaybackState } from './playback-controller';
import { isViewerSpace, playerAction, stepSpeed } from './player-keys';
import { InterviewStepper, useInterviewSequence } from './InterviewStepper';
import { readTranscriptSelection } from './selection';
import { SaveOffline } from './SaveOffline';
import { StimulusPanel } from './StimulusPanel';
import { onScreenAt } from './stimulus-timeline';
import { interviewLoad, useViewer, videoSource } from './store';
import { HighlightTimeline } from './HighlightTimeline';
import { Transcript } from './Transcript';
import { SelectedCoding } from './SelectedCoding';
import { marginLanes, turnMarks } from './transcript-marks';
import { useInterviewStimuli } from './use-interview-stimuli';
import { playerPort, VideoPlayer, type VjsPlayer } from './VideoPlayer';
import './viewer.css';

type Props = { workspace: WorkspaceSummary; projectId: string; interviewId: string; atMs: number | null };

/** One interview: the video on the left with details and highlights under it, the transcript on the right. */
export function InterviewViewer({ workspace, projectId, interviewId, atMs }: Props) {
  const load = useViewer((s) => interviewLoad(s, workspace.id, interviewId));
  const open = useViewer((s) => s.open);
  const retry = useViewer((s) => s.load);
  useEffect(() => open(workspace.id, interviewId), [workspace.id, interviewId, open]);

  if (load.status === 'loading')
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Opening interview…
      </p>
    );
  if (load.status === 'error')
    return (
      <section className="screen">
        <ErrorNote error={load.error} onRetry={() => void retry(workspace.id, interviewId)} />
      </section>
    );
  if (load.status === 'missing')
    return (
      <section className="screen">
        <p className="empty">This interview is not in the saved data. Sync the study to fetch it, then open it again.</p>
      </section>
    );
  return <ViewerReady workspace={workspace} projectId={projectId} interview={load.interview} atMs={atMs} />;
}

const TABS = [
  { id: 'details', label: 'Participant & screener' },
  { id: 'highlights', label: 'Highlights' },
] as const;

function ViewerReady({
  workspace,
  projectId,
  interview,
  atMs,
}: {
  workspace: WorkspaceSummary;
  projectId: string;
  interview: InterviewDetail;
  atMs: number | null;
}) {
  const turns = interview.transcript;
  const starts = useMemo(() => startIndex(turns), [turns]);
  const [timeMs, setTimeMs] = useState(atMs ?? 0);
  const [follow, setFollow] = useState(true);
  const [rate, setRate] = useState(1);
  const [playback, setPlayback] = useState<PlaybackState>({ kind: 'loading' });
  const [selection, setSelection] = useState<TranscriptRange | null>(null);
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('details');
  const [player, setPlayer] = useState<VjsPlayer | null>(null);
  const controller = useRef<PlaybackController | null>(null);
  // The playback state as of now, for keys: a key pressed the moment the video becomes ready acts on it,
  // before React has re-rendered.
  const playbackNow = useRef<PlaybackState>({ kind: 'loading' });
  const highlights = useInterviewHighlights(workspace.id, interview.id);
  const marks = useMemo(() => turnMarks(turns, highlights), [turns, highlights]);
  const lanes = useMemo(() => marginLanes(highlights).lanes, [highlights]);
  const codings = useMemo(() => new Map(highlights.map((h) => [h.id, h])), [highlights]);
  const researcherName = useResearcherName();
  // The study's codebook, loaded with the interview: the picker then opens with its numbers ready for 1–9.
  useCodebook(workspace.id, projectId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // A coding removed (here or elsewhere) is no longer selected.
  const selectedCoding = selectedId === null ? null : (codings.get(selectedId) ?? null);
  const updateHighlight = useHighlights((s) => s.update);
  const removeHighlight = useHighlights((s) => s.remove);
  const [videoMs, setVideoMs] = useState<number | null>(null);
  // Without a video length (no recording, not loaded yet), the transcript's last time stands in for it.
  const transcriptMs = useMemo(() => Math.max(0, ...turns.map((t) => t.end_ms ?? t.start_ms ?? 0)), [turns]);
  const durationMs = videoMs ?? (transcriptMs > 0 ? transcriptMs : null);
  const activeIndex = useMemo(() => activeTurnAt(starts, timeMs), [starts, timeMs]);

  // In a STIMULI study: what the participant had on screen where the researcher is: the playhead's turn, or
  // once they scroll the transcript themselves, the turn they are reading.
  const stimuli = useInterviewStimuli(workspace.id, projectId, turns);
  const [readingIndex, setReadingIndex] = useState<number | null>(null);
  useEffect(() => {
    if (follow) setReadingIndex(null);
  }, [follow]);
  const positionIndex = follow || readingIndex === null ? activeIndex : readingIndex;
  const onScreen = useMemo(() => (stimuli.ctx ? onScreenAt(stimuli.ctx, positionIndex) : null), [stimuli.ctx, positionIndex]);
  const stimulusMarks = useMemo(() => {
    const ctx = stimuli.ctx;
    if (!ctx) return undefined;
    return new Map([...ctx.shownFrom].map(([turn, shown]) => [turn, shown.map((s) => ctx.labels.get(s.stimuli_id) ?? 'Stimulus')]));
  }, [stimuli.ctx]);
  const showsStimuli = stimuli.ctx !== null || stimuli.error !== null;

  // The player exists once video.js is ready; the controller loads the source into it.
  useEffect(() => {
    if (!player) return;
    const c = new PlaybackController({
      player: playerPort(player),
      fetchSource: () => videoSource(workspace.id, interview.id),
      onState: (s) => {
        playbackNow.current = s;
        setPlayback(s);
      },
    });
    controller.current = c;
    const onTime = () => {
      c.noteProgress();
      setTimeMs(Math.round((player.currentTime() ?? 0) * 1000));
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
  }, [player, workspace.id, interview.id]);

  const firstAt = useRef(atMs);
  useEffect(() => {
    if (atMs === firstAt.current || atMs === null || !player) return;
    firstAt.current = atMs;
    player.currentTime(atMs / 1000);
    setTimeMs(atMs);
    setFollow(true);
  }, [atMs, player]);

  const seekMs = useCallback(
    (ms: number) => {
      setTimeMs(ms);
      setFollow(true);
      if (player && playback.kind === 'ready') player.currentTime(ms / 1000);
    },
    [player, playback.kind],
  );
  const onSeekTurn = useCallback((t: TranscriptTurn) => t.start_ms !== null && seekMs(t.start_ms), [seekMs]);

  const codingCtx = useMemo(() => ({ workspaceId: workspace.id, projectId, interviewId: interview.id }), [workspace.id, projectId, interview.id]);
  const highlight = useCallback(
    (range: TranscriptRange | null = selection) => {
      if (range) requestCoding({ ctx: codingCtx, kind: 'new', range });
    },
    [selection, codingCtx],
  );
  /** The selected coding takes the words selected now (read at the click, not from the last selectionchange). */
  const moveCoding = async () => {
    const range = readTranscriptSelection(turns, document.querySelector('.transcript-scroll')) ?? selection;
    if (!selectedCoding || !range) return;
    await updateHighlight(workspace.id, selectedCoding.id, { range });
    document.getSelection()?.removeAllRanges();
  };

  const sequence = useInterviewSequence(workspace.id, projectId, interview.id);
  const stepInterview = sequence.go;

  // On the document in the capture phase, before the focused control sees the key: the player's keys act
  // wherever focus is, and Space never presses the last button or ticks the last checkbox again.
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
  }, [player, turns, highlight, stepInterview]);

  const title = interview.participant_name ?? 'Unnamed participant';
  const stateNotes = interviewStateNotes(interview);
  const onTabKey = tablistKeys(
    TABS.map((t) => t.id),
    tab,
    setTab,
    (id) => `viewer-tab-${id}`,
  );

  return (
    <section className={`viewer${showsStimuli ? ' has-stimuli' : ''}`} aria-labelledby="viewer-title">
      <div className="viewer-left">
        <header className="viewer-head">
          <div className="viewer-title-row">
            <h1 id="viewer-title" className="viewer-title">
              {title}
            </h1>
            <InterviewStepper {...sequence} />
          </div>
          <p className="viewer-meta muted">
            <span>{interview.completed_at ? formatDate(interview.completed_at) : 'Not completed'}</span>
            {interview.duration_minutes !== null && <span className="tabular">{interview.duration_minutes} min</span>}
            <span className="tabular">{turns.length} turns</span>
            <SaveOffline
              key={interview.id}
              workspace={workspace}
              interviewId={interview.id}
              saved={interview.offline}
              hasVideo={interview.has_video}
              playback={playback}
            />
            <button
              type="button"
              className="btn btn-small"
              title="Export (Ctrl+E)"
              onClick={() => void exportInterview(workspace.id, projectId, interview.id, title)}
            >
              Export…
            </button>
          </p>
          {stateNotes.length > 0 && (
            <ul className="state-notes" aria-label="About this interview">
              {stateNotes.map((n) => (
                <li key={n.label} className="state-note">
                  <strong>{n.label}</strong> <span className="muted">{n.detail}</span>
                </li>
              ))}
            </ul>
          )}
        </header>
        <div className="player-frame" aria-busy={playback.kind !== 'ready'}>
          <VideoPlayer label={`Video of the interview with ${title}`} onReady={setPlayer} />
          {playback.kind === 'unavailable' && (
            <div className="player-message" role="alert">
              <p>{playback.message}</p>
              {playback.message === UNREACHABLE_MESSAGE && (
                <button type="button" className="btn btn-small" onClick={() => void controller.current?.retry()}>
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
        </div>
        <HighlightTimeline highlights={highlights} durationMs={durationMs} onSeek={seekMs} />
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
        <div className="viewer-tabs tabs" role="tablist" aria-label="Interview sections" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              id={`viewer-tab-${t.id}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === t.id}
              aria-controls={`viewer-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="viewer-panel" role="tabpanel" id={`viewer-panel-${tab}`} aria-labelledby={`viewer-tab-${tab}`}>
          {tab === 'details' ? <InterviewDetails interview={interview} /> : <InterviewHighlights workspace={workspace} interview={interview} onSeek={seekMs} />}
        </div>
      </div>
      <Transcript
        turns={turns}
        activeIndex={activeIndex}
        follow={follow}
        onFollowChange={setFollow}
        onSeekTurn={onSeekTurn}
        marks={marks}
        lanes={lanes}
        codings={codings}
        researcherName={researcherName}
        selectedCoding={selectedCoding?.id ?? null}
        onSelectCoding={(id) => setSelectedId((cur) => (cur === id ? null : id))}
        codingPanel={
          selectedCoding && (
            <SelectedCoding
              key={selectedCoding.id}
              highlight={selectedCoding}
              researcherName={researcherName}
              canMove={selection !== null}
              onRecode={() => requestCoding({ ctx: codingCtx, kind: 'recode', highlight: selectedCoding })}
              onMove={moveCoding}
              onRemove={async () => {
                await removeHighlight(workspace.id, selectedCoding.id);
                setSelectedId(null);
              }}
              onSeek={seekMs}
              onClose={() => setSelectedId(null)}
            />
          )
        }
        onSelection={setSelection}
        canHighlight={selection !== null}
        onHighlight={() => highlight()}
        emptyTranscriptMessage={noTranscriptMessage(interview)}
        {...(showsStimuli
          ? {
              aside: <StimulusPanel ctx={stimuli.ctx} onScreen={onScreen} offline={stimuli.offline} error={stimuli.error} onRetry={stimuli.retry} />,
              onReadingTurn: setReadingIndex,
              stimulusMarks,
              bracket: onScreen && onScreen.stimuli.length > 0 ? onScreen.span : null,
            }
          : {})}
      />
    </section>
  );
}

/** Why an interview shows no transcript, from what is known of it. */
export function noTranscriptMessage(i: Pick<InterviewDetail, 'status' | 'detail_state'>): string {
  if (i.detail_state === 'pending') return 'The transcript has not been fetched yet. It is saved at the next sync.';
  if (i.status === 'STARTED') return 'No transcript yet: this interview was started but has not finished.';
  if (i.status === 'INCOMPLETE') return 'No transcript: this interview ended before the participant finished, and the service sent none.';
  if (i.status === 'COMPLETE') return 'The service sent no transcript for this interview.';
  return `No transcript. The service reports this interview's status as "${i.status}", which Fieldwork does not know.`;
}

export type StateNote = { label: string; detail: string };

/** What the viewer's header says about an interview that is not simply complete, recorded and timed: a short label and what it means for reading it. */
export function interviewStateNotes(i: Pick<InterviewDetail, 'status' | 'has_video' | 'transcript'>): StateNote[] {
  const notes: StateNote[] = [];
  if (i.status === 'STARTED')
    notes.push({ label: 'Started, not finished', detail: 'The participant has not finished. What was said so far is shown; more may arrive at a later sync.' });
  else if (i.status === 'INCOMPLETE')
    notes.push({ label: 'Incomplete', detail: 'The participant left before the end. The transcript and recording stop there.' });
  else if (i.status !== 'COMPLETE')
    notes.push({
      label: `Status not known to Fieldwork ("${i.status}")`,
      detail: 'The service reports a state Fieldwork does not know; what it sent is shown as is.',
    });
  if (!i.has_video) notes.push({ label: 'No recording', detail: 'The service has no video for this interview; the transcript is all there is.' });
  const untimed = i.transcript.filter((t) => t.start_ms === null).length;
  if (untimed > 0 && untimed === i.transcript.length)
    notes.push({ label: 'Times unknown', detail: 'The service sent no times Fieldwork could read, so the transcript cannot follow or seek the video.' });
  else if (untimed > 0)
    notes.push({
      label: `${untimed} turn${untimed === 1 ? '' : 's'} without a time`,
      detail: 'Those turns are marked "time unknown" and cannot be played from.',
    });
  return notes;
}
