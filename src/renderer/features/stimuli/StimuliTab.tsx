import { useEffect, useId, useState } from 'react';
import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { useNav } from '../../app/nav-store';
import { UiError } from '../../lib/api';
import { PLACEHOLDER_QUESTION } from '../new-study/stimuli-entry';
import { stimuliKey, useStimuli } from './store';
import { UploadPanel } from './UploadPanel';
import './stimuli.css';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

/**
 * A STIMULI study's images and videos in the order participants see them, each with its caption and
 * the questions it is shown alongside. Every stimulus needs at least one question before launch, so an
 * unassigned one is flagged in amber. After launch the service allows no changes; the tab is read-only.
 */
export function StimuliTab({ workspace, project }: TabProps) {
  const key = stimuliKey(workspace.id, project.id);
  const slice = useStimuli((s) => s.views[key]);
  const revision = useStimuli((s) => s.revision[key] ?? 0);
  const loadViews = useStimuli((s) => s.loadViews);
  useEffect(() => {
    void loadViews(workspace.id, project.id);
    // The project detail changes after a sync or an edit: its stimuli may have too.
  }, [workspace.id, project.id, project.stimuli, revision, loadViews]);

  const launched = project.recruiting.has_launched;
  const questions = project.guide?.questions.map((q) => q.question) ?? [];
  const items = slice?.items ?? [];
  const unassigned = items.filter((s) => s.question_items.length === 0).length;
  const go = useNav((s) => s.go);
  const hasStaged = useStimuli((s) => s.staged.some((f) => f.workspaceId === workspace.id && f.projectId === project.id));
  // Still on the placeholder question from creation: the guided setup has not been finished.
  const setupUnfinished = !launched && questions.length === 1 && questions[0] === PLACEHOLDER_QUESTION;

  return (
    <div className="stimuli-tab">
      <div className="stimuli-head">
        <div>
          <h2>Stimuli</h2>
          <p className="muted">
            {items.length === 0
              ? 'Images and videos participants react to.'
              : `${items.length} ${items.length === 1 ? 'image or video' : 'images and videos'}, shown to participants in this order, each beside its questions.`}
          </p>
        </div>
      </div>
      {setupUnfinished && (
        <div className="stimuli-note stimuli-setup" role="note">
          <span>This study still has its placeholder question. Draft the real questions from the captions, then assign each stimulus.</span>
          <button type="button" className="btn btn-small btn-primary" onClick={() => go({ name: 'stimuli-wizard', projectId: project.id })}>
            Continue the guided setup
          </button>
        </div>
      )}
      {launched && (
        <p className="stimuli-note" role="note">
          This study has launched, so its stimuli, captions and assignments can no longer be changed.
        </p>
      )}
      {!launched && unassigned > 0 && (
        <div className="stimuli-warning" role="status">
          <span className="warning-mark" aria-hidden="true">
            !
          </span>
          <p>
            <strong>Launch is blocked.</strong>{' '}
            {unassigned === 1 ? '1 stimulus is not shown with any question.' : `${unassigned} stimuli are not shown with any question.`} Tick at least one
            question for each.
          </p>
        </div>
      )}
      {!launched && <UploadPanel workspaceId={workspace.id} projectId={project.id} compact={items.length > 0} />}
      {slice?.error && <ErrorNote error={slice.error} onRetry={() => void loadViews(workspace.id, project.id)} />}
      {!slice || (slice.status === 'loading' && items.length === 0) ? (
        <p className="empty" role="status">
          <span className="spinner" aria-hidden="true" /> Loading stimuli…
        </p>
      ) : items.length === 0 ? (
        <p className="empty">
          {launched
            ? 'This study has no stimuli.'
            : hasStaged
              ? 'Uploaded files appear here.'
              : 'No stimuli yet. Drop images or videos above, give each a caption, then tick the questions it goes with.'}
        </p>
      ) : (
        <ol className="stimuli-list" aria-label="Stimuli in display order">
          {items.map((s, i) => (
            <StimulusCard
              key={s.stimuli_id}
              workspaceId={workspace.id}
              projectId={project.id}
              stimulus={s}
              index={i}
              questions={questions}
              readOnly={launched}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function StimulusCard(p: { workspaceId: string; projectId: string; stimulus: StimulusView; index: number; questions: string[]; readOnly: boolean }) {
  const { stimulus: s } = p;
  const assign = useStimuli((st) => st.assign);
  const [error, setError] = useState<UiError | null>(null);
  // A caption's own outcome, shown at its field: the typed text stays there when the save fails.
  const [captionOutcome, setCaptionOutcome] = useState<{ error: UiError | null; saved: boolean }>({ error: null, saved: false });
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const label = s.caption?.trim() || `Stimulus ${p.index + 1}`;
  const unassigned = s.question_items.length === 0;
  // Assignments to texts no longer in the guide still count for the service; show them so nothing is hidden.
  const stale = s.question_items.filter((q) => !p.questions.includes(q));

  const save = async (items: string[], caption?: string | null) => {
    setSaving(true);
    setError(null);
    if (caption !== undefined) setCaptionOutcome({ error: null, saved: false });
    try {
      await assign(p.workspaceId, p.projectId, s.stimuli_id, items, caption);
      if (caption !== undefined) setCaptionOutcome({ error: null, saved: true });
    } catch (e) {
      if (caption !== undefined) setCaptionOutcome({ error: UiError.from(e), saved: false });
      else setError(UiError.from(e));
    } finally {
      setSaving(false);
    }
  };
  const toggle = (q: string, on: boolean) => void save(on ? [...s.question_items.filter((x) => x !== q), q] : s.question_items.filter((x) => x !== q));

  return (
    <li className={`stimulus-card card${unassigned && !p.readOnly ? ' stimulus-unassigned' : ''}`} aria-labelledby={titleId}>
      <div className="stimulus-media">
        <Media stimulus={s} label={label} />
      </div>
      <div className="stimulus-body">
        <div className="stimulus-title">
          <span className="stimulus-order num" aria-label={`Position ${p.index + 1}`}>
            {p.index + 1}
          </span>
          <h3 id={titleId}>{label}</h3>
          <span className="muted">{s.kind === 'video' ? 'Video' : 'Image'}</span>
          {unassigned && !p.readOnly && (
            <span className="tag-warning">
              <span aria-hidden="true">!</span>Not assigned
            </span>
          )}
        </div>
        {!p.readOnly && (
          <CaptionEditor
            caption={s.caption ?? ''}
            label={label}
            disabled={saving}
            outcome={captionOutcome}
            onEdit={() => setCaptionOutcome({ error: null, saved: false })}
            onSave={(c) => void save(s.question_items, c === '' ? null : c)}
          />
        )}
        {p.readOnly ? (
          <div className="stimulus-questions">
            <p className="stimulus-questions-label">Shown with {s.question_items.length === 1 ? '1 question' : `${s.question_items.length} questions`}</p>
            <ul aria-label={`Questions shown with ${label}`}>
              {s.question_items.map((q) => {
                const n = p.questions.indexOf(q);
                return (
                  <li key={q} className="question-check question-read">
                    <span className="question-num num">{n >= 0 ? `Q${n + 1}` : '—'}</span>
                    <span className="question-text">{q}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : (
          <fieldset className="stimulus-questions" disabled={saving}>
            <legend>
              Shown with {s.question_items.length === 0 ? 'no question' : s.question_items.length === 1 ? '1 question' : `${s.question_items.length} questions`}
            </legend>
            {p.questions.length === 0 ? (
              <p className="muted">The interview guide has no saved questions yet. Sync the study to fetch them.</p>
            ) : (
              <ul>
                {p.questions.map((q, i) => (
                  <li key={`${i}-${q}`}>
                    <label className="question-check">
                      <input
                        type="checkbox"
                        checked={s.question_items.includes(q)}
                        onChange={(e) => toggle(q, e.target.checked)}
                        aria-label={`Show “${label}” with question ${i + 1}: ${q}`}
                      />
                      <span className="question-num num">Q{i + 1}</span>
                      <span className="question-text">{q}</span>
                    </label>
                  </li>
                ))}
                {stale.map((q) => (
                  <li key={`stale-${q}`}>
                    <label className="question-check">
                      <input
                        type="checkbox"
                        checked
                        onChange={() => toggle(q, false)}
                        aria-label={`Remove “${label}” from a question no longer in the guide: ${q}`}
                      />
                      <span className="question-num">—</span>
                      <span className="question-text">
                        {q} <span className="muted">(no longer in the guide)</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        )}
        {saving && (
          <p className="muted row-8" role="status">
            <span className="spinner" aria-hidden="true" /> Saving…
          </p>
        )}
        {error && <ErrorNote error={error} />}
      </div>
    </li>
  );
}

function Media({ stimulus: s, label }: { stimulus: StimulusView; label: string }) {
  const [failed, setFailed] = useState(false);
  if (!s.media_url || failed) {
    return <div className="stimulus-missing">{s.media_url ? 'Preview not available. It shows once Fieldwork can fetch it.' : 'No media'}</div>;
  }
  if (s.kind === 'video') {
    return <video src={s.media_url} controls preload="metadata" muted playsInline aria-label={`Video: ${label}`} onError={() => setFailed(true)} />;
  }
  return <img src={s.media_url} alt={label} loading="lazy" onError={() => setFailed(true)} />;
}

/**
 * The caption, edited in place: Enter or leaving the field saves, Escape puts it back. Its outcome is said at
 * the field: "Caption saved", or what went wrong with the typed text kept to try again.
 */
function CaptionEditor({
  caption,
  label,
  disabled,
  outcome,
  onEdit,
  onSave,
}: {
  caption: string;
  label: string;
  disabled: boolean;
  outcome: { error: UiError | null; saved: boolean };
  onEdit: () => void;
  onSave: (c: string) => void;
}) {
  const [value, setValue] = useState(caption);
  const [prev, setPrev] = useState(caption);
  if (caption !== prev) {
    setPrev(caption);
    setValue(caption);
  }
  const id = useId();
  const commit = () => {
    const next = value.trim();
    if (next !== caption.trim()) onSave(next);
  };
  return (
    <div className="caption-editor">
      <label htmlFor={id} className="caption-label">
        Caption
      </label>
      <input
        id={id}
        className="input"
        value={value}
        maxLength={300}
        disabled={disabled}
        placeholder="Shown below the media"
        aria-label={`Caption for ${label}`}
        aria-invalid={outcome.error ? true : undefined}
        aria-describedby={outcome.error ? `${id}-error` : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          onEdit();
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            setValue(caption);
            onEdit();
          }
        }}
      />
      {outcome.error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          The caption was not saved: {outcome.error.message} Your text is still in the field; press Enter to try again, or Escape to put the saved caption back.
        </p>
      )}
      {outcome.saved && !disabled && (
        <p className="muted caption-saved" role="status">
          Caption saved
        </p>
      )}
    </div>
  );
}
