import { useState, type FormEvent } from 'react';
import type { UpdateStudyResult } from '../../../shared/ipc/channels/studies';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { LIMITS } from '../../../shared/schemas/limits';
import { openProject } from '../../app/nav-store';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { api, call, UiError } from '../../lib/api';
import { relativeTime } from '../../lib/format';
import { useProject } from '../project/store';
import { useProjects } from '../projects/store';
import {
  localeLabel,
  modesExplanation,
  MODE_INFO,
  PROBING_INFO,
  question,
  QuestionListEditor,
  RECRUITING_INFO,
  TextField,
  TitleField,
  toQuestionBodies,
  toQuestionDrafts,
  validateGuideEdit,
  type QuestionDraft,
} from '../study-form';
import { isInteractionMode, isProbingLevel } from '../study-form/model';
import './guide.css';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

type EditState = { title: string; intro_message: string; end_message: string; questions: QuestionDraft[] };

const LAUNCHED_REASON = 'This study has launched; its guide can no longer change.';

export const isLaunched = (p: ProjectDetail) => p.recruiting.has_launched || p.status === 'IN_PROGRESS' || p.status === 'COMPLETE' || p.status === 'PAUSED';

const probingText = (level: 'low' | 'medium' | 'high') => `${PROBING_INFO[level].label} · ${PROBING_INFO[level].followUps}`;

function editFrom(p: ProjectDetail): EditState {
  const g = p.guide;
  return {
    title: p.title,
    intro_message: g?.intro_message ?? '',
    end_message: g?.end_message ?? '',
    // The external endpoint gives question texts only; medium is the service's standard depth.
    questions: g && g.questions.length > 0 ? toQuestionDrafts(g.questions) : [question()],
  };
}

const sameQuestions = (a: { question: string; probing_level: string }[], b: { question: string; probing_level: string }[]) =>
  a.length === b.length && a.every((q, i) => q.question.trim() === b[i]!.question.trim() && q.probing_level === b[i]!.probing_level);

/** Only what changed goes in the PATCH; an emptied end message is sent as null, which clears it. */
function diff(p: ProjectDetail, e: EditState) {
  const g = p.guide;
  const out: {
    title?: string;
    intro_message?: string;
    end_message?: string | null;
    questions?: { question: string; probing_level: 'low' | 'medium' | 'high' }[];
  } = {};
  if (e.title.trim() !== p.title) out.title = e.title.trim();
  if (e.intro_message !== (g?.intro_message ?? '')) out.intro_message = e.intro_message;
  const end = e.end_message.trim();
  if (end !== (g?.end_message ?? '').trim()) out.end_message = end === '' ? null : end;
  if (!g || !sameQuestions(e.questions, g.questions)) out.questions = toQuestionBodies(e.questions);
  return out;
}

/** The interview guide: read it, and while the study is unlaunched, edit it. */
export function GuideTab({ workspace, project }: TabProps) {
  const [edit, setEdit] = useState<EditState | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<UpdateStudyResult | null>(null);
  const launched = isLaunched(project);
  const g = project.guide;
  const assigned = project.stimuli.filter((s) => s.question_items.length > 0).length;

  const changes = edit ? diff(project, edit) : {};
  const dirty = Object.keys(changes).length > 0;
  const check = (e: EditState) => {
    const x = validateGuideEdit(e);
    // With no intro on record an empty one is simply not sent, so it is not an error.
    if (!g?.intro_message && e.intro_message.trim() === '') delete x.intro_message;
    return x;
  };
  const errors = edit && attempted ? check(edit) : {};
  const stimuliWarn = project.type === 'STIMULI' && changes.questions !== undefined && project.stimuli.length > 0;

  const start = () => {
    setEdit(editFrom(project));
    setAttempted(false);
    setError(null);
    setResult(null);
  };
  const cancel = () => {
    setEdit(null);
    setError(null);
    setAttempted(false);
  };

  async function save() {
    if (!edit) return;
    setConfirming(false);
    setSaving(true);
    setError(null);
    try {
      const r = await call(api().studies.update({ workspace_id: workspace.id, project_id: project.id, ...changes }));
      // Reload first, so the read view never flashes the old guide under "saved".
      await useProject.getState().load(workspace.id, project.id);
      setResult(r);
      setEdit(null);
      setAttempted(false);
      if (changes.title !== undefined) void useProjects.getState().load(workspace.id);
    } catch (e) {
      // The edit stays as typed: nothing the researcher wrote is lost on a failure.
      setError(UiError.from(e));
      if (UiError.from(e).code === 'not_editable') void useProject.getState().refresh(workspace.id, project.id);
    } finally {
      setSaving(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!edit || !dirty || Object.keys(check(edit)).length > 0) return;
    if (stimuliWarn) setConfirming(true);
    else void save();
  }

  const errorNote = error && (
    <div className="guide-error">
      {error.code === 'survey_questions' ? (
        <div className="error-note" role="alert">
          <p>
            <strong>Fieldwork can't save this guide.</strong> {error.message}
          </p>
          <p className="hint">Your edits are still here. Cancel to discard them, or copy what you need first.</p>
          <details>
            <summary>Show details</summary>
            <span className="mono">code: {error.code}</span>
          </details>
        </div>
      ) : (
        <ErrorNote error={error} {...(error.code !== 'not_editable' ? { onRetry: () => void save(), retryLabel: 'Try saving again' } : {})} />
      )}
    </div>
  );

  const resultNote = result && project.type === 'STIMULI' && (result.stimuli_cleared || result.unresolved.length > 0) && (
    <div className={`guide-result ${result.unresolved.length ? 'is-warning' : ''}`} role="status">
      <p>
        Saved.{' '}
        {result.stimuli_cleared
          ? `${result.restored.length} ${result.restored.length === 1 ? 'stimulus was' : 'stimuli were'} re-assigned automatically to the questions that still exist.`
          : 'Stimulus assignments were not affected.'}
      </p>
      {result.unresolved.length > 0 && (
        <>
          <p>
            <strong>
              {result.unresolved.length} {result.unresolved.length === 1 ? 'stimulus needs' : 'stimuli need'} questions before launch:
            </strong>{' '}
            {result.unresolved.map((u) => u.caption ?? 'Untitled stimulus').join(', ')}.
          </p>
          <p>
            <button type="button" className="btn btn-small" onClick={() => openProject(project.id, 'stimuli')}>
              Assign on the Stimuli tab
            </button>
          </p>
        </>
      )}
    </div>
  );

  const savedNote = result && !resultNote && (
    <p className="guide-result" role="status">
      Guide saved.
    </p>
  );

  if (edit) {
    return (
      <form className="guide guide-edit" onSubmit={submit} noValidate aria-label="Edit the guide">
        <div className="guide-toolbar">
          <h2>Edit guide</h2>
          <span className={`guide-dirty ${dirty ? 'is-dirty' : ''}`} role="status">
            {dirty ? 'Unsaved changes' : 'No changes yet'}
          </span>
          <span className="sf-spacer" />
          <button type="button" className="btn" onClick={cancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving || !dirty || launched}>
            {saving ? (
              <>
                <span className="spinner" aria-hidden="true" /> Saving…
              </>
            ) : (
              'Save guide'
            )}
          </button>
        </div>
        {errorNote}
        <div className="sf-section">
          <TitleField value={edit.title} onChange={(title) => setEdit({ ...edit, title })} error={errors.title} />
          <TextField
            label="Intro message"
            multiline
            max={LIMITS.messageMax}
            value={edit.intro_message}
            onChange={(intro_message) => setEdit({ ...edit, intro_message })}
            error={errors.intro_message}
            hint="Shown to participants before the interview."
          />
        </div>
        <div className="sf-section">
          <QuestionListEditor
            questions={edit.questions}
            onChange={(questions) => setEdit({ ...edit, questions })}
            errors={errors}
            {...(project.type === 'STIMULI' && project.stimuli.length > 0
              ? {
                  note: 'Changing questions clears every stimulus assignment on the service. Fieldwork then re-assigns each stimulus the questions that still exist word for word; the rest you assign again on the Stimuli tab.',
                }
              : {})}
          />
        </div>
        <div className="sf-section">
          <TextField
            label="End message"
            optional
            multiline
            max={LIMITS.messageMax}
            value={edit.end_message}
            onChange={(end_message) => setEdit({ ...edit, end_message })}
            error={errors.end_message}
            hint="Shown after the interview. Leave empty to remove it."
          />
        </div>
        <p className="hint">Languages, interaction modes and recruiting are set when a study is created and cannot be changed here.</p>
        {confirming && (
          <Dialog
            title="Save and re-assign stimuli?"
            onClose={() => setConfirming(false)}
            footer={
              <>
                <button type="button" className="btn" onClick={() => setConfirming(false)}>
                  Keep editing
                </button>
                <button type="button" className="btn btn-primary" onClick={() => void save()}>
                  Save and re-assign
                </button>
              </>
            }
          >
            <p>
              Saving changed questions clears the assignments of all {project.stimuli.length} stimuli on the service ({assigned} assigned now). Fieldwork puts
              back each stimulus's questions that still exist word for word, and tells you which stimuli still need questions. A stimulus without questions
              blocks launch.
            </p>
          </Dialog>
        )}
      </form>
    );
  }

  return (
    <div className="guide">
      <div className="guide-toolbar">
        <h2>Interview guide</h2>
        {g && <span className="hint">Saved {relativeTime(g.updated_at)}</span>}
        <span className="sf-spacer" />
        {!launched && (
          <button type="button" className="btn btn-primary" onClick={start}>
            Edit guide
          </button>
        )}
      </div>
      {launched && (
        <p className="guide-locked" role="note">
          <span className="guide-chip">Read-only</span> {LAUNCHED_REASON}
        </p>
      )}
      {resultNote}
      {savedNote}
      {error && error.code === 'not_editable' && errorNote}
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
          <div className="guide-main">
            {g.research_objective && (
              <section className="guide-block" aria-labelledby="guide-objective">
                <h3 id="guide-objective">Research objective</h3>
                <p className="guide-text">{g.research_objective}</p>
              </section>
            )}
            <section className="guide-block" aria-labelledby="guide-intro">
              <h3 id="guide-intro">Intro message</h3>
              <p className="guide-text">{g.intro_message || <span className="muted">None</span>}</p>
            </section>
            <section className="guide-block" aria-labelledby="guide-questions">
              <h3 id="guide-questions">
                Questions <span className="muted num">{g.questions.length}</span>
              </h3>
              <ol className="guide-questions">
                {g.questions.map((q, i) => {
                  const stimuli = project.stimuli.filter((s) => s.question_items.includes(q.question));
                  return (
                    <li key={`${i}-${q.question}`}>
                      <span className="sf-question-n num" aria-hidden="true">
                        {i + 1}
                      </span>
                      <div>
                        <p className="guide-text">{q.question}</p>
                        <p className="guide-meta">
                          {/* Unknown levels (external drafts) are explained once above rather than on every question. */}
                          {isProbingLevel(q.probing_level) && (
                            <span className={`guide-probing probing-${q.probing_level}`}>{probingText(q.probing_level)}</span>
                          )}
                          {stimuli.length > 0 && <span className="hint">Shown with: {stimuli.map((s) => s.caption || 'untitled stimulus').join(', ')}</span>}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </section>
            <section className="guide-block" aria-labelledby="guide-end">
              <h3 id="guide-end">End message</h3>
              <p className="guide-text">{g.end_message || <span className="muted">None</span>}</p>
            </section>
          </div>
          <aside className="guide-side" aria-label="Format">
            <section className="guide-block">
              <h3>Languages</h3>
              {g.languages.length ? (
                <ul className="guide-list">
                  {g.languages.map((l) => (
                    <li key={`${l.language_name}-${l.accent}`}>
                      {l.language_name} <span className="muted mono">{l.accent}</span>
                      <span className="hint"> · {localeLabel(l.accent)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">Not reported by the service.</p>
              )}
            </section>
            <section className="guide-block">
              <h3>Interaction modes</h3>
              {g.interaction_modes.length ? (
                <>
                  <p>{g.interaction_modes.map((m) => (isInteractionMode(m) ? MODE_INFO[m].label : m)).join(', ')}</p>
                  <p className="hint">{modesExplanation(g.interaction_modes)}</p>
                </>
              ) : (
                <p className="muted">Not reported by the service.</p>
              )}
            </section>
            <section className="guide-block">
              <h3>Participants</h3>
              <p className="num">
                {project.recruiting.target_participants !== null ? `Target ${project.recruiting.target_participants}` : 'No target set'} ·{' '}
                {project.recruiting.completed_participants} completed
              </p>
              {project.recruiting.type && project.recruiting.type in RECRUITING_INFO && (
                <p className="hint">{RECRUITING_INFO[project.recruiting.type as keyof typeof RECRUITING_INFO].label}</p>
              )}
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
