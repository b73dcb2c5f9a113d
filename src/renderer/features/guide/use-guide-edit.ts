import { useState, type FormEvent } from 'react';
import { fingerprint } from '../../lib/drafts';
import { useDraft } from '../../lib/use-draft';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import type { UpdateStudyResult } from '../../../shared/ipc/channels/studies';
import type { ProjectDetail } from '../../../shared/views';
import { UiError } from '../../lib/api';
import { toQuestionBodies, validateGuideEdit } from '../study-form/model';
import { diff, editFrom, isLaunched, type EditState } from './guide-edit';
import { useGuide } from './store';

/**
 * The Guide tab's edit: started from the study, kept as a local draft while it differs from the saved guide
 * (so leaving the tab or the study, reloading or closing loses nothing), checked once a save was attempted,
 * saved (after a confirmation when it would clear stimulus assignments). A failed save keeps the edit as typed.
 */
export function useGuideEdit(workspaceId: string, project: ProjectDetail) {
  const saved = editFrom(project);
  // Row keys are new on every render: the fingerprint is of what the service holds, not of the rows.
  const draft = useDraft<EditState>({ workspaceId, scope: project.id, form: 'guide' }, fingerprint({ ...saved, questions: toQuestionBodies(saved.questions) }));
  const edit = draft.value;
  const [attempted, setAttempted] = useState(false);
  const [refused, setRefused] = useState(0);
  const formRef = useFocusFirstInvalid(refused);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<UpdateStudyResult | null>(null);
  const g = project.guide;

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

  const setEdit = (e: EditState) => draft.change(e, Object.keys(diff(project, e)).length > 0);
  const start = () => {
    draft.start(saved);
    setAttempted(false);
    setError(null);
    setResult(null);
  };
  /** Cancel and Discard: the edit and its draft go, and the saved guide shows. */
  const cancel = () => {
    draft.end();
    setError(null);
    setAttempted(false);
  };

  async function save() {
    if (!edit) return;
    setConfirming(false);
    setSaving(true);
    setError(null);
    try {
      const r = await useGuide.getState().save(workspaceId, project.id, changes);
      setResult(r);
      draft.end();
      setAttempted(false);
    } catch (e) {
      // The edit stays as typed (and as a draft): nothing the researcher wrote is lost on a failure.
      setError(UiError.from(e));
      setRefused((n) => n + 1);
    } finally {
      setSaving(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!edit || !dirty) return;
    if (Object.keys(check(edit)).length > 0) {
      setRefused((n) => n + 1);
      return;
    }
    if (stimuliWarn) setConfirming(true);
    else void save();
  }

  return {
    edit,
    /** Replaces the edit with a changed copy (the form's fields call it); kept as a draft. */
    setEdit,
    /** Restored from an earlier visit, changed underneath, not kept: what the draft note says. */
    draft,
    formRef,
    launched: isLaunched(project),
    dirty,
    errors,
    saving,
    error,
    result,
    confirming,
    setConfirming,
    start,
    cancel,
    save,
    submit,
  };
}

export type GuideEdit = ReturnType<typeof useGuideEdit>;
