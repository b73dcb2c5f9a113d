import { ErrorNote } from '../../components/ErrorNote';
import type { NewStudyForm } from './use-new-study';

/** Why drafting or creating failed; with AI drafting off, the way to write the questions by hand instead. */
export function NewStudyError({ form }: { form: NewStudyForm }) {
  const { error, method } = form;
  if (!error) return null;
  if (error.code === 'ai_unavailable')
    return (
      <div className="error-note ns-ai-off" role="alert">
        <p>{error.message}</p>
        <p className="ns-actions">
          <button type="button" className="btn" onClick={form.writeByHand}>
            Write questions by hand
          </button>
          <span className="hint">Your objective comes with you.</span>
        </p>
      </div>
    );
  return (
    <ErrorNote
      error={error}
      {...(error.code === 'generation_failed'
        ? { onRetry: () => void (method === 'external' ? form.createExternal() : form.generate()), retryLabel: 'Retry' }
        : {})}
    />
  );
}

/** The form's submit button, busy while creating, and a pointer to the fields to fix after a refused submit. */
export function CreateButton({ form, label }: { form: NewStudyForm; label: string }) {
  const { busy, attempt, method } = form;
  return (
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
      {attempt > 0 && Object.keys(method === 'external' ? form.extErrors : form.formErrors).length > 0 && (
        <span className="field-error" role="status">
          Fix the fields marked above, then create the study.
        </span>
      )}
    </div>
  );
}
