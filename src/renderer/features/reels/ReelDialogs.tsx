import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import type { ReelDetailView, ReelView } from '../../../shared/ipc/channels/reels';
import { participantLabel } from '../../../shared/participant-code';
import { ActionDialog, useDialogAction } from '../../components/ActionDialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { timecode } from '../../lib/timecode';
import { ReelNameField as NameField } from './ReelNameField';
import { listStudyHighlights, useReels } from './store';
import { clips } from './reel-text';

/** New reel (no `reel`) or rename; a name another reel of the study has is refused at the field. */
export function NameDialog({ reel, onClose }: { reel?: ReelView; onClose: () => void }) {
  const create = useReels((s) => s.create);
  const rename = useReels((s) => s.rename);
  const [name, setName] = useState(reel?.name ?? '');
  const { busy, error, setError, run } = useDialogAction(onClose);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(new UiError('invalid_input', 'Give the reel a name.'));
    await run(() => (reel ? rename(reel.id, name.trim()) : create(name.trim())));
  };
  return (
    <ActionDialog
      title={reel ? 'Rename reel' : 'New reel'}
      onClose={onClose}
      action={{ label: reel ? 'Rename' : 'Create reel', className: 'btn-primary', disabled: busy, form: `${id}-form` }}
    >
      <form id={`${id}-form`} className="stack-12" onSubmit={(e) => void submit(e)} noValidate>
        <NameField id={id} name={name} onName={setName} error={error} />
      </form>
    </ActionDialog>
  );
}

export function DeleteDialog({ reel, onClose }: { reel: ReelView; onClose: () => void }) {
  const remove = useReels((s) => s.remove);
  const { busy, error, run } = useDialogAction(onClose);
  return (
    <ActionDialog
      title="Delete reel"
      onClose={onClose}
      cancelLabel="Keep it"
      action={{ label: 'Delete reel', className: 'btn-danger', disabled: busy, onAction: () => void run(() => remove(reel.id)) }}
    >
      <p>
        Delete “{reel.name}”? Its {clips(reel.clips)} leave with it; the highlights themselves stay in the study, with their codes and notes.
      </p>
      {error && <ErrorNote error={error} />}
    </ActionDialog>
  );
}

const ALL = '';

/** "Add from highlights…": the study's highlights and coded segments, filtered by code and words; those in the reel already say so. */
export function PickerDialog({
  workspaceId,
  projectId,
  detail,
  onClose,
}: {
  workspaceId: string;
  projectId: string;
  detail: ReelDetailView;
  onClose: () => void;
}) {
  const addItems = useReels((s) => s.addItems);
  const [list, setList] = useState<{ status: 'loading' | 'ready' | 'error'; items: HighlightView[]; error: UiError | null }>({
    status: 'loading',
    items: [],
    error: null,
  });
  const [code, setCode] = useState(ALL);
  const [words, setWords] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const { busy, error, run } = useDialogAction(onClose);
  const id = useId();
  const load = () => {
    setList((l) => ({ ...l, status: 'loading', error: null }));
    listStudyHighlights(workspaceId, projectId).then(
      (items) => setList({ status: 'ready', items, error: null }),
      (e: unknown) => setList({ status: 'error', items: [], error: UiError.from(e) }),
    );
  };
  useEffect(load, [workspaceId, projectId]);
  const inReel = useMemo(() => new Set(detail.items.map((i) => i.highlight_id)), [detail.items]);
  const codes = useMemo(() => {
    const m = new Map<string, { id: string; name: string; n: number }>();
    for (const h of list.items) for (const c of h.codes) m.set(c.id, { id: c.id, name: c.name, n: (m.get(c.id)?.n ?? 0) + 1 });
    return [...m.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [list.items]);
  const needle = words.trim().toLowerCase();
  const shown = list.items.filter((h) => (code === ALL || h.codes.some((c) => c.id === code)) && (!needle || h.quote.toLowerCase().includes(needle)));
  const toggle = (hid: string, on: boolean) => setPicked((p) => (on ? [...p, hid] : p.filter((x) => x !== hid)));
  const addable = shown.filter((h) => !inReel.has(h.id));
  const allShownPicked = addable.length > 0 && addable.every((h) => picked.includes(h.id));

  return (
    <ActionDialog
      title={`Add to “${detail.reel.name}”`}
      wide
      onClose={onClose}
      action={{
        label: picked.length === 0 ? 'Add clips' : `Add ${clips(picked.length)}`,
        className: 'btn-primary',
        disabled: busy || picked.length === 0,
        onAction: () => void run(() => addItems(picked)),
      }}
    >
      <div className="stack-12">
        <div className="rl-picker-filters">
          <div className="field">
            <label htmlFor={`${id}-code`}>Code</label>
            <select id={`${id}-code`} className="input" value={code} onChange={(e) => setCode(e.target.value)}>
              <option value={ALL}>All highlights ({list.items.length})</option>
              {codes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.n})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-words`}>Words</label>
            <input id={`${id}-words`} className="input" type="search" value={words} onChange={(e) => setWords(e.target.value)} />
          </div>
        </div>
        {list.status === 'loading' && (
          <p className="empty" role="status">
            <span className="spinner" aria-hidden="true" /> Loading highlights…
          </p>
        )}
        {list.status === 'error' && list.error && <ErrorNote error={list.error} onRetry={load} />}
        {list.status === 'ready' && (
          <>
            <div className="rl-picker-bar">
              <p className="muted num" role="status">
                {shown.length} shown · {picked.length} picked (added in the order picked)
              </p>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={addable.length === 0}
                onClick={() =>
                  setPicked((p) =>
                    allShownPicked ? p.filter((x) => !addable.some((h) => h.id === x)) : [...p, ...addable.map((h) => h.id).filter((x) => !p.includes(x))],
                  )
                }
              >
                {allShownPicked ? 'Unpick shown' : 'Pick all shown'}
              </button>
            </div>
            {list.items.length === 0 ? (
              <p className="empty">No highlights in this study yet. Select words in an interview’s transcript and press C to code them.</p>
            ) : (
              <ul className="cd-list rl-picker" aria-label="Highlights">
                {shown.map((h) => {
                  const already = inReel.has(h.id);
                  return (
                    <li key={h.id} className={`rl-pick${already ? ' is-in' : ''}`}>
                      <label className="rl-pick-label">
                        <input type="checkbox" checked={already || picked.includes(h.id)} disabled={already} onChange={(e) => toggle(h.id, e.target.checked)} />
                        <span className="rl-pick-text">
                          <span className="rl-pick-head">
                            <span className="rl-who">{participantLabel(h.code, h.participant_name) || 'Unnamed participant'}</span>
                            <span className="muted num">{h.start_ms === null ? 'Time unknown' : timecode(h.start_ms)}</span>
                            {h.codes.length > 0 && <span className="muted">{h.codes.map((c) => c.name).join(' · ')}</span>}
                            {already && <span className="rl-badge">In this reel</span>}
                          </span>
                          <span className="rl-pick-quote">{h.quote}</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
        {error && <ErrorNote error={error} />}
      </div>
    </ActionDialog>
  );
}
