import { useCallback, useMemo, useState } from 'react';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { requestCoding } from '../highlights/request-coding';
import { useCodebook } from '../codes/codebook-store';
import { useHighlights, useInterviewHighlights, type TranscriptRange } from '../highlights/store';
import { readTranscriptSelection } from './selection';
import { marginLanes, turnMarks } from './transcript-marks';

/**
 * The interview's codings as the viewer shows and edits them: the transcript's selection and coding it (the
 * code picker), the marks and margin lanes, and the coding chosen in the margin with recode, move and remove.
 */
export function useViewerCoding(workspaceId: string, projectId: string, interviewId: string, turns: readonly TranscriptTurn[]) {
  const [selection, setSelection] = useState<TranscriptRange | null>(null);
  const highlights = useInterviewHighlights(workspaceId, interviewId);
  const marks = useMemo(() => turnMarks(turns, highlights), [turns, highlights]);
  const lanes = useMemo(() => marginLanes(highlights).lanes, [highlights]);
  const codings = useMemo(() => new Map(highlights.map((h) => [h.id, h])), [highlights]);
  // The study's codebook, loaded with the interview: the picker then opens with its numbers ready for 1–9.
  useCodebook(workspaceId, projectId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // A coding removed (here or elsewhere) is no longer selected.
  const selectedCoding = selectedId === null ? null : (codings.get(selectedId) ?? null);
  const updateHighlight = useHighlights((s) => s.update);
  const removeHighlight = useHighlights((s) => s.remove);

  const codingCtx = useMemo(() => ({ workspaceId, projectId, interviewId }), [workspaceId, projectId, interviewId]);
  const highlight = useCallback(
    (range: TranscriptRange | null = selection) => {
      if (range) requestCoding({ ctx: codingCtx, kind: 'new', range });
    },
    [selection, codingCtx],
  );
  /** The selected coding takes the words selected now (read at the click, not from the last selectionchange). */
  const moveCoding = async () => {
    const range = readTranscriptSelection(turns, document.querySelector('.transcript-scroll')) ?? selection;
    if (!selectedCoding || !range) return;
    await updateHighlight(workspaceId, selectedCoding.id, { range });
    document.getSelection()?.removeAllRanges();
  };
  const recodeCoding = () => {
    if (selectedCoding) requestCoding({ ctx: codingCtx, kind: 'recode', highlight: selectedCoding });
  };
  const removeCoding = async () => {
    if (!selectedCoding) return;
    await removeHighlight(workspaceId, selectedCoding.id);
    setSelectedId(null);
  };
  /** Choosing the chosen coding again puts it down. */
  const selectCoding = (id: string) => setSelectedId((cur) => (cur === id ? null : id));
  const closeCoding = () => setSelectedId(null);

  return {
    selection,
    setSelection,
    highlight,
    highlights,
    marks,
    lanes,
    codings,
    selectedCoding,
    selectCoding,
    closeCoding,
    moveCoding,
    recodeCoding,
    removeCoding,
  };
}
