import { createHash } from 'node:crypto';
import type { RedactionKind } from '../../shared/redaction/kinds';
import type { RedactionTally } from '../output/redactor';

/**
 * What a redacted export does with each term the scan found (issue 21 §2), in one place, so the review's
 * words, its per-interview counts and the export summary say what build-redactor.ts does:
 * - a term is 'possible' only when every one of its findings is (one sure finding anywhere in the study and the
 *   redactor replaces it everywhere);
 * - the researcher's own terms are always replaced; a term they kept (reject) is left as written;
 * - a possible term is replaced only once they accept it; undecided, it is left as written.
 */
export type Outcome = 'replaced' | 'kept' | 'possible';
export type TermTally = RedactionTally;

/** A scan's finding (RawFinding) or its view (RedactionFindingView, which has the words before it, not the offset). */
type FindingLike = {
  kind: RedactionKind;
  term: string;
  interview_id: string | null;
  confidence?: 'sure' | 'possible';
  source: string;
  at: string;
  start?: number;
  before?: string;
};
type Decisions = ReadonlyMap<string, 'accept' | 'reject'>;

export const termKeyOf = (f: { kind: RedactionKind; term: string }) => `${f.kind}\u0000${f.term}`;

export function outcomeOf(kind: RedactionKind, possible: boolean, decision: 'accept' | 'reject' | null | undefined): Outcome {
  if (kind === 'custom') return 'replaced';
  if (decision === 'reject') return 'kept';
  return possible && decision !== 'accept' ? 'possible' : 'replaced';
}

/** Each term (kind + term) and whether it is only possible (no sure finding of it). */
export function possibleTerms(findings: readonly FindingLike[]): Map<string, boolean> {
  const possible = new Map<string, boolean>();
  for (const f of findings) {
    const key = termKeyOf(f);
    const only = f.confidence === 'possible';
    const was = possible.get(key);
    if (was === undefined || (was && !only)) possible.set(key, only);
  }
  return possible;
}

/** How many distinct terms an export replaces, leaves by the researcher's choice, and leaves undecided. */
export function tallyTerms(findings: readonly FindingLike[], decided: Decisions): TermTally {
  const tally: TermTally = { replaced: 0, kept: 0, possible_undecided: 0 };
  for (const [key, possible] of possibleTerms(findings)) {
    const o = outcomeOf(key.slice(0, key.indexOf('\u0000')) as RedactionKind, possible, decided.get(key));
    if (o === 'replaced') tally.replaced++;
    else if (o === 'kept') tally.kept++;
    else tally.possible_undecided++;
  }
  return tally;
}

export type InterviewTally = { replaced: number; possible_undecided: number; kept: number; findings: number; hash: string };

/**
 * Per interview, how many places an export replaces, how many possible ones are undecided (left as written) and
 * kept, and a hash of what was found there (kinds, terms and places, not decisions): "changed since you reviewed
 * it" compares it with the hash kept when the researcher marked the interview reviewed.
 */
export function tallyInterviews(findings: readonly FindingLike[], decided: Decisions): Map<string, InterviewTally> {
  const possible = possibleTerms(findings);
  const out = new Map<string, InterviewTally & { h: ReturnType<typeof createHash> }>();
  for (const f of findings) {
    if (f.interview_id === null) continue;
    let t = out.get(f.interview_id);
    if (!t) out.set(f.interview_id, (t = { replaced: 0, possible_undecided: 0, kept: 0, findings: 0, hash: '', h: createHash('sha1') }));
    const key = termKeyOf(f);
    const o = outcomeOf(f.kind, possible.get(key)!, decided.get(key));
    if (o === 'replaced') t.replaced++;
    else if (o === 'kept') t.kept++;
    else t.possible_undecided++;
    t.findings++;
    // Where in its text: the offset, or (a view) the words before it.
    t.h.update(`${key}\u0001${f.source}\u0001${f.at}\u0001${f.start ?? f.before ?? ''}\u0001${f.confidence ?? ''}\u0000`);
  }
  const done = new Map<string, InterviewTally>();
  for (const [id, { h, ...t }] of out) done.set(id, { ...t, hash: h.digest('hex') });
  return done;
}
