import { useId, useRef, useState } from 'react';
import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import { ErrorNote } from '../../components/ErrorNote';
import type { UiError } from '../../lib/api';
import type { InterviewStimuli, OnScreen, UnmatchedStimulus } from './stimulus-timeline';

type Props = {
  ctx: InterviewStimuli | null;
  /** What was on screen at the playhead (or, with "Follow playhead" off, where the researcher is reading). */
  onScreen: OnScreen | null;
  offline: boolean;
  error: UiError | null;
  onRetry: () => void;
};

/**
 * Beside the transcript (above it in a narrow window): the image or video the participant had on screen at the
 * turns being played or read, with the question it was shown with, so the researcher reads an answer next to
 * what it answers. Stimuli this interview cannot be matched to are listed under it, so none goes missing.
 */
export function StimulusPanel({ ctx, onScreen, offline, error, onRetry }: Props) {
  const titleId = useId();
  const question = onScreen?.question ?? null;
  const shown = onScreen?.stimuli ?? [];
  return (
    <aside className="stim-panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="stim-panel-title">
        Stimulus on screen
      </h3>
      {error && <ErrorNote error={error} onRetry={onRetry} />}
      {ctx && (
        <>
          <p className="stim-panel-question">
            {question ? (
              <>
                <span className="stim-panel-label">Shown with{question.number !== null ? ` Q${question.number}` : ''}:</span>{' '}
                <span className="stim-panel-qtext">{question.text}</span>
              </>
            ) : (
              <span className="muted">Before the first question.</span>
            )}
          </p>
          {shown.length > 0 ? (
            <ul className={`stim-panel-items${shown.length > 1 ? ' is-many' : ''}`} aria-label="Shown to the participant">
              {shown.map((s) => (
                <li key={s.stimuli_id}>
                  <figure className="stim-figure">
                    {/* Remounted when the connection comes back, so a file that failed offline is fetched again. */}
                    <StimulusMedia key={`${s.stimuli_id}:${offline}`} stimulus={s} label={ctx.labels.get(s.stimuli_id) ?? 'Stimulus'} offline={offline} />
                    <figcaption className="stim-caption">{ctx.labels.get(s.stimuli_id)}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          ) : (
            <p className="stim-panel-none">{question ? 'No stimulus is shown with this question.' : 'Nothing is on screen yet.'}</p>
          )}
          {question && shown.length > 0 && onScreen?.confidence === 'similar' && (
            <p className="stim-panel-note">Asked in other words; matched by its wording.</p>
          )}
          {ctx.unmatched.length > 0 && <Unmatched items={ctx.unmatched} labels={ctx.labels} />}
        </>
      )}
    </aside>
  );
}

// Short: in a narrow window they stand in a box the size of a thumbnail.
const MISSING_OFFLINE = "Not saved on this computer, and the service can't be reached. It shows once it can.";

/** The stimulus itself: an image, or a video's first frame (never playing on its own), or why not, in words. */
function StimulusMedia({ stimulus: s, label, offline }: { stimulus: StimulusView; label: string; offline: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!s.media_url || !s.kind) return <p className="stim-missing">The service has no file for this stimulus.</p>;
  if (offline && !s.media_saved) return <p className="stim-missing">{MISSING_OFFLINE}</p>;
  if (failed) return <p className="stim-missing">{offline ? MISSING_OFFLINE : `This ${s.kind} could not be loaded. Sync the study, then try again.`}</p>;
  if (s.kind === 'video') return <VideoStimulus src={s.media_url} label={label} onError={() => setFailed(true)} />;
  return <img className="stim-media" src={s.media_url} alt={label} onError={() => setFailed(true)} />;
}

/**
 * A video stimulus as its first frame, with a Play button of its own: the browser's controls do not fit a
 * thumbnail, and it plays only when asked (with its sound, since the participant heard it).
 */
function VideoStimulus({ src, label, onError }: { src: string; label: string; onError: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (!el.paused) return el.pause();
    el.muted = false;
    void el.play()?.catch(() => undefined);
  };
  return (
    <div className="stim-video">
      {/* #t=0.1 makes the browser show the first frame; preload="metadata" loads no more than that. */}
      <video
        ref={video}
        className="stim-media"
        src={`${src}#t=0.1`}
        preload="metadata"
        muted
        playsInline
        aria-label={`Video: ${label}`}
        onError={onError}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <button type="button" className="stim-video-play" aria-label={`${playing ? 'Pause' : 'Play'} video: ${label}`} onClick={toggle}>
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
    </div>
  );
}

function Unmatched({ items, labels }: { items: UnmatchedStimulus[]; labels: ReadonlyMap<string, string> }) {
  const n = items.length;
  return (
    <details className="stim-panel-unmatched">
      <summary>
        {n} {n === 1 ? 'stimulus' : 'stimuli'} not matched to this interview's questions
      </summary>
      <ul>
        {items.map(({ stimulus: s, reason }) => (
          <li key={s.stimuli_id}>
            <strong>{labels.get(s.stimuli_id)}</strong>:{' '}
            {reason === 'unassigned'
              ? 'not shown with any question.'
              : `shown with ${s.question_items.length === 1 ? 'a question' : 'questions'} not found in this interview: ${s.question_items.map((q) => `“${q}”`).join(', ')}.`}
          </li>
        ))}
      </ul>
    </details>
  );
}
