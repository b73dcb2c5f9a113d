import { useEffect, useId, useRef, useState } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { openProject } from '../../app/nav-store';
import { ErrorNote } from '../../components/ErrorNote';
import { LOADING, projectKey, useProject } from '../project/store';
import { isActive, stimuliKey, useStimuli } from '../stimuli/store';
import { AssignStep } from './AssignStep';
import { MediaStep } from './MediaStep';
import { QuestionsStep } from './QuestionsStep';
import { ReadyStep } from './ReadyStep';
import { useStimuliWizard, WIZARD_STEPS, type WizardState, type WizardStep } from './stimuli-wizard-store';
import '../stimuli/stimuli.css';
import './stimuli-wizard.css';

const STEP_LABELS: Record<WizardStep, string> = { media: 'Add media', questions: 'Draft questions', assign: 'Assign stimuli', ready: 'Ready to launch' };

/**
 * The guided STIMULI flow (the spec's typical flow 2) on a study created with a placeholder question:
 * upload media with captions → AI-draft questions grounded on the captions → edit → save (which clears
 * the service's assignments) → earlier assignments are put back wherever a question's text survived,
 * and the researcher is asked about the rest → ready to launch on the Share tab.
 */
export function StimuliWizard({ workspace, projectId }: { workspace: WorkspaceSummary; projectId: string }) {
  const stored = useStimuliWizard((s) => s.byProject[projectId]);
  const begin = useStimuliWizard((s) => s.begin);
  const slice = useProject((s) => s.byKey[projectKey(workspace.id, projectId)] ?? LOADING);
  const load = useProject((s) => s.load);
  useEffect(() => {
    void load(workspace.id, projectId);
  }, [workspace.id, projectId, load]);
  // Opened again later (after a restart, say): pick the study up where its data says it is.
  useEffect(() => {
    if (!stored && slice.detail)
      begin(workspace.id, projectId, { title: slice.detail.title, research_objective: slice.detail.guide?.research_objective ?? '' });
  }, [stored, slice.detail, begin, workspace.id, projectId]);

  const setDropTarget = useStimuli((s) => s.setDropTarget);
  useEffect(() => {
    setDropTarget({ workspaceId: workspace.id, projectId });
    return () => setDropTarget(null);
  }, [workspace.id, projectId, setDropTarget]);

  if (!stored || !slice.detail) {
    if (slice.status === 'error' && slice.error)
      return (
        <section className="screen">
          <ErrorNote error={slice.error} onRetry={() => void load(workspace.id, projectId)} />
        </section>
      );
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Opening the study…
      </p>
    );
  }
  return <Wizard workspace={workspace} w={stored} launched={slice.detail.recruiting.has_launched} />;
}

function Wizard({ workspace, w, launched }: { workspace: WorkspaceSummary; w: WizardState; launched: boolean }) {
  const patch = (p: Partial<WizardState>) => useStimuliWizard.getState().patch(w.projectId, p);
  const key = stimuliKey(workspace.id, w.projectId);
  const views = useStimuli((s) => s.views[key]);
  const revision = useStimuli((s) => s.revision[key] ?? 0);
  const staged = useStimuli((s) => s.staged);
  const loadViews = useStimuli((s) => s.loadViews);
  useEffect(() => {
    void loadViews(workspace.id, w.projectId);
  }, [workspace.id, w.projectId, revision, loadViews]);
  const stimuli = views?.items ?? [];
  const pending = staged.filter((f) => f.workspaceId === workspace.id && f.projectId === w.projectId);

  // Files dropped on the window while another step shows land in the media step: show it.
  const waiting = pending.filter((f) => f.state === 'checking' || f.state === 'ready' || f.state === 'invalid').length;
  const [seenWaiting, setSeenWaiting] = useState(waiting);
  if (waiting !== seenWaiting) {
    setSeenWaiting(waiting);
    if (waiting > seenWaiting && w.step !== 'media' && w.step !== 'ready') patch({ step: 'media' });
  }

  const stepIndex = WIZARD_STEPS.indexOf(w.step);
  const headingId = useId();
  // On a step change, focus goes to the new step's heading, so keyboard and screen-reader users land on it.
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [w.step]);
  if (launched) {
    return (
      <section className="screen wizard" aria-labelledby={headingId}>
        <h1 id={headingId}>{w.title || 'Stimuli study'}</h1>
        <p className="stimuli-note">This study has launched, so its setup is finished.</p>
        <p>
          <button type="button" className="btn" onClick={() => openProject(w.projectId, 'share')}>
            Open the study
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="screen wizard" aria-labelledby={headingId}>
      <div className="wizard-head">
        <p className="muted">New stimuli study</p>
        <h1 id={headingId}>{w.title || 'Untitled stimuli study'}</h1>
      </div>
      <ol className="wizard-steps" aria-label="Steps">
        {WIZARD_STEPS.map((s, i) => (
          <li key={s} className={i < stepIndex ? 'is-done' : i === stepIndex ? 'is-current' : ''} aria-current={i === stepIndex ? 'step' : undefined}>
            <span className="wizard-step-num num" aria-hidden="true">
              {i < stepIndex ? '✓' : i + 1}
            </span>
            {STEP_LABELS[s]}
            {i < stepIndex && <span className="visually-hidden"> (done)</span>}
          </li>
        ))}
      </ol>
      <div ref={stepRef} className="wizard-step">
        {w.step === 'media' && (
          <MediaStep workspace={workspace} w={w} stimuli={stimuli} busy={pending.some(isActive)} onNext={() => patch({ step: 'questions' })} />
        )}
        {w.step === 'questions' && <QuestionsStep workspace={workspace} w={w} stimuli={stimuli} patch={patch} />}
        {w.step === 'assign' && <AssignStep workspace={workspace} w={w} stimuli={stimuli} patch={patch} />}
        {w.step === 'ready' && <ReadyStep w={w} stimuli={stimuli} />}
      </div>
    </section>
  );
}
