import { useEffect, useState } from 'react';
import { UiError } from '../../lib/api';
import { copyText } from './store';

/** Copies through main (the page has no clipboard permission) and says so for a moment. */
export function CopyButton({ text, label, what }: { text: string; label?: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);
  const copy = async () => {
    try {
      await copyText(text);
      setState('copied');
      setError(null);
    } catch (e) {
      setState('failed');
      setError(UiError.from(e).message);
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="btn btn-small" aria-label={`Copy ${what}`} onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : (label ?? 'Copy')}
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? `${what} copied` : ''}
      </span>
      {state === 'failed' && error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
