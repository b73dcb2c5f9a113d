import { useState, type FormEvent } from 'react';
import type { UpdateStudyResult } from '../../../shared/ipc/channels/studies';
import type { ProjectDetail } from '../../../shared/views';
import { UiError } from '../../lib/api';
import { validateGuideEdit } from '../study-form/model';
import { diff, editFrom, isLaunched, type EditState } from './guide-edit';
import { useGuide } from './store';

/**
 * The Guide tab's edit: started from the study, checked once a save was attempted, saved (after a
 * confirmation when it would clear stimulus assignments). A failed save keeps the edit as typed.
 */
export function useGuideEdit(workspaceId: string, project: ProjectDetail) {
  const [edit, setEdit] = useState<EditState | null>(null);
  const [attempted, setAttempted] = useState(false);
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
      const r = await useGuide.getState().save(workspaceId, project.id, changes);
      setResult(r);
      setEdit(null);
      setAttempted(false);
    } catch (e) {
      // The edit stays as typed: nothing the researcher wrote is lost on a failure.
      setError(UiError.from(e));
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

  return {
    edit,
    /** Replaces the edit with a changed copy (the form's fields call it). */
    setEdit,
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
