import { useRef, useState, type FormEvent } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { UiError } from '../../lib/api';
import { toQuestionDrafts, validateStudyForm, type FormErrors, type StudyFormValues } from '../study-form/model';
import { externalErrors, serverFieldErrors } from './new-study-errors';
import { freshDraft, useNewStudy, type Method, type NewStudyDraft } from './store';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';

/**
 * The New study screen: the draft (kept per workspace in the store), which method it starts from, the
 * AI draft, the checks once a create was attempted, and creating the study each method's way.
 */
export function useNewStudyForm(workspace: WorkspaceSummary) {
  const store = useNewStudy.getState();
  // A draft from an earlier visit (another screen, a reload, a restart) is brought back and says so.
  const [restored, setRestored] = useState(() => store.restore(workspace.id, workspace.organisation_id));
  const stored = useNewStudy((s) => s.drafts[workspace.id]);
  const kept = useNewStudy((s) => s.kept[workspace.id] ?? true);
  const draft = stored ?? freshDraft(workspace.organisation_id);
  const update = (p: Partial<NewStudyDraft> | ((d: NewStudyDraft) => Partial<NewStudyDraft>)) =>
    store.patch(workspace.id, workspace.organisation_id, typeof p === 'function' ? p : () => p);
  const setValues = (p: Partial<StudyFormValues>) => update((d) => ({ values: { ...d.values, ...p } }));

  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<null | 'drafting' | 'creating'>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const formRef = useFocusFirstInvalid(attempt);
  // Drafting saves nothing, so cancelling just means ignoring the answer when it comes.
  const draftRun = useRef(0);

  const { method, values, external: ext } = draft;
  const formErrors: FormErrors = attempt > 0 ? { ...serverErrors, ...validateStudyForm(values) } : {};
  const objectiveError = attempt > 0 && values.research_objective.trim() === '' ? 'Describe what you want to learn; the AI drafts from it.' : undefined;
  const extErrors: FormErrors = attempt > 0 ? externalErrors(ext, values) : {};

  const choose = (m: Method) => {
    setError(null);
    setServerErrors({});
    setAttempt(0);
    update((d) => ({ method: m, values: { ...d.values, type: m === 'stimuli' ? 'STIMULI' : d.values.type === 'STIMULI' ? 'USER_INTERVIEW' : d.values.type } }));
  };

  async function generate() {
    setError(null);
    if (values.research_objective.trim() === '') {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy('drafting');
    const run = ++draftRun.current;
    try {
      const g = await store.generate(workspace.id, values.research_objective, values.type === 'CHURN' ? 'CHURN' : 'USER_INTERVIEW');
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

  /** One create, whichever method: checks first (`ready`), then `run`, with the form busy meanwhile. */
  async function submit(e: FormEvent | undefined, ready: () => boolean, run: () => Promise<void>, onError = (ui: UiError) => setError(ui)) {
    e?.preventDefault();
    setError(null);
    setAttempt((n) => n + 1);
    if (!ready()) return;
    setBusy('creating');
    try {
      await run();
    } catch (err) {
      onError(UiError.from(err));
      // Once more after the error shows, so focus lands on it (or on the field the service refused).
      setAttempt((n) => n + 1);
    } finally {
      setBusy(null);
    }
  }

  const create = (e: FormEvent) => {
    setServerErrors({});
    return submit(
      e,
      () => Object.keys(validateStudyForm(values)).length === 0,
      () => store.create(workspace.id, values),
      (ui) => {
        const fields = serverFieldErrors(ui);
        if (fields) setServerErrors(fields);
        else setError(ui);
      },
    );
  };
  const createStimuli = (e: FormEvent) =>
    submit(
      e,
      () => values.title.trim() !== '',
      () => store.createStimuli(workspace, values.title, values.research_objective),
    );
  const createExternal = (e?: FormEvent) =>
    submit(
      e,
      () => Object.keys(externalErrors(ext, values)).length === 0,
      () => store.createExternal(workspace.id, ext, values),
    );

  /** Drops the draft: the form starts blank again. */
  const discard = () => {
    draftRun.current++;
    store.reset(workspace.id);
    setRestored(false);
    setAttempt(0);
    setError(null);
    setServerErrors({});
    setBusy(null);
  };

  const writeByHand = () => {
    setError(null);
    update((d) => ({ method: 'own', values: { ...d.values, type: d.values.type === 'STIMULI' ? 'USER_INTERVIEW' : d.values.type } }));
  };

  return {
    workspace,
    draft,
    method,
    values,
    ext,
    update,
    setValues,
    attempt,
    busy,
    error,
    formRef,
    formErrors,
    objectiveError,
    extErrors,
    choose,
    generate,
    cancelDraft,
    create,
    createStimuli,
    createExternal,
    writeByHand,
    restored: restored && stored !== undefined,
    kept,
    discard,
  };
}

export type NewStudyForm = ReturnType<typeof useNewStudyForm>;
