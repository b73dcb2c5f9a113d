import { useId, type KeyboardEvent } from 'react';

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 60;

/** Adds what is typed (comma-separated parts too) to the tags, trimmed and without duplicates. */
export function mergeTags(tags: string[], typed: string): string[] {
  const next = [...tags];
  for (const part of typed.split(',')) {
    const t = part.trim().slice(0, MAX_TAG_LENGTH);
    if (t && !next.some((x) => x.toLowerCase() === t.toLowerCase()) && next.length < MAX_TAGS) next.push(t);
  }
  return next;
}

/**
 * Tags as removable chips, a text box that adds on Enter or comma, and suggestions from tags already in
 * use. `draft` is lifted so a Save can fold in a tag typed but not yet confirmed.
 */
export function TagInput({
  label,
  tags,
  onChange,
  draft,
  onDraft,
  suggestions,
  error,
  autoFocus,
}: {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  draft: string;
  onDraft: (v: string) => void;
  suggestions: string[];
  error?: string | null;
  autoFocus?: boolean;
}) {
  const id = useId();
  const offered = suggestions.filter((s) => !tags.some((t) => t.toLowerCase() === s.toLowerCase())).slice(0, 8);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',') && draft.trim()) {
      e.preventDefault();
      onChange(mergeTags(tags, draft));
      onDraft('');
    } else if (e.key === 'Backspace' && draft === '' && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };
  return (
    <div className="field hl-tags-field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className={`hl-tag-box ${error ? 'is-invalid' : ''}`}>
        {tags.map((t) => (
          <span key={t} className="hl-chip">
            {t}
            <button
              type="button"
              className="hl-chip-remove"
              aria-label={`Remove code ${t}`}
              onClick={() => {
                onChange(tags.filter((x) => x !== t));
              }}
            >
              ✕
            </button>
          </span>
        ))}
        <input
          id={`${id}-input`}
          className="hl-tag-input"
          value={draft}
          maxLength={MAX_TAG_LENGTH * 4}
          list={`${id}-list`}
          placeholder={tags.length ? 'Add another code' : 'Type a code, then Enter'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          autoFocus={autoFocus}
          onChange={(e) => {
            const v = e.target.value;
            if (v.includes(',')) {
              onChange(mergeTags(tags, v));
              onDraft('');
            } else onDraft(v);
          }}
          onKeyDown={onKey}
        />
        <datalist id={`${id}-list`}>
          {offered.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <span className="hint" id={`${id}-hint`}>
        Enter or comma adds a code (a new name creates it). Up to {MAX_TAGS}.
      </span>
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
      {offered.length > 0 && (
        <div className="hl-suggestions" role="group" aria-label="Codes in use">
          <span className="hint">In use:</span>
          {offered.map((s) => (
            <button key={s} type="button" className="hl-suggestion" aria-label={`Add code ${s}`} onClick={() => onChange(mergeTags(tags, s))}>
              + {s}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
