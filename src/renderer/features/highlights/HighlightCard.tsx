import { useEffect, useRef, useState } from 'react';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import { DraftNote } from '../../components/DraftNote';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { fingerprint } from '../../lib/drafts';
import { useDraft } from '../../lib/use-draft';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { timecode } from '../../lib/timecode';
import { openClipExport } from '../clips/store';
import { AddToReel } from '../reels/AddToReel';
import { useResearcherName } from '../settings/store';
import { CodeChips } from './CodeChips';
import { codedBy, isOwnCoding } from './coding-text';
import { copyQuote, useHighlights } from './store';
import { mergeTags, TagInput } from './TagInput';

/**
 * The edit of a highlight's codes (by name, as the researcher reads and types them) and note, as kept in its
 * draft. On save, the names the highlight already carried go back as their codes' ids; only names typed here
 * travel as names (new codes, or the codebook's code of that name).
 */
type HighlightEdit = { tags: string[]; draft: string; note: string };

/**
 * One highlight: jump to its moment, its quote, tags and note; edit (kept as a local draft until saved,
 * so closing the panel, the interview or the window loses nothing; Escape cancels), copy with citation, delete.
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
  const researcherName = useResearcherName();
  const remove = useHighlights((s) => s.remove);
  const saved: HighlightEdit = { tags: h.codes.map((c) => c.name), draft: '', note: h.note };
  const edit = useDraft<HighlightEdit>({ workspaceId, scope: h.project_id, form: `highlight:${h.id}` }, fingerprint(saved));
  const [confirming, setConfirming] = useState(false);
  const mode = edit.value ? 'edit' : confirming ? 'confirm-delete' : 'view';
  const { tags, draft, note } = edit.value ?? saved;
  const change = (p: Partial<HighlightEdit>) =>
    edit.change(
      (prev) => ({ ...(prev ?? saved), ...p }),
      (next) => fingerprint(next) !== fingerprint(saved),
    );
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(0);
  const formRef = useFocusFirstInvalid(failed);
  // After Cancel or Escape, focus returns to Edit rather than falling to the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(0);
  useEffect(() => {
    if (cancelled) editButton.current?.focus();
  }, [cancelled]);
  const [error, setError] = useState<UiError | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const at = h.start_ms ?? 0;
  const who = participant?.trim() || h.participant_name?.trim() || 'Participant';
  const startEdit = () => {
    setError(null);
    setConfirming(false);
    edit.start(saved);
  };
  /** Cancel, Escape and Discard: the tags and note go back to what is saved. */
  const cancel = () => {
    setError(null);
    edit.end();
    setCancelled((n) => n + 1);
  };
  const save = async () => {
    const all = mergeTags(tags, draft);
    const carried = new Map(h.codes.map((c) => [c.name, c.id]));
    const codes = {
      code_ids: all.flatMap((n) => (carried.has(n) ? [carried.get(n)!] : [])),
      new_codes: all.filter((n) => !carried.has(n)),
    };
    setBusy(true);
    setError(null);
    try {
      // Another coder's codes stay as they coded them (agreement compares them); their note is the researcher's.
      await update(workspaceId, h.id, isOwnCoding(h) ? { codes, note: note.trim() } : { note: note.trim() });
      edit.end();
    } catch (e) {
      // The edit stays as typed (and as a draft); focus goes to the reason.
      setError(UiError.from(e));
      setFailed((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };
  const del = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove(workspaceId, h.id);
      edit.end();
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
    <article className={`hl-card${isOwnCoding(h) ? '' : ' is-other-coder'}`} aria-label={`Highlight: ${h.quote.slice(0, 80)}`}>
      <div className="hl-card-head">
        <button
          type="button"
          className="seek-chip hl-seek num"
          aria-label={h.start_ms === null ? `${seekLabel ?? 'Play from'} the start` : `${seekLabel ?? 'Play from'} ${timecode(h.start_ms)}`}
          onClick={() => onSeek(at)}
        >
          <span aria-hidden="true">▶</span> {h.start_ms === null ? 'Start' : timecode(h.start_ms)}
        </button>
        <span className="hl-who">{who}</span>
      </div>
      <p className="muted hl-coded-by">{codedBy(h, researcherName)}</p>
      <blockquote className="hl-quote">{h.quote}</blockquote>
      {mode === 'edit' ? (
        <form
          ref={formRef}
          className="stack-12 hl-edit"
          aria-label="Edit highlight"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          onKeyDown={(e) => {
            // Escape cancels the inline edit; inside a dialog this card is never shown, so nothing else wants it.
            if (e.key !== 'Escape' || e.defaultPrevented) return;
            e.preventDefault();
            e.stopPropagation();
            cancel();
          }}
        >
          <DraftNote restored={edit.restored} changedUnderneath={edit.changedUnderneath} kept={edit.kept} what="highlight" onDiscard={cancel} />
          {isOwnCoding(h) ? (
            <TagInput
              label="Codes"
              tags={tags}
              onChange={(t) => change({ tags: t })}
              draft={draft}
              onDraft={(d) => change({ draft: d })}
              suggestions={suggestions}
              autoFocus={!edit.restored}
            />
          ) : (
            <p className="muted">{`${h.coder}'s codes are kept as they coded them; the note is yours to change.`}</p>
          )}
          <div className="field">
            <label htmlFor={`hl-note-${h.id}`}>Note</label>
            <textarea
              id={`hl-note-${h.id}`}
              className="input hl-note-input"
              rows={2}
              maxLength={5000}
              value={note}
              onChange={(e) => change({ note: e.target.value })}
            />
          </div>
          <div className="row-8">
            <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="btn btn-small" onClick={cancel}>
              Cancel
            </button>
            <span className="hint">Esc cancels</span>
          </div>
        </form>
      ) : (
        <>
          <CodeChips codes={h.codes} />
          {h.note && <p className="hl-note">{h.note}</p>}
          {mode === 'confirm-delete' ? (
            <div className="hl-confirm" role="group" aria-label="Confirm delete">
              <span>Delete this highlight? Its codes and note go with it; the transcript stays.</span>
              <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => void del()}>
                Delete highlight
              </button>
              <button type="button" className="btn btn-small" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </div>
          ) : (
            <div className="hl-actions">
              <button ref={editButton} type="button" className="btn btn-ghost btn-small" onClick={startEdit}>
                Edit
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => void copy()}>
                Copy quote
              </button>
              <AddToReel workspaceId={workspaceId} projectId={h.project_id} highlightId={h.id} />
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => openClipExport({ selection: { kind: 'highlights', ids: [h.id] }, title: 'This highlight', projectId: h.project_id })}
              >
                Export clip…
              </button>
              <button type="button" className="btn btn-ghost btn-small hl-delete" onClick={() => setConfirming(true)}>
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
