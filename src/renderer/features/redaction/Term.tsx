import type { RedactionExampleView, RedactionReviewTermView } from '../../../shared/ipc/channels/redaction';
import { formatClock } from '../viewer/active-turn';
import { KIND, plural } from './redaction-labels';
import { termKey, useRedaction, type Decision } from './store';
import { useFindMentions } from './use-find-mentions';

/** Where a term was found: the interview (or the report), when, and the words around it with the term marked. */
function Example({ e }: { e: RedactionExampleView }) {
  const cut = (s: string) => s.length >= 60;
  return (
    <li className="rd-example">
      <span className="rd-where muted">
        {e.interview_label}
        {e.start_ms !== null && <span className="num"> · {formatClock(e.start_ms)}</span>}
      </span>
      <span className="rd-context">
        {cut(e.before) && '…'}
        {e.before}
        <mark>{e.text}</mark>
        {e.after}
        {cut(e.after) && '…'}
      </span>
    </li>
  );
}

const STATE: Record<'accept' | 'reject' | 'none', string> = {
  none: 'Not reviewed: redacted at export',
  accept: 'Redacted at export',
  reject: 'Kept as written',
};
/** What an export does with a term nobody decided on: a possible one is left as written (build-redactor.ts). */
const stateOf = (t: RedactionReviewTermView) => (t.decision === null && t.possible ? 'Possible: kept unless you redact it' : STATE[t.decision ?? 'none']);

/** One term found: its kind, where it was found, and the researcher's choice for it. */
export function Term({ t }: { t: RedactionReviewTermView }) {
  const decide = useRedaction((s) => s.decide);
  const saving = useRedaction((s) => Boolean(s.saving[termKey(t)]));
  const findMentions = useFindMentions();
  // Pressing the choice already made forgets it (back to "not reviewed": redacted, or for a possible term kept).
  const choose = (d: 'accept' | 'reject') => void decide(t, (t.decision === d ? null : d) satisfies Decision);
  return (
    <li className={`rd-term card rd-${t.decision ?? 'none'}${t.possible ? ' rd-possible' : ''}`} aria-label={`${KIND.get(t.kind)!.one}: ${t.text}`}>
      <div className="rd-term-head">
        <span className="badge rd-kind">{KIND.get(t.kind)!.one}</span>
        {t.possible && <span className="badge badge-warning rd-possible-badge">Possible</span>}
        <strong className="rd-text">{t.text}</strong>
        <span className="rd-becomes muted">
          becomes <span className="rd-pseudonym">{t.suggested}</span>
        </span>
        <span className="rd-count muted num">
          {plural(t.count, 'time')}
          {t.interviews > 0 && ` in ${plural(t.interviews, 'interview')}`}
        </span>
      </div>
      {t.possible && t.reason && <p className="rd-reason">Unsure: {t.reason}</p>}
      <ul className="plain-list rd-examples">
        {t.examples.map((e, i) => (
          <Example key={i} e={e} />
        ))}
      </ul>
      {t.kind === 'custom' ? (
        <div className="rd-term-foot">
          <span className="rd-state">Your own term: always redacted. Remove it from your terms to keep it.</span>
          <button type="button" className="btn btn-small btn-ghost rd-find" onClick={() => findMentions(t.text)}>
            Find every mention
          </button>
        </div>
      ) : (
        <div className="rd-term-foot">
          <span className="rd-state" aria-live="polite">
            {stateOf(t)}
          </span>
          <div className="rd-actions">
            <button type="button" className="btn btn-small btn-ghost rd-find" onClick={() => findMentions(t.text)}>
              Find every mention
            </button>
            <div className="rd-choice" role="group" aria-label={`Choice for ${t.text}`}>
              <button
                type="button"
                className="btn btn-small rd-redact"
                aria-pressed={t.decision === 'accept'}
                disabled={saving}
                onClick={() => choose('accept')}
              >
                Redact
              </button>
              <button type="button" className="btn btn-small rd-keep" aria-pressed={t.decision === 'reject'} disabled={saving} onClick={() => choose('reject')}>
                Keep
              </button>
            </div>
          </div>
        </div>
      )}
    </li>
  );
}
