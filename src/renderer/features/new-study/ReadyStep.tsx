import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import { useNav } from '../../app/nav-store';
import { projectKey, useProject } from '../project/store';
import { useStimuliWizard, type WizardState } from './stimuli-wizard-store';

/** Step 4: a summary, and the way on to the Share tab, whose Launch… opens the launch dialog. */
export function ReadyStep({ w, stimuli }: { w: WizardState; stimuli: StimulusView[] }) {
  const detail = useProject((s) => s.byKey[projectKey(w.workspaceId, w.projectId)]?.detail);
  const finish = useStimuliWizard((s) => s.finish);
  const go = useNav((s) => s.go);
  const questions = detail?.guide?.questions.length ?? 0;
  const open = (tab: 'share' | 'guide' | 'stimuli') => {
    finish(w.projectId);
    go({ name: 'project', projectId: w.projectId, tab });
  };
  return (
    <div className="wizard-body">
      <div className="wizard-ready card" role="status">
        <span className="wizard-ready-mark" aria-hidden="true">
          ✓
        </span>
        <div>
          <h2 tabIndex={-1}>Ready to launch</h2>
          <p>
            {questions} {questions === 1 ? 'question' : 'questions'} and {stimuli.length} {stimuli.length === 1 ? 'stimulus' : 'stimuli'}, each shown with at
            least one question. Launching publishes the participant link and charges for the participants you ask for in the launch dialog.
          </p>
        </div>
      </div>
      <div className="ns-submit">
        <button type="button" className="btn btn-primary" onClick={() => open('share')}>
          Go to launch
        </button>
        <button type="button" className="btn" onClick={() => open('guide')}>
          Review the guide
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => open('stimuli')}>
          Review the stimuli
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => useStimuliWizard.getState().patch(w.projectId, { step: 'questions' })}>
          Edit the questions again
        </button>
      </div>
    </div>
  );
}
