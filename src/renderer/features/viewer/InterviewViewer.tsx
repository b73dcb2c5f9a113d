import { useCallback, useEffect, useMemo } from 'react';
import { participantLabel } from '../../../shared/participant-code';
import type { InterviewDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { ErrorNote } from '../../components/ErrorNote';
import { useResearcherName } from '../settings/store';
import { activeTurnAt, startIndex } from './active-turn';
import { HighlightTimeline } from './HighlightTimeline';
import { noTranscriptMessage } from './interview-state';
import { useInterviewSequence } from './InterviewStepper';
import { PlayerFrame, PlayerStatus } from './PlayerFrame';
import { SelectedCoding } from './SelectedCoding';
import { StimulusPanel } from './StimulusPanel';
import { interviewLoad, useViewer } from './store';
import { Transcript } from './Transcript';
import { useViewerCoding } from './use-viewer-coding';
import { useViewerKeys } from './use-viewer-keys';
import { useViewerPlayback } from './use-viewer-playback';
import { useViewerStimuli } from './use-viewer-stimuli';
import { ViewerHeader } from './ViewerHeader';
import { ViewerTabs } from './ViewerTabs';
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
  const play = useViewerPlayback(workspace.id, interview.id, atMs, turns);
  const { player, playback, timeMs, follow, seekMs } = play;
  const activeIndex = useMemo(() => activeTurnAt(starts, timeMs), [starts, timeMs]);
  const coding = useViewerCoding(workspace.id, projectId, interview.id, turns);
  const { selection, selectedCoding } = coding;
  const researcherName = useResearcherName();
  const stimuli = useViewerStimuli(workspace.id, projectId, turns, follow, activeIndex);
  const { onScreen } = stimuli;
  const onSeekTurn = useCallback((t: TranscriptTurn) => t.start_ms !== null && seekMs(t.start_ms), [seekMs]);

  const sequence = useInterviewSequence(workspace.id, projectId, interview.id);
  useViewerKeys({ player, playbackNow: play.playbackNow, setTimeMs: play.setTimeMs, turns, highlight: coding.highlight, stepInterview: sequence.go });

  // The name with the study's participant code beside it, as every export labels this interview.
  const title = participantLabel(interview.code, interview.participant_name) || 'Unnamed participant';
  return (
    <section className={`viewer${stimuli.shows ? ' has-stimuli' : ''}`} aria-labelledby="viewer-title">
      <div className="viewer-left">
        <ViewerHeader workspace={workspace} projectId={projectId} interview={interview} title={title} sequence={sequence} playback={playback} />
        <PlayerFrame
          title={title}
          playback={playback}
          endedBeforeMs={play.videoMs !== null && timeMs > play.videoMs ? play.videoMs : null}
          onReady={play.setPlayer}
          onRetry={play.retry}
        />
        <HighlightTimeline highlights={coding.highlights} durationMs={play.durationMs} onSeek={seekMs} />
        <PlayerStatus rate={play.rate} />
        <ViewerTabs workspace={workspace} interview={interview} onSeek={seekMs} />
      </div>
      <Transcript
        turns={turns}
        activeIndex={activeIndex}
        follow={follow}
        onFollowChange={play.setFollow}
        onSeekTurn={onSeekTurn}
        marks={coding.marks}
        lanes={coding.lanes}
        codings={coding.codings}
        researcherName={researcherName}
        selectedCoding={selectedCoding?.id ?? null}
        onSelectCoding={coding.selectCoding}
        codingPanel={
          selectedCoding && (
            <SelectedCoding
              key={selectedCoding.id}
              highlight={selectedCoding}
              researcherName={researcherName}
              canMove={selection !== null}
              onRecode={coding.recodeCoding}
              onMove={coding.moveCoding}
              onRemove={coding.removeCoding}
              onSeek={seekMs}
              onClose={coding.closeCoding}
            />
          )
        }
        onSelection={coding.setSelection}
        canHighlight={selection !== null}
        onHighlight={() => coding.highlight()}
        emptyTranscriptMessage={noTranscriptMessage(interview)}
        {...(stimuli.shows
          ? {
              aside: <StimulusPanel ctx={stimuli.ctx} onScreen={onScreen} offline={stimuli.offline} error={stimuli.error} onRetry={stimuli.retry} />,
              onReadingTurn: stimuli.setReadingIndex,
              stimulusMarks: stimuli.stimulusMarks,
              bracket: onScreen && onScreen.stimuli.length > 0 ? onScreen.span : null,
            }
          : {})}
      />
    </section>
  );
}
