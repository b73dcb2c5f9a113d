import { useEffect } from 'react';
import type { RedactionInterviewView } from '../../../shared/ipc/channels/redaction';
import { ErrorNote } from '../../components/ErrorNote';
import { useReviewInterviews } from './review-extras-store';
import { useRedaction, type RedactionKey } from './store';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function Row({ iv }: { iv: RedactionInterviewView }) {
  const mark = useReviewInterviews((s) => s.mark);
  const saving = useReviewInterviews((s) => Boolean(s.saving[iv.interview_id]));
  const reviewed = iv.reviewed_at !== null;
  return (
    <li className={`rd-iv${iv.changed_since_review ? ' rd-iv-changed' : ''}`}>
      <strong className="rd-iv-code">{iv.code}</strong>
      <span className="rd-iv-counts muted num">
        {plural(iv.replaced, 'replaced', 'replaced')}
        {iv.possible_undecided > 0 && <span className="rd-iv-possible"> · {iv.possible_undecided} possible</span>}
        {iv.kept > 0 && ` · ${iv.kept} kept`}
      </span>
      <label className="rd-iv-mark">
        <input type="checkbox" checked={reviewed} disabled={saving} onChange={() => void mark(iv.interview_id, !reviewed)} aria-label={`${iv.code} reviewed`} />
        Reviewed
      </label>
      {iv.changed_since_review && <span className="rd-iv-note">Changed since you reviewed it</span>}
    </li>
  );
}

/**
 * Per interview (issue 21 §2): how many places a redacted export replaces, how many possible ones nobody decided
 * (left as written), and the researcher's "reviewed" mark, flagged when what is found there changed after it.
 */
export function ReviewInterviews({ reviewKey }: { reviewKey: RedactionKey }) {
  const items = useReviewInterviews((s) => s.items);
  const status = useReviewInterviews((s) => s.status);
  const error = useReviewInterviews((s) => s.error);
  const load = useReviewInterviews((s) => s.load);
  // Read again when a decision or an own term changes what an export does, and once the scan it waits on has
  // answered (its term count); not on every filter or page read.
  const changes = useRedaction((s) => s.changes);
  const terms = useRedaction((s) => s.meta?.all_terms ?? null);
  useEffect(() => {
    void load(reviewKey);
  }, [load, reviewKey, changes, terms]);
  const done = items.filter((i) => i.reviewed_at !== null && !i.changed_since_review).length;
  return (
    <section className="rd-ivs card" aria-labelledby="rd-ivs-title">
      <h3 id="rd-ivs-title">Interviews</h3>
      <p className="muted rd-own-hint">
        What a redacted export replaces in each. {items.length > 0 && `${done} of ${plural(items.length, 'interview')} reviewed.`}
      </p>
      {error && <ErrorNote error={error} onRetry={() => void load(reviewKey)} />}
      {items.length === 0 && status === 'loading' ? (
        <p className="muted">Counting…</p>
      ) : (
        <ul className="plain-list rd-iv-list" aria-label="Interviews to review" aria-busy={status === 'loading'}>
          {items.map((iv) => (
            <Row key={iv.interview_id} iv={iv} />
          ))}
        </ul>
      )}
    </section>
  );
}
