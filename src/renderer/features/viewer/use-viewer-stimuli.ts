import { useEffect, useMemo, useState } from 'react';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { onScreenAt } from './stimulus-timeline';
import { useInterviewStimuli } from './use-interview-stimuli';

/**
 * In a STIMULI study: what the participant had on screen where the researcher is: the playhead's turn, or
 * once they scroll the transcript themselves, the turn they are reading. Also the stimuli's captions by the
 * turn that shows them, for the transcript.
 */
export function useViewerStimuli(workspaceId: string, projectId: string, turns: readonly TranscriptTurn[], follow: boolean, activeIndex: number) {
  const stimuli = useInterviewStimuli(workspaceId, projectId, turns);
  const [readingIndex, setReadingIndex] = useState<number | null>(null);
  useEffect(() => {
    if (follow) setReadingIndex(null);
  }, [follow]);
  const positionIndex = follow || readingIndex === null ? activeIndex : readingIndex;
  const onScreen = useMemo(() => (stimuli.ctx ? onScreenAt(stimuli.ctx, positionIndex) : null), [stimuli.ctx, positionIndex]);
  const stimulusMarks = useMemo(() => {
    const ctx = stimuli.ctx;
    if (!ctx) return undefined;
    return new Map([...ctx.shownFrom].map(([turn, shown]) => [turn, shown.map((s) => ctx.labels.get(s.stimuli_id) ?? 'Stimulus')]));
  }, [stimuli.ctx]);
  // A study whose stimuli could not be read still gets the panel, to show the error and Retry.
  const shows = stimuli.ctx !== null || stimuli.error !== null;
  return { ...stimuli, shows, onScreen, stimulusMarks, setReadingIndex };
}
