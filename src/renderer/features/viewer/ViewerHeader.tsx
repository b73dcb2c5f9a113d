import type { InterviewDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { formatDate } from '../../lib/format';
import { exportInterview } from '../exports/open-export';
import { interviewStateNotes } from './interview-state';
import { InterviewStepper, type useInterviewSequence } from './InterviewStepper';
import type { PlaybackState } from './playback-controller';
import { SaveOffline } from './SaveOffline';

/** The viewer's heading: the participant, Previous/Next, the interview's date, length and turns, Save for offline, Export, and what is unusual about it. */
export function ViewerHeader({
  workspace,
  projectId,
  interview,
  title,
  sequence,
  playback,
}: {
  workspace: WorkspaceSummary;
  projectId: string;
  interview: InterviewDetail;
  title: string;
  sequence: ReturnType<typeof useInterviewSequence>;
  playback: PlaybackState;
}) {
  const stateNotes = interviewStateNotes(interview);
  return (
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
        <span className="tabular">{interview.transcript.length} turns</span>
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
  );
}
