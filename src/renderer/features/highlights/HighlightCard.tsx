import { useEffect, useState } from 'react';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { timecode } from '../../lib/timecode';
import { copyQuote, useHighlights } from './store';
import { mergeTags, TagInput } from './TagInput';

/**
 * One highlight: jump to its moment, its quote, tags and note; edit, copy with citation, delete.
 * Shared by the per-interview list and the project's highlights.
 */
export function HighlightCard({
  workspaceId,
  highlight: h,
  participant,
  onSeek,
  seekLabel,
  suggestions,
}: {
  workspaceId: string;
  highlight: HighlightView;
  participant: string | null;
  onSeek: (ms: number) => void;
  seekLabel?: string;
  suggestions: string[];
}) {
  const update = useHighlights((s) => s.update);
  const remove = useHighlights((s) => s.remove);
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const [tags, setTags] = useState(h.tags);
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState(h.note);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const at = h.start_ms ?? 0;
  const who = participant?.trim() || h.participant_name?.trim() || 'Participant';
  const edit = () => {
    setTags(h.tags);
    setNote(h.note);
    setDraft('');
    setError(null);
    setMode('edit');
  };
  const save = async () => {
    const all = mergeTags(tags, draft);
    setBusy(true);
    setError(null);
    try {
      await update(workspaceId, h.id, { tags: all, note: note.trim() });
      setMode('view');
    } catch (e) {
      setError(UiError.from(e));
    } finally {
      setBusy(false);
    }
  };
  const del = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove(workspaceId, h.id);
    } catch (e) {
      setError(UiError.from(e));
      setBusy(false);
    }
  };
  const copy = async () => {
    setError(null);
    try {
      await copyQuote(h, who);
      setCopied(true);
    } catch (e) {
      setError(UiError.from(e));
    }
  };

  return (
    <article className="hl-card" aria-label={`Highlight: ${h.quote.slice(0, 80)}`}>
      <div className="hl-card-head">
        <button
          type="button"
          className="hl-seek num"
          aria-label={h.start_ms === null ? `${seekLabel ?? 'Play from'} the start` : `${seekLabel ?? 'Play from'} ${timecode(h.start_ms)}`}
          onClick={() => onSeek(at)}
        >
          <span aria-hidden="true">▶</span> {h.start_ms === null ? 'Start' : timecode(h.start_ms)}
        </button>
        <span className="hl-who">{who}</span>
      </div>
      <blockquote className="hl-quote">{h.quote}</blockquote>
      {mode === 'edit' ? (
        <form
          className="stack-12 hl-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TagInput label="Tags" tags={tags} onChange={setTags} draft={draft} onDraft={setDraft} suggestions={suggestions} autoFocus />
          <div className="field">
            <label htmlFor={`hl-note-${h.id}`}>Note</label>
            <textarea id={`hl-note-${h.id}`} className="input hl-note-input" rows={2} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className="row-8">
            <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setMode('view')}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {h.tags.length > 0 && (
            <ul className="hl-tag-list" aria-label="Tags">
              {h.tags.map((t) => (
                <li key={t} className="hl-chip">
                  {t}
                </li>
              ))}
            </ul>
          )}
          {h.note && <p className="hl-note">{h.note}</p>}
          {mode === 'confirm-delete' ? (
            <div className="hl-confirm" role="group" aria-label="Confirm delete">
              <span>Delete this highlight? Its tags and note go with it; the transcript stays.</span>
              <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => void del()}>
                Delete highlight
              </button>
              <button type="button" className="btn btn-small" onClick={() => setMode('view')}>
                Keep
              </button>
            </div>
          ) : (
            <div className="hl-actions">
              <button type="button" className="btn btn-ghost btn-small" onClick={edit}>
                Edit
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => void copy()}>
                Copy quote
              </button>
              <button type="button" className="btn btn-ghost btn-small hl-delete" onClick={() => setMode('confirm-delete')}>
                Delete
              </button>
              <span className="hl-copied muted" role="status">
                {copied ? 'Copied with timestamp' : ''}
              </span>
            </div>
          )}
        </>
      )}
      {error && <ErrorNote error={error} />}
    </article>
  );
}
