import type { InterviewDetail } from '../../../shared/views';

/** Why an interview shows no transcript, from what is known of it. */
export function noTranscriptMessage(i: Pick<InterviewDetail, 'status' | 'detail_state'>): string {
  if (i.detail_state === 'pending') return 'The transcript has not been fetched yet. It is saved at the next sync.';
  if (i.status === 'STARTED') return 'No transcript yet: this interview was started but has not finished.';
  if (i.status === 'INCOMPLETE') return 'No transcript: this interview ended before the participant finished, and the service sent none.';
  if (i.status === 'COMPLETE') return 'The service sent no transcript for this interview.';
  return `No transcript. The service reports this interview's status as "${i.status}", which Fieldwork does not know.`;
}

export type StateNote = { label: string; detail: string };

/** What the viewer's header says about an interview that is not simply complete, recorded and timed: a short label and what it means for reading it. */
export function interviewStateNotes(i: Pick<InterviewDetail, 'status' | 'has_video' | 'transcript'>): StateNote[] {
  const notes: StateNote[] = [];
  if (i.status === 'STARTED')
    notes.push({ label: 'Started, not finished', detail: 'The participant has not finished. What was said so far is shown; more may arrive at a later sync.' });
  else if (i.status === 'INCOMPLETE')
    notes.push({ label: 'Incomplete', detail: 'The participant left before the end. The transcript and recording stop there.' });
  else if (i.status !== 'COMPLETE')
    notes.push({
      label: `Status not known to Fieldwork ("${i.status}")`,
      detail: 'The service reports a state Fieldwork does not know; what it sent is shown as is.',
    });
  if (!i.has_video) notes.push({ label: 'No recording', detail: 'The service has no video for this interview; the transcript is all there is.' });
  const untimed = i.transcript.filter((t) => t.start_ms === null).length;
  if (untimed > 0 && untimed === i.transcript.length)
    notes.push({ label: 'Times unknown', detail: 'The service sent no times Fieldwork could read, so the transcript cannot follow or seek the video.' });
  else if (untimed > 0)
    notes.push({
      label: `${untimed} turn${untimed === 1 ? '' : 's'} without a time`,
      detail: 'Those turns are marked "time unknown" and cannot be played from.',
    });
  return notes;
}
