import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { LIMITS } from '../../../shared/schemas/limits';
import { openProject } from '../../app/nav-store';
import { ErrorNote } from '../../components/ErrorNote';
import { api, call, UiError } from '../../lib/api';
import { useProjects } from '../projects/store';
import {
  issuesToErrors,
  ObjectiveField,
  StudyFormFields,
  TextField,
  TitleField,
  toCreateBody,
  toQuestionDrafts,
  validateStudyForm,
  type FormErrors,
  type StudyFormValues,
} from '../study-form';
import { startStimuliWizard } from './stimuli-entry';
import { freshDraft, useNewStudy, type Method, type NewStudyDraft } from './store';
import './new-study.css';

const METHODS: { id: Method; title: string; detail: string }[] = [
  { id: 'ai', title: 'Draft with AI', detail: 'Describe what you want to learn; the AI drafts a title, messages and questions you then edit.' },
  { id: 'own', title: 'Write my own questions', detail: 'Start from a blank guide.' },
  { id: 'stimuli', title: 'Stimuli study', detail: 'Show images or videos beside questions, e.g. to test packaging or concepts.' },
  { id: 'external', title: 'External AI guide', detail: 'The service generates the whole guide and recruiting criteria as a draft.' },
];

/** Server-side validation issues carry paths like "questions.0.question"; they map onto the same fields. */
function serverFieldErrors(e: UiError): FormErrors | null {
  if (e.code !== 'invalid_input') return null;
  const issues = (e.details?.issues as { path: string; message: string }[] | undefined) ?? [];
  return issues.length ? issuesToErrors(issues.map((i) => ({ path: i.path.split('.'), message: i.message }))) : null;
}

/** After a refused submit, the first field with a problem gets focus, so keyboard users land on it. */
function useFocusFirstInvalid(trigger: number) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!trigger) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, [aria-invalid="true"]:is(input, textarea, select)')?.focus();
  }, [trigger]);
  return ref;
}

export function NewStudy({ workspace }: { workspace: WorkspaceSummary }) {
  const stored = useNewStudy((s) => s.drafts[workspace.id]);
  const draft = stored ?? freshDraft(workspace.organisation_id);
  const patchDraft = useNewStudy((s) => s.patch);
  const reset = useNewStudy((s) => s.reset);
  const update = (p: Partial<NewStudyDraft> | ((d: NewStudyDraft) => Partial<NewStudyDraft>)) =>
    patchDraft(workspace.id, workspace.organisation_id, typeof p === 'function' ? p : () => p);
  const setValues = (p: Partial<StudyFormValues>) => update((d) => ({ values: { ...d.values, ...p } }));

  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<null | 'drafting' | 'creating'>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const formRef = useFocusFirstInvalid(attempt);
  // Drafting saves nothing, so cancelling just means ignoring the answer when it comes.
  const draftRun = useRef(0);

  const { method, values } = draft;
  const choose = (m: Method) => {
    setError(null);
    setServerErrors({});
    setAttempt(0);
    update((d) => ({ method: m, values: { ...d.values, type: m === 'stimuli' ? 'STIMULI' : d.values.type === 'STIMULI' ? 'USER_INTERVIEW' : d.values.type } }));
  };

  const formErrors: FormErrors = attempt > 0 ? { ...serverErrors, ...validateStudyForm(values) } : {};
  const objectiveError = attempt > 0 && values.research_objective.trim() === '' ? 'Describe what you want to learn; the AI drafts from it.' : undefined;

  async function generate() {
    setError(null);
    if (values.research_objective.trim() === '') {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy('drafting');
    const run = ++draftRun.current;
    try {
      const g = await call(
        api().studies.generate({
          workspace_id: workspace.id,
          research_objective: values.research_objective.trim(),
          type: values.type === 'CHURN' ? 'CHURN' : 'USER_INTERVIEW',
        }),
      );
      if (run !== draftRun.current) return;
      update((d) => ({
        drafted: true,
        values: {
          ...d.values,
          title: g.suggested_title || d.values.title,
          intro_message: g.intro_message,
          end_message: g.end_message,
          questions: toQuestionDrafts(g.questions),
        },
      }));
      setAttempt(0);
    } catch (e) {
      if (run === draftRun.current) setError(UiError.from(e));
    } finally {
      if (run === draftRun.current) setBusy(null);
    }
  }
  const cancelDraft = () => {
    draftRun.current++;
    setBusy(null);
  };

  async function create(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setServerErrors({});
    setAttempt((n) => n + 1);
    if (Object.keys(validateStudyForm(values)).length > 0) return;
    setBusy('creating');
    try {
      const { project_id } = await call(api().studies.create({ workspace_id: workspace.id, ...toCreateBody(values) }));
      reset(workspace.id);
      void useProjects.getState().load(workspace.id);
      openProject(project_id, 'guide');
    } catch (err) {
      const ui = UiError.from(err);
      const fields = serverFieldErrors(ui);
      if (fields) setServerErrors(fields);
      else setError(ui);
    } finally {
      setBusy(null);
    }
  }

  async function createStimuli(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setAttempt((n) => n + 1);
    if (values.title.trim() === '') return;
    setBusy('creating');
    try {
      await startStimuliWizard({ workspace, title: values.title, research_objective: values.research_objective });
      reset(workspace.id);
    } catch (err) {
      setError(UiError.from(err));
    } finally {
      setBusy(null);
    }
  }

  const ext = draft.external;
  const extErrors: FormErrors =
    attempt > 0
      ? {
          ...(ext.organisation_id.trim() === '' ? { organisation_id: 'Enter your organisation ID. You find it in your account settings on the service.' } : {}),
          ...(values.title.trim() === '' ? { title: 'Give the study a title.' } : {}),
          ...(values.research_objective.trim() === '' ? { research_objective: 'Describe what you want to learn; the guide is generated from it.' } : {}),
        }
      : {};
  async function createExternal(e?: FormEvent) {
    e?.preventDefault();
    setError(null);
    setAttempt((n) => n + 1);
    if (ext.organisation_id.trim() === '' || values.title.trim() === '' || values.research_objective.trim() === '') return;
    setBusy('creating');
    try {
      const r = await call(
        api().studies.createExternal({
          workspace_id: workspace.id,
          organisation_id: ext.organisation_id.trim(),
          title: values.title.trim(),
          research_objective: values.research_objective.trim(),
          ...(ext.ai_context.trim() ? { ai_context: ext.ai_context.trim() } : {}),
          ...(ext.target_audience.trim() ? { target_audience: ext.target_audience.trim() } : {}),
        }),
      );
      reset(workspace.id);
      void useProjects.getState().load(workspace.id);
      openProject(r.project_id, 'guide');
    } catch (err) {
      setError(UiError.from(err));
    } finally {
      setBusy(null);
    }
  }

  const writeByHand = () => {
    setError(null);
    update((d) => ({ method: 'own', values: { ...d.values, type: d.values.type === 'STIMULI' ? 'USER_INTERVIEW' : d.values.type } }));
  };

  const errorBlock = error ? (
    error.code === 'ai_unavailable' ? (
      <div className="error-note ns-ai-off" role="alert">
        <p>{error.message}</p>
        <p className="ns-actions">
          <button type="button" className="btn" onClick={writeByHand}>
            Write questions by hand
          </button>
          <span className="hint">Your objective comes with you.</span>
        </p>
      </div>
    ) : (
      <ErrorNote
        error={error}
        {...(error.code === 'generation_failed' ? { onRetry: () => void (method === 'external' ? createExternal() : generate()), retryLabel: 'Retry' } : {})}
      />
    )
  ) : null;

  const typeChoice = (
    <fieldset className="sf-fieldset">
      <legend className="sf-legend">Kind of interview</legend>
      <div className="ns-types">
        {(
          [
            ['USER_INTERVIEW', 'User interview', 'A standard conversational interview.'],
            ['CHURN', 'Churn', 'Why customers leave, with churn context from your organisation.'],
          ] as const
        ).map(([t, label, detail]) => (
          <label key={t} className={`sf-radio ${values.type === t ? 'is-on' : ''}`}>
            <input type="radio" name={`${workspace.id}-type`} checked={values.type === t} onChange={() => setValues({ type: t })} />
            <span>
              <strong>{label}</strong>
              <span className="hint">{detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );

  const createButton = (label: string) => (
    <div className="ns-submit">
      <button type="submit" className="btn btn-primary btn-large" disabled={busy !== null}>
        {busy === 'creating' ? (
          <>
            <span className="spinner" aria-hidden="true" /> Creating…
          </>
        ) : (
          label
        )}
      </button>
      {attempt > 0 && Object.keys(method === 'external' ? extErrors : formErrors).length > 0 && (
        <span className="field-error" role="status">
          Fix the fields marked above, then create the study.
        </span>
      )}
    </div>
  );

  return (
    <section className="screen ns" aria-labelledby="new-study-title">
      <header className="screen-head">
        <div>
          <h1 id="new-study-title">New study</h1>
          <p className="muted">In {workspace.name}. Nothing is created on the service until you press Create.</p>
        </div>
      </header>

      <fieldset className="ns-methods">
        <legend className="sf-legend">How do you want to start?</legend>
        {METHODS.map((m) => (
          <label key={m.id} className={`ns-method ${method === m.id ? 'is-on' : ''}`}>
            <input type="radio" name={`${workspace.id}-method`} value={m.id} checked={method === m.id} onChange={() => choose(m.id)} />
            <span>
              <strong>{m.title}</strong>
              <span className="hint">{m.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {method === 'ai' && (
        <form ref={formRef} className="ns-body" onSubmit={(e) => void create(e)} noValidate aria-label="Draft a study with AI">
          <div className="sf-section">
            {typeChoice}
            <ObjectiveField
              value={values.research_objective}
              onChange={(research_objective) => setValues({ research_objective })}
              error={objectiveError}
              hint="For example: understand why subscribers pause or cancel within their first three months."
            />
            <div className="row-8">
              <button type="button" className={`btn ${draft.drafted ? '' : 'btn-primary'}`} disabled={busy !== null} onClick={() => void generate()}>
                {busy === 'drafting' ? (
                  <>
                    <span className="spinner" aria-hidden="true" /> Drafting…
                  </>
                ) : draft.drafted ? (
                  'Draft again'
                ) : (
                  'Draft questions'
                )}
              </button>
              {busy === 'drafting' && (
                <button type="button" className="btn" onClick={cancelDraft}>
                  Cancel
                </button>
              )}
              {draft.drafted && busy === null && <span className="hint">Drafting again replaces the title, messages and questions below.</span>}
              <span className="visually-hidden" role="status">
                {busy === 'drafting' ? 'Drafting questions, this takes a few seconds.' : ''}
              </span>
            </div>
          </div>
          {errorBlock}
          {draft.drafted && (
            <>
              <p className="ns-drafted" role="status">
                Drafted from your objective. Review and edit anything, then create the study.
              </p>
              <StudyFormFields values={values} onChange={setValues} errors={formErrors} showObjective={false} />
              {createButton('Create study')}
            </>
          )}
        </form>
      )}

      {method === 'own' && (
        <form ref={formRef} className="ns-body" onSubmit={(e) => void create(e)} noValidate aria-label="Write your own questions">
          <div className="sf-section">{typeChoice}</div>
          <StudyFormFields values={values} onChange={setValues} errors={formErrors} />
          {errorBlock}
          {createButton('Create study')}
        </form>
      )}

      {method === 'stimuli' && (
        <form ref={formRef} className="ns-body" onSubmit={(e) => void createStimuli(e)} noValidate aria-label="Start a stimuli study">
          <div className="sf-section">
            <p>
              A stimuli study shows images or videos beside its questions. It starts with a placeholder question; you then upload the media on the study's
              Stimuli tab, and the questions are written from their captions.
            </p>
            <TitleField
              value={values.title}
              onChange={(title) => setValues({ title })}
              error={attempt > 0 && values.title.trim() === '' ? 'Give the study a title.' : undefined}
            />
            <ObjectiveField optional value={values.research_objective} onChange={(research_objective) => setValues({ research_objective })} />
          </div>
          {errorBlock}
          {createButton('Create stimuli study and add media')}
        </form>
      )}

      {method === 'external' && (
        <form ref={formRef} className="ns-body" onSubmit={(e) => void createExternal(e)} noValidate aria-label="Create with an external AI guide">
          <div className="sf-section">
            <p className="muted">
              The service writes the interview guide, recruiting criteria and branding from what you give here. The study is created as a draft you can review.
            </p>
            <TextField
              label="Organisation ID"
              value={ext.organisation_id}
              onChange={(organisation_id) => update((d) => ({ external: { ...d.external, organisation_id } }))}
              error={extErrors.organisation_id}
              hint={workspace.organisation_id ? 'Filled in from this workspace.' : 'From your account settings on the service.'}
            />
            <TitleField value={values.title} onChange={(title) => setValues({ title })} error={extErrors.title} hint="Internal study name." />
            <ObjectiveField
              value={values.research_objective}
              onChange={(research_objective) => setValues({ research_objective })}
              error={extErrors.research_objective}
              hint="The questions are generated from it."
            />
            <TextField
              label="AI context"
              optional
              multiline
              max={LIMITS.objectiveMax}
              value={ext.ai_context}
              onChange={(ai_context) => update((d) => ({ external: { ...d.external, ai_context } }))}
              hint="Background for the AI interviewer: your product, your customers, what matters."
            />
            <TextField
              label="Target audience"
              optional
              max={LIMITS.objectiveMax}
              value={ext.target_audience}
              onChange={(target_audience) => update((d) => ({ external: { ...d.external, target_audience } }))}
              hint="Who should take part; it informs the recruiting criteria."
            />
          </div>
          {errorBlock}
          {createButton('Generate draft')}
        </form>
      )}
    </section>
  );
}
