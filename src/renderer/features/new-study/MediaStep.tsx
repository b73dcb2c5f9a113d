import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { UploadPanel } from '../stimuli/UploadPanel';
import type { WizardState } from './stimuli-wizard-store';

/** Step 1: upload the images and videos, each with a caption the AI drafts from. */
export function MediaStep({
  workspace,
  w,
  stimuli,
  busy,
  onNext,
}: {
  workspace: WorkspaceSummary;
  w: WizardState;
  stimuli: StimulusView[];
  busy: boolean;
  onNext: () => void;
}) {
  const uncaptioned = stimuli.filter((s) => !s.caption?.trim()).length;
  return (
    <div className="wizard-body">
      <div className="sf-section">
        <h2 tabIndex={-1}>Add the images and videos</h2>
        <p className="muted">
          Give each a caption that says what it shows, e.g. “Concept A: kraft box”. The AI writes the questions from the captions, and participants see them
          below the media.
        </p>
        <UploadPanel workspaceId={workspace.id} projectId={w.projectId} compact />
        {stimuli.length > 0 && (
          <div>
            <h3 className="wizard-sub">In this study ({stimuli.length})</h3>
            <ul className="wizard-thumbs" aria-label="Uploaded stimuli">
              {stimuli.map((s, i) => (
                <li key={s.stimuli_id} className="wizard-thumb">
                  <div className="wizard-thumb-media">
                    {s.media_url && s.kind === 'image' ? (
                      <img src={s.media_url} alt={s.caption || `Stimulus ${i + 1}`} />
                    ) : (
                      <span aria-hidden="true">{s.kind === 'video' ? '▶' : '·'}</span>
                    )}
                  </div>
                  <span className={s.caption ? '' : 'muted'}>{s.caption || 'No caption'}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {uncaptioned > 0 && (
        <p className="stimuli-warning" role="status">
          <span className="warning-mark" aria-hidden="true">
            !
          </span>
          <span>
            {uncaptioned === 1 ? 'One stimulus has no caption' : `${uncaptioned} stimuli have no caption`}, so the AI cannot refer to{' '}
            {uncaptioned === 1 ? 'it' : 'them'}. Add captions on the Stimuli tab later if you like; you can go on now.
          </span>
        </p>
      )}
      <div className="ns-submit">
        <button type="button" className="btn btn-primary" disabled={stimuli.length === 0 || busy} onClick={onNext}>
          Continue to questions
        </button>
        <span className="muted">{busy ? 'Waiting for uploads to finish…' : stimuli.length === 0 ? 'Upload at least one image or video to go on.' : ''}</span>
      </div>
    </div>
  );
}
