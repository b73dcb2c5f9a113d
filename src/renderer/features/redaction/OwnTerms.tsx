import { useState, type FormEvent } from 'react';
import { UiError } from '../../lib/api';
import { useRedaction } from './store';
import { useFindMentions } from './use-find-mentions';

/** The researcher's own terms: replaced with “[redacted]” wherever they occur. */
export function OwnTerms() {
  const terms = useRedaction((s) => s.terms);
  const addTerm = useRedaction((s) => s.addTerm);
  const removeTerm = useRedaction((s) => s.removeTerm);
  const findMentions = useFindMentions();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (value.length < 2) return setError('Enter at least 2 characters: a name, a company, a place.');
    if (value.length > 200) return setError('A term is at most 200 characters.');
    setBusy(true);
    setError(null);
    try {
      await addTerm(value);
      setText('');
    } catch (err) {
      setError(UiError.from(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="rd-own card" aria-labelledby="rd-own-title">
      <h3 id="rd-own-title">Your own terms</h3>
      <p className="muted rd-own-hint">Words the scan cannot know (a company, a street, a nickname) are replaced with “[redacted]” wherever they occur.</p>
      <form className="field" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="rd-own-input">Add your own term</label>
        <div className="rd-own-row">
          <input
            id="rd-own-input"
            className="input"
            value={text}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'rd-own-error' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              // What was wrong with the last attempt no longer describes what is typed.
              setError(null);
            }}
          />
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Adding…' : 'Add'}
          </button>
        </div>
        <button type="button" className="btn btn-small btn-ghost rd-own-find" disabled={text.trim().length < 2} onClick={() => findMentions(text.trim())}>
          Find every mention first
        </button>
        {error && (
          <p id="rd-own-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {terms.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ul className="plain-list rd-own-list" aria-label="Your own terms">
          {terms.map((t) => (
            <li key={t.term}>
              <span className="rd-own-text">{t.text}</span>
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Every mention of ${t.text}`} onClick={() => findMentions(t.text)}>
                Mentions
              </button>
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${t.text}`} onClick={() => void removeTerm(t.text)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
