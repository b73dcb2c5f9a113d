import { useEffect, useMemo } from 'react';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import type { UiError } from '../../lib/api';
import { projectKey, useProject } from '../project/store';
import { stimuliKey, useStimuli } from '../stimuli/store';
import { useSync } from '../sync/store';
import { interviewStimuli, type InterviewStimuli } from './stimulus-timeline';

export type InterviewStimuliState = {
  /** Null until the study is known to be a STIMULI one with its stimuli read (and for any other study). */
  ctx: InterviewStimuli | null;
  /** The last sync could not reach the service: a file not saved here cannot be fetched now. */
  offline: boolean;
  /** Reading the stimuli from the saved data failed; `retry` reads them again. */
  error: UiError | null;
  retry: () => void;
};

/**
 * The stimuli of the interview's study, lined up with its transcript, for a STIMULI study. The study and its
 * stimuli come from their own features' stores (read from the saved data, and again after a sync changes them).
 */
export function useInterviewStimuli(workspaceId: string, projectId: string, turns: readonly TranscriptTurn[]): InterviewStimuliState {
  const detail = useProject((s) => s.byKey[projectKey(workspaceId, projectId)]?.detail ?? null);
  const openProject = useProject((s) => s.open);
  useEffect(() => openProject(workspaceId, projectId), [workspaceId, projectId, openProject]);

  // Stimuli exist only on STIMULI studies (the contract), so a study of unknown type that has some is one.
  const isStimuli = detail?.type === 'STIMULI' || (!detail?.type && (detail?.stimuli.length ?? 0) > 0);
  const slice = useStimuli((s) => s.views[stimuliKey(workspaceId, projectId)]);
  const loadViews = useStimuli((s) => s.loadViews);
  const syncedStimuli = detail?.stimuli;
  useEffect(() => {
    // Read again when a sync changed the study's stimuli (the detail's list is a new one then).
    if (isStimuli) void loadViews(workspaceId, projectId);
  }, [isStimuli, workspaceId, projectId, syncedStimuli, loadViews]);

  const offline = useSync((s) => s.offline);
  const guide = detail?.guide?.questions;
  const items = slice?.items;
  const status = slice?.status;
  const ctx = useMemo(() => {
    // An error keeps what was read before (if anything), shown with the error.
    if (!isStimuli || !items || (status !== 'ready' && items.length === 0)) return null;
    return interviewStimuli(turns, guide && guide.length > 0 ? guide.map((q) => q.question) : null, items);
  }, [isStimuli, items, status, turns, guide]);
  const error = isStimuli && status === 'error' ? (slice?.error ?? null) : null;
  return { ctx, offline, error, retry: () => void loadViews(workspaceId, projectId) };
}
