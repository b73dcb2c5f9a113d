import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import type { ReelDetailView, ReelItemView, ReelView } from '../../../shared/ipc/channels/reels';
import { ActionDialog, useDialogAction } from '../../components/ActionDialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { timecode } from '../../lib/timecode';
import { CodeChips } from '../highlights/CodeChips';
import type { TabProps } from '../interviews/InterviewsTab';
import { openClipExport } from '../clips/store';
import { ReelNameField as NameField } from './ReelNameField';
import { listStudyHighlights, short, useReels } from './store';
import '../codes/codes.css';
import '../highlights/highlights.css';
import './reels.css';

const clips = (n: number) => `${n} ${n === 1 ? 'clip' : 'clips'}`;
/** "00:12–00:31", "from 00:12", or "Time unknown". */
export const span = (start: number | null, end: number | null) =>
  start === null ? 'Time unknown' : end === null ? `from ${timecode(start)}` : `${timecode(start)}–${timecode(end)}`;

/** Where focus goes after a move re-renders the list: the moved clip, or the button that moved it. */
type FocusAfter = { id: string; on: 'item' | 'up' | 'down' };

/**
 * The study's hand-picked reels: their list (new, rename, delete), and the open reel's clips in order, each
 * with its words, who said them, when and its codes; reordered by drag, by Move up/down or Alt+↑/↓ on the
 * focused clip (each move announced), removed, added from the study's highlights, and handed to the clip export.
 */
export function ReelsView({ workspace, project }: TabProps) {
  const open = useReels((s) => s.open);
  const status = useReels((s) => s.status);
  const error = useReels((s) => s.error);
  const reels = useReels((s) => s.reels);
  const selectedId = useReels((s) => s.selectedId);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void open({ workspaceId: workspace.id, projectId: project.id });
  }, [open, workspace.id, project.id]);

  if (status === 'loading' && reels.length === 0)
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Loading reels…
      </p>
    );
  if (status === 'error' && error) return <ErrorNote error={error} onRetry={() => void useReels.getState().reload()} />;
  const selected = reels.find((r) => r.id === selectedId) ?? null;
  return (
    <div className="cd-view">
      <nav className="cd-book" aria-label="Reels">
        <div className="cd-book-head">
          <h2 className="cd-book-title">
            Reels <span className="num muted">{reels.length}</span>
          </h2>
          <div className="row-8">
            <button type="button" className="btn btn-small btn-primary" onClick={() => setCreating(true)}>
              New reel
            </button>
          </div>
        </div>
        <ul className="cd-list">
          {reels.map((r) => (
            <ReelRow key={r.id} reel={r} />
          ))}
        </ul>
      </nav>
      <div className="cd-main">
        {selected ? (
          <ReelDetail key={selected.id} reel={selected} projectId={project.id} workspaceId={workspace.id} />
        ) : (
          <div className="empty cd-empty">
            <p>
              No reels in this study yet. A reel is clips you pick from any interview, in the order you choose, to show or export together. Start one with{' '}
              <strong>New reel</strong>, or use <strong>Add to reel…</strong> on any highlight.
            </p>
          </div>
        )}
      </div>
      {creating && <NameDialog onClose={() => setCreating(false)} />}
    </div>
  );
}

function ReelRow({ reel }: { reel: ReelView }) {
  const selected = useReels((s) => s.selectedId === reel.id);
  const select = useReels((s) => s.select);
  return (
    <li>
      <button
        type="button"
        className="cd-row"
        aria-current={selected ? 'true' : undefined}
        aria-label={`${reel.name}, ${clips(reel.clips)}`}
        onClick={() => void select(reel.id)}
      >
        <span className="cd-row-name">{reel.name}</span>
        <span className="cd-row-counts num muted" aria-hidden="true">
          {reel.clips}
        </span>
      </button>
    </li>
  );
}

function ReelDetail({ reel, workspaceId, projectId }: { reel: ReelView; workspaceId: string; projectId: string }) {
  const detail = useReels((s) => (s.detail?.reel.id === reel.id ? s.detail : null));
  const detailStatus = useReels((s) => s.detailStatus);
  const detailError = useReels((s) => s.detailError);
  const announcement = useReels((s) => s.announcement);
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'add' | null>(null);
  const canExport = (detail?.items.length ?? 0) > 0;
  const exportId = useId();
  const doExport = () => {
    if (!canExport || !detail) return;
    const ids = detail.items.map((i) => i.highlight_id);
    // The reel's own order: the clip export cuts and joins them as listed.
    openClipExport({ selection: { kind: 'highlights', ids }, title: reel.name, projectId });
  };

  return (
    <section className="rl-detail" aria-labelledby="rl-title">
      <header className="rl-head">
        <div className="rl-head-text">
          <h2 id="rl-title" className="rl-title">
            {reel.name}
          </h2>
          <p className="muted num rl-meta">
            {clips(reel.clips)}
            {detail && detail.items.length > 0 && (
              <>
                {' · '}
                <span title="The sum of the clips’ spans, from each one’s first word to the end of its last turn">{timecode(detail.total_ms)} total</span>
                {detail.untimed > 0 && ` (${clips(detail.untimed)} with no known time left out)`}
              </>
            )}
          </p>
        </div>
        <div className="rl-actions">
          <button type="button" className="btn btn-small btn-primary" onClick={() => setDialog('add')}>
            Add from highlights…
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-disabled={canExport ? undefined : true}
            aria-describedby={canExport ? undefined : exportId}
            title={canExport ? undefined : exportReason(detail)}
            onClick={doExport}
          >
            Export reel…
          </button>
          {!canExport && (
            <span id={exportId} className="visually-hidden">
              {exportReason(detail)}
            </span>
          )}
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setDialog('rename')}>
            Rename…
          </button>
          <button type="button" className="btn btn-small btn-ghost rl-delete" onClick={() => setDialog('delete')}>
            Delete…
          </button>
        </div>
      </header>
      <p className="rl-status muted" role="status" aria-live="polite">
        {announcement}
      </p>
      {detailError && <ErrorNote error={detailError} onRetry={() => void useReels.getState().select(reel.id)} />}
      {!detail && detailStatus === 'loading' && (
        <p className="empty" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the reel…
        </p>
      )}
      {detail && detail.items.length === 0 && (
        <div className="empty cd-empty">
          <p>
            This reel has no clips yet. Use <strong>Add from highlights…</strong>, or <strong>Add to reel…</strong> on a highlight.
          </p>
        </div>
      )}
      {detail && detail.items.length > 0 && <ClipList detail={detail} />}
      {dialog === 'rename' && <NameDialog reel={reel} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog reel={reel} onClose={() => setDialog(null)} />}
      {dialog === 'add' && detail && <PickerDialog workspaceId={workspaceId} projectId={projectId} detail={detail} onClose={() => setDialog(null)} />}
    </section>
  );
}

function exportReason(detail: ReelDetailView | null): string {
  return detail ? 'Add clips to the reel before exporting it.' : 'The reel is still loading.';
}

/** The reel's clips in order: drag one onto another's place, or move the focused one with Alt+↑/↓ or its buttons. */
function ClipList({ detail }: { detail: ReelDetailView }) {
  const move = useReels((s) => s.move);
  const removeItem = useReels((s) => s.removeItem);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const n = detail.items.length;

  useEffect(() => {
    if (!focusAfter) return;
    const li = refs.current.get(focusAfter.id);
    const button = focusAfter.on === 'item' ? null : li?.querySelector<HTMLButtonElement>(`button[data-move="${focusAfter.on}"]:not(:disabled)`);
    (button ?? li)?.focus();
    setFocusAfter(null);
  }, [detail, focusAfter]);

  const moveBy = (item: ReelItemView, by: -1 | 1, on: FocusAfter['on']) => {
    const to = item.position + by;
    if (to < 0 || to >= n) return;
    setFocusAfter({ id: item.highlight_id, on });
    void move(item.highlight_id, to);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, item: ReelItemView) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || e.target !== e.currentTarget) return;
    e.preventDefault();
    moveBy(item, e.key === 'ArrowUp' ? -1 : 1, 'item');
  };
  const drop = (to: number) => {
    if (dragging) {
      setFocusAfter({ id: dragging, on: 'item' });
      void move(dragging, to);
    }
    setDragging(null);
    setOver(null);
  };

  return (
    <>
      <p className="hint rl-hint">Drag a clip to reorder, or focus it and press Alt+↑ or Alt+↓.</p>
      <ol className="cd-list rl-clips" aria-label={`Clips of ${detail.reel.name}`}>
        {detail.items.map((item) => (
          <li
            key={item.highlight_id}
            ref={(el) => {
              if (el) refs.current.set(item.highlight_id, el);
              else refs.current.delete(item.highlight_id);
            }}
            className={`rl-clip${dragging === item.highlight_id ? ' is-dragging' : ''}${over === item.position && dragging !== item.highlight_id ? ' is-over' : ''}`}
            tabIndex={0}
            draggable
            aria-label={`Clip ${item.position + 1} of ${n}: ${item.participant}, ${span(item.start_ms, item.end_ms)}. ${short(item.text, 80)}`}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            onKeyDown={(e) => onKeyDown(e, item)}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', item.highlight_id);
              setDragging(item.highlight_id);
            }}
            onDragOver={(e) => {
              if (!dragging) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setOver(item.position);
            }}
            onDragLeave={() => setOver((o) => (o === item.position ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              drop(item.position);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
          >
            <span className="rl-clip-n num" aria-hidden="true">
              {item.position + 1}
            </span>
            <div className="rl-clip-body">
              <div className="rl-clip-head">
                <span className="rl-who">{item.participant}</span>
                <span className="muted num">{span(item.start_ms, item.end_ms)}</span>
              </div>
              <blockquote className="hl-quote">{item.text}</blockquote>
              <CodeChips codes={item.codes} />
            </div>
            <div className="rl-clip-actions">
              <button
                type="button"
                className="btn btn-ghost btn-small"
                data-move="up"
                disabled={item.position === 0}
                aria-label={`Move up: clip ${item.position + 1}`}
                onClick={() => moveBy(item, -1, 'up')}
              >
                Move up
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                data-move="down"
                disabled={item.position === n - 1}
                aria-label={`Move down: clip ${item.position + 1}`}
                onClick={() => moveBy(item, 1, 'down')}
              >
                Move down
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small rl-remove"
                aria-label={`Remove clip ${item.position + 1} from the reel`}
                onClick={() => {
                  const next = detail.items[item.position + 1] ?? detail.items[item.position - 1];
                  if (next) setFocusAfter({ id: next.highlight_id, on: 'item' });
                  void removeItem(item.highlight_id);
                }}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** New reel (no `reel`) or rename; a name another reel of the study has is refused at the field. */
function NameDialog({ reel, onClose }: { reel?: ReelView; onClose: () => void }) {
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

function DeleteDialog({ reel, onClose }: { reel: ReelView; onClose: () => void }) {
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
function PickerDialog({ workspaceId, projectId, detail, onClose }: { workspaceId: string; projectId: string; detail: ReelDetailView; onClose: () => void }) {
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
                            <span className="rl-who">{h.participant_name?.trim() || 'Unnamed participant'}</span>
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
