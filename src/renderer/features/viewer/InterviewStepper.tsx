import { useCallback, useEffect, useRef, useState } from 'react';
import { useNav } from '../../app/nav-store';
import { uiFor, useInterviewsUi } from '../interviews/ui-store';
import { interviewSequence, type InterviewSequence } from './store';

/**
 * Previous and Next interview, in the order of the Interviews list the researcher came from (its filters
 * as left there), so a study is read through without going back to the list. Shift+P and Shift+N do the same.
 */
export function useInterviewSequence(workspaceId: string, projectId: string, interviewId: string) {
  const [seq, setSeq] = useState<InterviewSequence | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const filters = uiFor(useInterviewsUi.getState(), `${workspaceId}/${projectId}`).filters;
    interviewSequence(workspaceId, projectId, interviewId, filters).then(
      (s) => live && setSeq(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [workspaceId, projectId, interviewId]);
  const go = useCallback(
    (direction: -1 | 1, fromButton = false) => {
      const target = direction > 0 ? seq?.next : seq?.previous;
      if (!target) return;
      refocus = fromButton ? direction : null;
      // In place of this interview: Back still returns to the list, not through every interview read.
      useNav.getState().replace({ name: 'interview', projectId, interviewId: target.id, atMs: null });
    },
    [seq, projectId],
  );
  return { seq, failed, go };
}

/** The viewer opens afresh for the next interview; a button that took it there gets focus back, so pressing it again walks on. */
let refocus: -1 | 1 | null = null;

const nameOf = (p: { participant_name: string | null }) => p.participant_name?.trim() || 'Unnamed participant';

export function InterviewStepper({ seq, failed, go }: ReturnType<typeof useInterviewSequence>) {
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!seq || refocus === null) return;
    const want = refocus > 0 ? (seq.next ? next : prev) : seq.previous ? prev : next;
    refocus = null;
    want.current?.focus();
  }, [seq]);
  if (failed) return <span className="muted stepper-note">Next and previous are not available: the saved list could not be read.</span>;
  if (!seq) return null;
  return (
    <nav className="stepper" aria-label="Interviews in this list">
      <button
        type="button"
        className="btn btn-small"
        aria-label="Previous interview"
        title={seq.previous ? `Previous: ${nameOf(seq.previous)} (Shift+P)` : 'This is the first interview in the list'}
        ref={prev}
        disabled={!seq.previous}
        onClick={() => go(-1, true)}
      >
        <span aria-hidden="true">‹</span> Previous
      </button>
      <span className="muted tabular stepper-position">
        {seq.position} of {seq.total}
        {seq.filtered ? ' (filtered)' : ''}
      </span>
      <button
        type="button"
        className="btn btn-small"
        aria-label="Next interview"
        title={seq.next ? `Next: ${nameOf(seq.next)} (Shift+N)` : 'This is the last interview in the list'}
        ref={next}
        disabled={!seq.next}
        onClick={() => go(1, true)}
      >
        Next <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
