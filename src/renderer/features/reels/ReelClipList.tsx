import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ReelDetailView, ReelItemView } from '../../../shared/ipc/channels/reels';
import { CodeChips } from '../highlights/CodeChips';
import { short, useReels } from './store';
import { span } from './reel-text';

/** Where focus goes after a move re-renders the list: the moved clip, or the button that moved it. */
type FocusAfter = { id: string; on: 'item' | 'up' | 'down' };

/** The reel's clips in order: drag one onto another's place, or move the focused one with Alt+↑/↓ or its buttons. */
export function ClipList({ detail }: { detail: ReelDetailView }) {
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
