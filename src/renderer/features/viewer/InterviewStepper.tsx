import { useCallback, useEffect, useRef, useState } from 'react';
import { participantLabel } from '../../../shared/participant-code';
import { useNav } from '../../app/nav-store';
import { uiFor, useInterviewsUi } from '../interviews/ui-store';
import { interviewSequence, type InterviewSequence } from './store';

/**
 * Previous and Next interview, in the order of the Interviews list the researcher came from (its filters
 * as left there), so a study is read through without going back to the list. Shift+P and Shift+N do the same.
 */
export function useInterviewSequence(workspaceId: string, projectId: string, interviewId: string) {
  // Kept with the interview it was read for: until the next one's sequence is read, Shift+P pressed on a
  // freshly opened interview must not step from the interview before it (it did, and went nowhere).
  const [state, setState] = useState<{ key: string; seq: InterviewSequence | null; failed: boolean } | null>(null);
  const key = `${workspaceId}/${projectId}/${interviewId}`;
  const current = state?.key === key ? state : null;
  const seq = current?.seq ?? null;
  const failed = current?.failed ?? false;
  useEffect(() => {
    let live = true;
    const filters = uiFor(useInterviewsUi.getState(), `${workspaceId}/${projectId}`).filters;
    const k = `${workspaceId}/${projectId}/${interviewId}`;
    interviewSequence(workspaceId, projectId, interviewId, filters).then(
      (s) => live && setState({ key: k, seq: s, failed: false }),
      () => live && setState({ key: k, seq: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [workspaceId, projectId, interviewId]);
  // A key pressed before this interview's sequence is read is kept and taken once it is.
  const pending = useRef<{ key: string; direction: -1 | 1 } | null>(null);
  const step = useCallback(
    (s: InterviewSequence, direction: -1 | 1, fromButton: boolean) => {
      const target = direction > 0 ? s.next : s.previous;
      if (!target) return;
      refocus = fromButton ? direction : null;
      // In place of this interview: Back still returns to the list, not through every interview read.
      useNav.getState().replace({ name: 'interview', projectId, interviewId: target.id, atMs: null });
    },
    [projectId],
  );
  const go = useCallback(
    (direction: -1 | 1, fromButton = false) => {
      if (seq) step(seq, direction, fromButton);
      else if (!failed) pending.current = { key, direction };
    },
    [seq, failed, key, step],
  );
  useEffect(() => {
    const p = pending.current;
    if (!seq || !p) return;
    pending.current = null;
    if (p.key === key) step(seq, p.direction, false);
  }, [seq, key, step]);
  return { seq, failed, go };
}

/** The viewer opens afresh for the next interview; a button that took it there gets focus back, so pressing it again walks on. */
let refocus: -1 | 1 | null = null;

/** Named as the Interviews list and the viewer's title name it: "Name (P07)", the code alone without a name. */
const nameOf = (p: { participant_name: string | null; code: string }) => participantLabel(p.code, p.participant_name) || 'Unnamed participant';

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
