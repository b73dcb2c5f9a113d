import type { RedactionFindingView, RedactionInterviewView, RedactionMentionsView } from '../../shared/ipc/channels/redaction';
import { participantCode } from '../../shared/participant-code';
import type { Mentions, ReviewedRow } from '../cache/queries/redaction-review';
import { tallyInterviews, type InterviewTally } from './term-outcome';

type Decided = ReadonlyMap<string, 'accept' | 'reject'>;

const codeOf = (numbers: ReadonlyMap<string, number>, id: string) => {
  const n = numbers.get(id);
  return n === undefined ? `Interview ${id.slice(0, 8)}` : participantCode(n);
};
const byCode = (numbers: ReadonlyMap<string, number>) => (a: { interview_id: string }, b: { interview_id: string }) =>
  (numbers.get(a.interview_id) ?? Infinity) - (numbers.get(b.interview_id) ?? Infinity) || a.interview_id.localeCompare(b.interview_id);

const NOTHING: InterviewTally = { replaced: 0, possible_undecided: 0, kept: 0, findings: 0, hash: 'none' };

/** One interview's tally, an interview with no findings tallied as nothing (a hash of its own, so a mark can hold). */
export function interviewTally(findings: readonly RedactionFindingView[], decided: Decided, interviewId: string): InterviewTally {
  return (
    tallyInterviews(
      findings.filter((f) => f.interview_id === interviewId),
      decided,
    ).get(interviewId) ?? NOTHING
  );
}

/**
 * Every interview of the study (those the participant codes number, found in or not), in code order, with what a
 * redacted export does there and the researcher's mark; "changed since you reviewed it" when what the scan finds
 * there now is not what it found when they marked it.
 */
export function interviewViews(
  findings: readonly RedactionFindingView[],
  decided: Decided,
  numbers: ReadonlyMap<string, number>,
  reviewed: readonly ReviewedRow[],
): RedactionInterviewView[] {
  const tallies = tallyInterviews(findings, decided);
  const marks = new Map(reviewed.map((r) => [r.interview_id, r]));
  const ids = new Set([...numbers.keys(), ...tallies.keys()]);
  return [...ids].map((id) => view(id, numbers, tallies.get(id) ?? NOTHING, marks.get(id))).sort(byCode(numbers));
}

export function view(id: string, numbers: ReadonlyMap<string, number>, t: InterviewTally, mark: ReviewedRow | undefined): RedactionInterviewView {
  return {
    interview_id: id,
    code: codeOf(numbers, id),
    replaced: t.replaced,
    possible_undecided: t.possible_undecided,
    kept: t.kept,
    reviewed_at: mark?.reviewed_at ?? null,
    changed_since_review: mark !== undefined && mark.findings_hash !== t.hash,
  };
}

/** The cache's mentions as the view shows them: by participant code, in code order, field by field. */
export function mentionsView(text: string, m: Mentions, numbers: ReadonlyMap<string, number>): RedactionMentionsView {
  return {
    text,
    total: m.total,
    interviews: [...m.interviews].sort(byCode(numbers)).map((i) => ({
      interview_id: i.interview_id,
      code: codeOf(numbers, i.interview_id),
      count: i.count,
      examples: i.examples.map((e) => ({ start_ms: e.start_ms, before: e.before, text: e.text, after: e.after })),
    })),
  };
}
