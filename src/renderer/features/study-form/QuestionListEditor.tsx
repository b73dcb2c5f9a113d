import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { PROBING_LEVELS } from '../../../shared/schemas/enums';
import { isProbingLevel, LIMIT_HINTS, PROBING_INFO, question, type FormErrors, type QuestionDraft } from './model';
import './study-form.css';

type Props = {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  errors?: FormErrors;
  /** Shown under the heading, e.g. why changes here matter on a STIMULI study. */
  note?: string;
  label?: string;
};

/**
 * The ordered question list: add, edit, reorder and delete. Reordering works with the Up/Down buttons
 * or Alt+↑/↓ inside a question, never only by dragging. Each question has its probing level, which
 * sets how many follow-ups the AI interviewer asks.
 */
export function QuestionListEditor({ questions, onChange, errors = {}, note, label = 'Questions' }: Props) {
  const id = useId();
  const refs = useRef(new Map<string, HTMLTextAreaElement>());
  // After a move or add, focus follows the question (or control) the researcher acted on.
  const pendingFocus = useRef<{ key: string; target: 'text' | 'up' | 'down' } | null>(null);
  useEffect(() => {
    const f = pendingFocus.current;
    if (!f) return;
    pendingFocus.current = null;
    if (f.target === 'text') refs.current.get(f.key)?.focus();
    else document.getElementById(`${id}-${f.key}-${f.target}`)?.focus();
  });

  const set = (i: number, patch: Partial<QuestionDraft>) => onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const move = (i: number, delta: -1 | 1, target: 'text' | 'up' | 'down') => {
    const j = i + delta;
    if (j < 0 || j >= questions.length) return;
    const next = [...questions];
    [next[i], next[j]] = [next[j]!, next[i]!];
    // At the top or bottom the button that was pressed disappears into disabled; focus the other one.
    const edge = (delta === -1 && j === 0) || (delta === 1 && j === questions.length - 1);
    pendingFocus.current = { key: questions[i]!.key, target: target !== 'text' && edge ? (target === 'up' ? 'down' : 'up') : target };
    onChange(next);
  };
  const remove = (i: number) => {
    const next = questions.filter((_, j) => j !== i);
    const neighbour = next[Math.min(i, next.length - 1)];
    if (neighbour) pendingFocus.current = { key: neighbour.key, target: 'text' };
    onChange(next);
  };
  const add = () => {
    const q = question();
    pendingFocus.current = { key: q.key, target: 'text' };
    onChange([...questions, q]);
  };
  const onKey = (i: number) => (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      move(i, e.key === 'ArrowUp' ? -1 : 1, 'text');
    }
  };

  const listError = errors.questions;
  const full = questions.length >= LIMIT_HINTS.questionsMax;
  return (
    <fieldset className="sf-fieldset" aria-describedby={`${id}-help${listError ? ` ${id}-error` : ''}`}>
      <legend className="sf-legend">{label}</legend>
      <p className="hint" id={`${id}-help`}>
        Asked in this order. Probing sets how many follow-ups the AI asks: low none, medium one, high three. Alt+↑/↓ moves the question you are in.
      </p>
      {note && <p className="sf-note">{note}</p>}
      {listError && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {listError}
        </p>
      )}
      <ol className="sf-questions">
        {questions.map((q, i) => {
          const n = i + 1;
          const err = errors[`questions.${i}`];
          return (
            <li key={q.key} className={`sf-question ${err ? 'has-error' : ''}`}>
              <span className="sf-question-n num" aria-hidden="true">
                {n}
              </span>
              <div className="sf-question-main">
                <textarea
                  ref={(el) => {
                    if (el) refs.current.set(q.key, el);
                    else refs.current.delete(q.key);
                  }}
                  className="input sf-question-text"
                  rows={2}
                  value={q.question}
                  maxLength={LIMIT_HINTS.questionMax}
                  aria-label={`Question ${n}`}
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${id}-${q.key}-error` : undefined}
                  placeholder="What would you like to ask?"
                  onChange={(e) => set(i, { question: e.target.value })}
                  onKeyDown={onKey(i)}
                />
                {err && (
                  <span className="field-error" id={`${id}-${q.key}-error`}>
                    {err}
                  </span>
                )}
                <div className="sf-question-tools">
                  <label className="sf-probing">
                    <span>Probing</span>
                    <select
                      className="input input-compact"
                      value={q.probing_level}
                      aria-label={`Probing level for question ${n}`}
                      onChange={(e) => isProbingLevel(e.target.value) && set(i, { probing_level: e.target.value })}
                    >
                      {PROBING_LEVELS.map((l) => (
                        <option key={l} value={l}>
                          {PROBING_INFO[l].label}: {PROBING_INFO[l].followUps}
                        </option>
                      ))}
                    </select>
                  </label>
                  <span className="sf-spacer" />
                  <button
                    type="button"
                    id={`${id}-${q.key}-up`}
                    className="btn btn-small btn-ghost"
                    aria-label={`Move question ${n} up`}
                    title="Move up (Alt+↑)"
                    disabled={i === 0}
                    onClick={() => move(i, -1, 'up')}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    id={`${id}-${q.key}-down`}
                    className="btn btn-small btn-ghost"
                    aria-label={`Move question ${n} down`}
                    title="Move down (Alt+↓)"
                    disabled={i === questions.length - 1}
                    onClick={() => move(i, 1, 'down')}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-ghost sf-delete"
                    aria-label={`Delete question ${n}`}
                    disabled={questions.length === 1}
                    title={questions.length === 1 ? 'A study needs at least one question' : 'Delete'}
                    onClick={() => remove(i)}
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="row-8">
        <button type="button" className="btn btn-small" onClick={add} disabled={full}>
          + Add question
        </button>
        <span className="hint num">
          {questions.length} of at most {LIMIT_HINTS.questionsMax}
        </span>
      </div>
    </fieldset>
  );
}
