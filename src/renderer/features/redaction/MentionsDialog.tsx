import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { formatClock } from '../viewer/active-turn';
import { useMentions } from './review-extras-store';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * "Find every mention": where a term occurs across the study's turns (any case, whole words, "'s" too), by
 * participant code, counted, with the first places of each in context. For a term the scan missed, this is how
 * the researcher sees whether adding it as their own term would catch every place.
 */
export function MentionsDialog() {
  const text = useMentions((s) => s.text);
  const result = useMentions((s) => s.result);
  const error = useMentions((s) => s.error);
  const close = useMentions((s) => s.close);
  if (text === null) return null;
  return (
    <Dialog title={`Every mention of “${text}”`} onClose={close} wide>
      {error ? (
        <ErrorNote error={error} />
      ) : !result ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Looking through the study’s turns…
        </p>
      ) : result.total === 0 ? (
        <p role="status">No mention of “{text}” in the study’s turns (any case, as a whole word).</p>
      ) : (
        <>
          <p role="status" className="rd-mentions-total">
            <strong className="num">{plural(result.total, 'mention')}</strong> in{' '}
            <strong className="num">{plural(result.interviews.length, 'interview')}</strong>{' '}
            <span className="muted">(any case, as a whole word, “’s” included)</span>
          </p>
          <ul className="plain-list rd-mentions" aria-label={`Mentions of ${text} by interview`}>
            {result.interviews.map((iv) => (
              <li key={iv.interview_id} className="rd-mention-iv">
                <span className="rd-mention-head">
                  <strong>{iv.code}</strong> <span className="muted num">{plural(iv.count, 'mention')}</span>
                </span>
                <ul className="plain-list rd-examples">
                  {iv.examples.map((e, i) => (
                    <li key={i} className="rd-example">
                      <span className="rd-where muted num">{e.start_ms !== null ? formatClock(e.start_ms) : ''}</span>
                      <span className="rd-context">
                        {e.before.length >= 60 && '…'}
                        {e.before}
                        <mark>{e.text}</mark>
                        {e.after}
                        {e.after.length >= 60 && '…'}
                      </span>
                    </li>
                  ))}
                  {iv.count > iv.examples.length && <li className="muted rd-mention-more">and {plural(iv.count - iv.examples.length, 'more mention')}</li>}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
