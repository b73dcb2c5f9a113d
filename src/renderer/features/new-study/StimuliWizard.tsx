import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { StimulusView } from '../../../shared/ipc/channels/cache-domains';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { LIMITS } from '../../../shared/schemas/limits';
import { openProject, useNav } from '../../app/nav-store';
import { ErrorNote } from '../../components/ErrorNote';
import { api, call, UiError } from '../../lib/api';
import { LOADING, projectKey, useProject } from '../project/store';
import { isActive, stimuliKey, useStimuli } from '../stimuli/store';
import { UploadPanel } from '../stimuli/UploadPanel';
import { ObjectiveField, QuestionListEditor, question, toQuestionBodies, toQuestionDrafts, type FormErrors } from '../study-form';
import { suggestQuestions } from './assign-suggest';
import { PLACEHOLDER_QUESTION } from './stimuli-entry';
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
    if (!stored && slice.detail) begin(workspace.id, projectId, { title: slice.detail.title, research_objective: slice.detail.guide?.research_objective ?? '' });
  }, [stored, slice.detail, begin, workspace.id, projectId]);

  const setDropTarget = useStimuli((s) => s.setDropTarget);
  useEffect(() => {
    setDropTarget({ workspaceId: workspace.id, projectId });
    return () => setDropTarget(null);
  }, [workspace.id, projectId, setDropTarget]);

  if (!stored || !slice.detail) {
    if (slice.status === 'error' && slice.error) return <section className="screen"><ErrorNote error={slice.error} onRetry={() => void load(workspace.id, projectId)} /></section>;
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
        {w.step === 'media' && <MediaStep workspace={workspace} w={w} stimuli={stimuli} busy={pending.some(isActive)} onNext={() => patch({ step: 'questions' })} />}
        {w.step === 'questions' && <QuestionsStep workspace={workspace} w={w} stimuli={stimuli} patch={patch} />}
        {w.step === 'assign' && <AssignStep workspace={workspace} w={w} stimuli={stimuli} patch={patch} />}
        {w.step === 'ready' && <ReadyStep w={w} stimuli={stimuli} />}
      </div>
    </section>
  );
}

function MediaStep({ workspace, w, stimuli, busy, onNext }: { workspace: WorkspaceSummary; w: WizardState; stimuli: StimulusView[]; busy: boolean; onNext: () => void }) {
  const uncaptioned = stimuli.filter((s) => !s.caption?.trim()).length;
  return (
    <div className="wizard-body">
      <div className="sf-section">
        <h2 tabIndex={-1}>Add the images and videos</h2>
        <p className="muted">Give each a caption that says what it shows, e.g. “Concept A: kraft box”. The AI writes the questions from the captions, and participants see them below the media.</p>
        <UploadPanel workspaceId={workspace.id} projectId={w.projectId} compact />
        {stimuli.length > 0 && (
          <div>
            <h3 className="wizard-sub">In this study ({stimuli.length})</h3>
            <ul className="wizard-thumbs" aria-label="Uploaded stimuli">
              {stimuli.map((s, i) => (
                <li key={s.stimuli_id} className="wizard-thumb">
                  <div className="wizard-thumb-media">
                    {s.media_url && s.kind === 'image' ? <img src={s.media_url} alt={s.caption || `Stimulus ${i + 1}`} /> : <span aria-hidden="true">{s.kind === 'video' ? '▶' : '·'}</span>}
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
            {uncaptioned === 1 ? 'One stimulus has no caption' : `${uncaptioned} stimuli have no caption`}, so the AI cannot refer to {uncaptioned === 1 ? 'it' : 'them'}. Add captions on the Stimuli tab later if you like; you can go on now.
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

function QuestionsStep({ workspace, w, stimuli, patch }: { workspace: WorkspaceSummary; w: WizardState; stimuli: StimulusView[]; patch: (p: Partial<WizardState>) => void }) {
  const [busy, setBusy] = useState<null | 'drafting' | 'saving'>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const errors: FormErrors = attempt > 0 ? validate(w.questions) : {};
  const objectiveError = attempt > 0 && !w.drafted && w.research_objective.trim() === '' ? 'Describe what you want to learn; the AI drafts from it and the captions.' : undefined;

  async function draft() {
    setError(null);
    if (w.research_objective.trim() === '') {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy('drafting');
    try {
      const g = await call(api().studies.generate({ workspace_id: workspace.id, research_objective: w.research_objective.trim(), type: 'STIMULI', project_id: w.projectId }));
      patch({ drafted: true, questions: toQuestionDrafts(g.questions) });
      setAttempt(0);
    } catch (e) {
      setError(UiError.from(e));
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    setError(null);
    setAttempt((n) => n + 1);
    if (Object.keys(validate(w.questions)).length > 0) return;
    setBusy('saving');
    try {
      const res = await call(
        api().studies.update({ workspace_id: workspace.id, project_id: w.projectId, questions: toQuestionBodies(w.questions) }),
      );
      await Promise.all([useStimuli.getState().loadViews(workspace.id, w.projectId), useProject.getState().load(workspace.id, w.projectId)]);
      patch({ saved: res, step: 'assign' });
    } catch (e) {
      setError(UiError.from(e));
    } finally {
      setBusy(null);
    }
  }

  const writeByHand = () => {
    setError(null);
    patch({ drafted: true, questions: w.questions.length ? w.questions : [question()] });
  };

  return (
    <div className="wizard-body">
      <div className="sf-section">
        <h2 tabIndex={-1}>Draft the questions</h2>
        <p className="muted">
          The AI drafts questions from your objective and the captions of the {stimuli.length} {stimuli.length === 1 ? 'stimulus' : 'stimuli'}: {stimuli.map((s) => s.caption).filter(Boolean).join(', ') || 'none captioned'}.
        </p>
        <ObjectiveField value={w.research_objective} onChange={(research_objective) => patch({ research_objective })} error={objectiveError} />
        <div className="row-8">
          <button type="button" className={`btn${w.drafted ? '' : ' btn-primary'}`} onClick={() => void draft()} disabled={busy !== null}>
            {busy === 'drafting' ? 'Drafting…' : w.drafted ? 'Draft again' : 'Draft questions with AI'}
          </button>
          {busy === 'drafting' && (
            <span className="muted row-8" role="status">
              <span className="spinner" aria-hidden="true" /> Drafting questions from your captions…
            </span>
          )}
          {!w.drafted && busy === null && (
            <button type="button" className="btn btn-ghost" onClick={writeByHand}>
              Write them myself
            </button>
          )}
        </div>
      </div>
      {error &&
        (error.code === 'ai_unavailable' ? (
          <div className="error-note" role="alert">
            <p>
              <strong>AI drafting is off for this organisation.</strong> {error.message}
            </p>
            <p style={{ marginTop: 'var(--sp-8)' }}>
              <button type="button" className="btn" onClick={writeByHand}>
                Write questions by hand
              </button>
            </p>
          </div>
        ) : (
          <ErrorNote error={error} {...(error.code === 'generation_failed' ? { onRetry: () => void draft(), retryLabel: 'Retry' } : {})} />
        ))}
      {w.drafted && (
        <div className="sf-section">
          <QuestionListEditor
            questions={w.questions}
            onChange={(questions) => patch({ questions })}
            errors={errors}
            note="Saving replaces the placeholder. Stimuli keep the questions whose text you leave unchanged; you choose the rest next."
          />
        </div>
      )}
      <div className="ns-submit">
        <button type="button" className="btn" onClick={() => patch({ step: 'media' })} disabled={busy !== null}>
          Back
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!w.drafted || busy !== null}>
          {busy === 'saving' ? 'Saving…' : 'Save questions'}
        </button>
        {attempt > 0 && Object.keys(errors).length > 0 && (
          <span className="field-error" role="alert">
            Fix the questions marked above, then save.
          </span>
        )}
      </div>
    </div>
  );
}

function validate(questions: { question: string }[]): FormErrors {
  const e: FormErrors = {};
  if (questions.length === 0) e.questions = 'Add at least one question.';
  if (questions.length > LIMITS.questionsMax) e.questions = `A guide can have at most ${LIMITS.questionsMax} questions.`;
  questions.forEach((q, i) => {
    const t = q.question.trim();
    if (!t) e[`questions.${i}`] = 'Write the question, or remove it.';
    else if (t.length > LIMITS.questionMax) e[`questions.${i}`] = `At most ${LIMITS.questionMax} characters.`;
    else if (t === PLACEHOLDER_QUESTION) e[`questions.${i}`] = 'Replace the placeholder with a real question.';
  });
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    const t = q.question.trim();
    if (t && seen.has(t)) e[`questions.${i}`] = 'This question appears twice; stimuli are assigned by exact text, so make each one different.';
    seen.add(t);
  });
  return e;
}

function AssignStep({ workspace, w, stimuli, patch }: { workspace: WorkspaceSummary; w: WizardState; stimuli: StimulusView[]; patch: (p: Partial<WizardState>) => void }) {
  const detail = useProject((s) => s.byKey[projectKey(workspace.id, w.projectId)]?.detail);
  const questions = useMemo(() => detail?.guide?.questions.map((q) => q.question) ?? [], [detail]);
  const restored = new Map((w.saved?.restored ?? []).map((r) => [r.stimuli_id, r]));
  const unresolved = new Map((w.saved?.unresolved ?? []).map((u) => [u.stimuli_id, u]));
  const asked = new Set(unresolved.keys());
  // What each stimulus will be shown with: its current assignment, or for one that has none, the suggestions.
  const [picks, setPicks] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(stimuli.map((s) => [s.stimuli_id, s.question_items.length > 0 ? s.question_items : suggestQuestions(s.caption, questions)])),
  );
  const [suggested] = useState<Record<string, string[]>>(() => Object.fromEntries(stimuli.map((s) => [s.stimuli_id, s.question_items.length > 0 ? [] : suggestQuestions(s.caption, questions)])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [tried, setTried] = useState(false);
  const pick = (id: string) => picks[id] ?? stimuli.find((s) => s.stimuli_id === id)?.question_items ?? [];
  const missing = stimuli.filter((s) => pick(s.stimuli_id).length === 0);
  const toggle = (id: string, q: string, on: boolean) => setPicks((p) => ({ ...p, [id]: on ? [...pick(id).filter((x) => x !== q), q] : pick(id).filter((x) => x !== q) }));

  async function save() {
    setTried(true);
    setError(null);
    if (missing.length > 0) return;
    setBusy(true);
    try {
      for (const s of stimuli) {
        const next = questions.filter((q) => pick(s.stimuli_id).includes(q));
        if (next.length === s.question_items.length && next.every((q) => s.question_items.includes(q))) continue;
        await useStimuli.getState().assign(workspace.id, w.projectId, s.stimuli_id, next);
      }
      patch({ step: 'ready' });
    } catch (e) {
      setError(UiError.from(e));
    } finally {
      setBusy(false);
    }
  }

  const restoredCount = stimuli.filter((s) => restored.has(s.stimuli_id)).length;
  return (
    <div className="wizard-body">
      <div className="sf-section">
        <h2 tabIndex={-1}>Assign each stimulus to its questions</h2>
        <p className="muted">
          {w.saved?.stimuli_cleared ? 'Saving the questions cleared the assignments on the service. ' : ''}
          {restoredCount > 0 ? `${restoredCount} ${restoredCount === 1 ? 'stimulus keeps' : 'stimuli keep'} the questions whose text did not change. ` : ''}
          {asked.size > 0 || missing.length > 0 ? 'Choose the questions for the rest; the ones that name a stimulus in their text are ticked for you to confirm.' : 'Check them and go on.'}
        </p>
      </div>
      <ol className="stimuli-list" aria-label="Assign stimuli">
        {stimuli.map((s, i) => {
          const label = s.caption?.trim() || `Stimulus ${i + 1}`;
          const r = restored.get(s.stimuli_id);
          const none = pick(s.stimuli_id).length === 0;
          return (
            <li key={s.stimuli_id} className={`stimulus-card card${none ? ' stimulus-unassigned' : ''}`} aria-label={label}>
              <div className="stimulus-media">
                {s.media_url && s.kind === 'image' ? <img src={s.media_url} alt={label} /> : s.media_url && s.kind === 'video' ? <video src={s.media_url} muted controls preload="metadata" aria-label={`Video: ${label}`} /> : null}
              </div>
              <div className="stimulus-body">
                <div className="stimulus-title">
                  <span className="stimulus-order num">{i + 1}</span>
                  <h3>{label}</h3>
                  {r ? (
                    <span className="tag-ok">Kept {r.question_items.length === 1 ? '1 question' : `${r.question_items.length} questions`}</span>
                  ) : none ? (
                    <span className="tag-warning">
                      <span aria-hidden="true">!</span>Choose at least one
                    </span>
                  ) : asked.has(s.stimuli_id) && (suggested[s.stimuli_id]?.length ?? 0) > 0 ? (
                    <span className="tag-accent">Suggested from its caption</span>
                  ) : null}
                </div>
                {r && r.lost_questions.length > 0 && <p className="muted">Its other {r.lost_questions.length === 1 ? 'question was' : `${r.lost_questions.length} questions were`} changed or removed.</p>}
                {(unresolved.get(s.stimuli_id)?.lost_questions.length ?? 0) > 0 && (
                  <p className="muted">
                    {unresolved.get(s.stimuli_id)!.lost_questions.length === 1 ? 'Its question was' : `All ${unresolved.get(s.stimuli_id)!.lost_questions.length} of its questions were`} changed or removed, so it needs new ones.
                  </p>
                )}
                <fieldset className="stimulus-questions" disabled={busy}>
                  <legend>Shown with</legend>
                  <ul>
                    {questions.map((q, qi) => (
                      <li key={`${qi}-${q}`}>
                        <label className="question-check">
                          <input type="checkbox" checked={pick(s.stimuli_id).includes(q)} onChange={(e) => toggle(s.stimuli_id, q, e.target.checked)} aria-label={`Show “${label}” with question ${qi + 1}: ${q}`} />
                          <span className="question-num num">Q{qi + 1}</span>
                          <span className="question-text">{q}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              </div>
            </li>
          );
        })}
      </ol>
      {error && <ErrorNote error={error} onRetry={() => void save()} />}
      <div className="ns-submit">
        <button type="button" className="btn" onClick={() => patch({ step: 'questions' })} disabled={busy}>
          Back to questions
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={busy}>
          {busy ? 'Saving…' : 'Save assignments'}
        </button>
        {tried && missing.length > 0 && (
          <span className="field-error" role="alert">
            {missing.length === 1 ? `“${missing[0]!.caption || 'One stimulus'}” needs` : `${missing.length} stimuli need`} at least one question: launch is blocked until every stimulus has one.
          </span>
        )}
      </div>
    </div>
  );
}

function ReadyStep({ w, stimuli }: { w: WizardState; stimuli: StimulusView[] }) {
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
            {questions} {questions === 1 ? 'question' : 'questions'} and {stimuli.length} {stimuli.length === 1 ? 'stimulus' : 'stimuli'}, each shown with at least one question. Launching publishes the participant link and charges
            credits; you choose how many participants on the Share tab.
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
