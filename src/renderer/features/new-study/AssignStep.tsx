import { useMemo, useState } from 'react';
import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { projectKey, useProject } from '../project/store';
import { useStimuli } from '../stimuli/store';
import { suggestQuestions } from './assign-suggest';
import type { WizardState } from './stimuli-wizard-store';

/** Step 3: put each stimulus with its questions: kept ones shown, the rest suggested from captions to confirm. */
export function AssignStep({
  workspace,
  w,
  stimuli,
  patch,
}: {
  workspace: WorkspaceSummary;
  w: WizardState;
  stimuli: StimulusView[];
  patch: (p: Partial<WizardState>) => void;
}) {
  const detail = useProject((s) => s.byKey[projectKey(workspace.id, w.projectId)]?.detail);
  const questions = useMemo(() => detail?.guide?.questions.map((q) => q.question) ?? [], [detail]);
  const restored = new Map((w.saved?.restored ?? []).map((r) => [r.stimuli_id, r]));
  const unresolved = new Map((w.saved?.unresolved ?? []).map((u) => [u.stimuli_id, u]));
  const asked = new Set(unresolved.keys());
  // What each stimulus will be shown with: its current assignment, or for one that has none, the suggestions.
  const [picks, setPicks] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(stimuli.map((s) => [s.stimuli_id, s.question_items.length > 0 ? s.question_items : suggestQuestions(s.caption, questions)])),
  );
  const [suggested] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(stimuli.map((s) => [s.stimuli_id, s.question_items.length > 0 ? [] : suggestQuestions(s.caption, questions)])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [tried, setTried] = useState(false);
  const pick = (id: string) => picks[id] ?? stimuli.find((s) => s.stimuli_id === id)?.question_items ?? [];
  const missing = stimuli.filter((s) => pick(s.stimuli_id).length === 0);
  const toggle = (id: string, q: string, on: boolean) =>
    setPicks((p) => ({ ...p, [id]: on ? [...pick(id).filter((x) => x !== q), q] : pick(id).filter((x) => x !== q) }));

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
          {asked.size > 0 || missing.length > 0
            ? 'Choose the questions for the rest; the ones that name a stimulus in their text are ticked for you to confirm.'
            : 'Check them and go on.'}
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
                {s.media_url && s.kind === 'image' ? (
                  <img src={s.media_url} alt={label} />
                ) : s.media_url && s.kind === 'video' ? (
                  <video src={s.media_url} muted controls preload="metadata" aria-label={`Video: ${label}`} />
                ) : null}
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
                {r && r.lost_questions.length > 0 && (
                  <p className="muted">
                    Its other {r.lost_questions.length === 1 ? 'question was' : `${r.lost_questions.length} questions were`} changed or removed.
                  </p>
                )}
                {(unresolved.get(s.stimuli_id)?.lost_questions.length ?? 0) > 0 && (
                  <p className="muted">
                    {unresolved.get(s.stimuli_id)!.lost_questions.length === 1
                      ? 'Its question was'
                      : `All ${unresolved.get(s.stimuli_id)!.lost_questions.length} of its questions were`}{' '}
                    changed or removed, so it needs new ones.
                  </p>
                )}
                <fieldset className="stimulus-questions" disabled={busy}>
                  <legend>Shown with</legend>
                  <ul>
                    {questions.map((q, qi) => (
                      <li key={`${qi}-${q}`}>
                        <label className="question-check">
                          <input
                            type="checkbox"
                            checked={pick(s.stimuli_id).includes(q)}
                            onChange={(e) => toggle(s.stimuli_id, q, e.target.checked)}
                            aria-label={`Show “${label}” with question ${qi + 1}: ${q}`}
                          />
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
            {missing.length === 1 ? `“${missing[0]!.caption || 'One stimulus'}” needs` : `${missing.length} stimuli need`} at least one question: launch is
            blocked until every stimulus has one.
          </span>
        )}
      </div>
    </div>
  );
}
