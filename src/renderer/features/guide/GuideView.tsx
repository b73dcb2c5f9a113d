import type { ProjectDetail } from '../../../shared/views';
import { relativeTime } from '../../lib/format';
import { GuideFormat } from './GuideFormat';
import { GuideReadout } from './GuideReadout';
import { LAUNCHED_REASON } from './guide-edit';
import { SaveErrorNote, SaveResultNote } from './GuideNotes';
import type { GuideEdit } from './use-guide-edit';

/** The guide as saved, read-only once launched; before that, with the button that starts an edit. */
export function GuideView({ project, form }: { project: ProjectDetail; form: GuideEdit }) {
  const { launched, error, result } = form;
  const g = project.guide;
  return (
    <div className="guide">
      <div className="guide-toolbar">
        <h2>Interview guide</h2>
        {g && <span className="hint">Saved {relativeTime(g.updated_at)}</span>}
        <span className="sf-spacer" />
        {!launched && (
          <button type="button" className="btn btn-primary" onClick={form.start}>
            Edit guide
          </button>
        )}
      </div>
      {launched && (
        <p className="guide-locked" role="note">
          <span className="guide-chip">Read-only</span> {LAUNCHED_REASON}
        </p>
      )}
      {result && <SaveResultNote result={result} project={project} />}
      {error && error.code === 'not_editable' && <SaveErrorNote error={error} onRetry={() => void form.save()} />}
      {g?.source === 'external' && !launched && (
        <p className="guide-note">The service drafted this guide with AI. It did not report probing levels; choose them when you edit the questions.</p>
      )}
      {!g ? (
        <p className="empty">
          The service does not send guides back, and this study was created outside Fieldwork, so its questions are not known here.
          {!launched && ' Edit the guide to write them; saving replaces the guide on the service.'}
        </p>
      ) : (
        <div className="guide-grid">
          <GuideReadout guide={g} stimuli={project.stimuli} />
          <GuideFormat guide={g} recruiting={project.recruiting} />
        </div>
      )}
    </div>
  );
}
