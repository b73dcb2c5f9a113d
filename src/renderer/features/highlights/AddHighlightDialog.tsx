import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { timecode } from '../../lib/timecode';
import { mergeTags, TagInput } from './TagInput';
import { useHighlights } from './store';
import './highlights.css';

let root: Root | null = null;

/**
 * Mounts the dialog in its own root at the end of <body>, so requestHighlight works from any screen
 * (the viewer, a keyboard shortcut) without each of them hosting it.
 */
export function showAddHighlightDialog(): void {
  if (root) return;
  const host = document.createElement('div');
  host.className = 'hl-dialog-host';
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(
    <AddHighlightDialog
      onClosed={() => {
        const r = root;
        root = null;
        // Unmount after this event: React must not unmount a root from inside its own render.
        queueMicrotask(() => {
          r?.unmount();
          host.remove();
        });
      }}
    />,
  );
}

function AddHighlightDialog({ onClosed }: { onClosed: () => void }) {
  const pending = useHighlights((s) => s.pending);
  const add = useHighlights((s) => s.add);
  const loadTags = useHighlights((s) => s.tags);
  const [tags, setTags] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [tagError, setTagError] = useState<string | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [saving, setSaving] = useState(false);
  const workspaceId = pending?.ctx.workspaceId;
  useEffect(() => {
    if (!workspaceId) return;
    loadTags(workspaceId).then(setSuggestions, () => setSuggestions([]));
  }, [workspaceId, loadTags]);

  if (!pending) return null;
  const close = () => {
    useHighlights.setState({ pending: null });
    onClosed();
  };
  const save = async () => {
    const all = mergeTags(tags, draft);
    setTags(all);
    setDraft('');
    if (all.length === 0) {
      setTagError('Add at least one tag, so this highlight can be found with others like it.');
      return;
    }
    setTagError(null);
    setSaving(true);
    setError(null);
    try {
      await add(pending.ctx, pending.range, all, note.trim());
      close();
    } catch (e) {
      // Everything typed stays in the form, so a retry loses nothing.
      setError(UiError.from(e));
      setSaving(false);
    }
  };
  const { range } = pending;
  return (
    <Dialog
      title="Add highlight"
      onClose={close}
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save highlight'}
          </button>
        </>
      }
    >
      <figure className="hl-quote-preview">
        <blockquote>{range.quote}</blockquote>
        <figcaption className="muted num">{range.start_ms === null ? 'No timestamp' : `At ${timecode(range.start_ms)}`}</figcaption>
      </figure>
      <form
        className="stack-12"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TagInput label="Tags" tags={tags} onChange={setTags} draft={draft} onDraft={setDraft} suggestions={suggestions} error={tagError} autoFocus />
        <div className="field">
          <label htmlFor="hl-add-note">Note</label>
          <textarea
            id="hl-add-note"
            className="input hl-note-input"
            rows={3}
            maxLength={5000}
            value={note}
            placeholder="Why this moment matters (optional)"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </form>
      {error && <ErrorNote error={error} onRetry={() => void save()} />}
    </Dialog>
  );
}
