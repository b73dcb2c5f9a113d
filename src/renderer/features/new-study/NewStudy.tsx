import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { DraftNote } from '../../components/DraftNote';
import { AiDraftForm } from './AiDraftForm';
import { ExternalGuideForm } from './ExternalGuideForm';
import { MethodPicker } from './MethodPicker';
import { OwnQuestionsForm } from './OwnQuestionsForm';
import { StimuliStartForm } from './StimuliStartForm';
import { useNewStudyForm } from './use-new-study';
import './new-study.css';

/** A new study, started one of four ways; nothing reaches the service until Create. */
export function NewStudy({ workspace }: { workspace: WorkspaceSummary }) {
  const form = useNewStudyForm(workspace);
  const { method } = form;
  return (
    <section className="screen ns" aria-labelledby="new-study-title">
      <header className="screen-head">
        <div>
          <h1 id="new-study-title">New study</h1>
          <p className="muted">
            In {workspace.name}. Nothing is created on the service until you press Create; until then what you type is kept on this computer as a draft.
          </p>
        </div>
      </header>
      <DraftNote restored={form.restored} changedUnderneath={false} kept={form.kept} what="study" onDiscard={form.discard} />
      <MethodPicker name={`${workspace.id}-method`} method={method} onChoose={form.choose} />
      {method === 'ai' && <AiDraftForm form={form} />}
      {method === 'own' && <OwnQuestionsForm form={form} />}
      {method === 'stimuli' && <StimuliStartForm form={form} />}
      {method === 'external' && <ExternalGuideForm form={form} />}
    </section>
  );
}
