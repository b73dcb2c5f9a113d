import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { codingName } from '../highlights/coding-text';
import type { TranscriptRange } from '../highlights/store';
import { formatClock } from './active-turn';
import { estimateRowHeight, RowLayout } from './row-layout';
import { readTranscriptSelection } from './selection';
import type { TurnMarks } from './transcript-marks';

const OVERSCAN = 12;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

type Props = {
  turns: readonly TranscriptTurn[];
  activeIndex: number;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  onSeekTurn: (turn: TranscriptTurn) => void;
  /** The highlights' marks and tags, by turn index (turns without any are absent). */
  marks: ReadonlyMap<number, TurnMarks>;
  /** The margin's lanes (columns of coding bars) and the codings they draw, by id. */
  lanes: number;
  codings: ReadonlyMap<string, HighlightView>;
  researcherName: string;
  /** The coding chosen in the margin (its words are marked deeper), and choosing one. */
  selectedCoding: string | null;
  onSelectCoding: (id: string) => void;
  /** Shown under the transcript's bar: the chosen coding and what can be done to it. */
  codingPanel?: ReactNode;
  onSelection: (range: TranscriptRange | null) => void;
  canHighlight: boolean;
  onHighlight: () => void;
  /** What to say when there are no turns, given the interview's state. */
  emptyTranscriptMessage?: string;
  /** Shown beside the turns (above them when the transcript is narrow): in a STIMULI study, what was on screen. */
  aside?: ReactNode;
  /** Where the researcher is reading as they scroll the transcript themselves: the turn at the reading line. */
  onReadingTurn?: (index: number) => void;
  /** By the index of the turn that asks a question with stimuli: their captions, noted on that turn. */
  stimulusMarks?: ReadonlyMap<number, readonly string[]>;
  /** The turns (first and last, inclusive) whose stimulus the aside shows, marked in the margin. */
  bracket?: { start: number; end: number } | null;
};

/**
 * The transcript beside the player. Only the rows near the viewport are in the DOM (a long interview
 * has thousands of turns); rows start at an estimated height and are measured as they render.
 */
export function Transcript({
  turns,
  activeIndex,
  follow,
  onFollowChange,
  onSeekTurn,
  marks,
  lanes,
  codings,
  researcherName,
  selectedCoding,
  onSelectCoding,
  codingPanel,
  onSelection,
  canHighlight,
  onHighlight,
  emptyTranscriptMessage,
  aside,
  onReadingTurn,
  stimulusMarks,
  bracket,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const layout = useMemo(() => new RowLayout(turns.map((t) => estimateRowHeight(t.text))), [turns]);
  const [view, setView] = useState({ top: 0, height: 600 });
  const [, setVersion] = useState(0);
  const frame = useRef(0);

  const remeasureSoon = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setVersion((v) => v + 1);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const rowObserver = useMemo(
    () =>
      new ResizeObserver((entries) => {
        let changed = false;
        for (const e of entries) {
          const el = e.target as HTMLElement;
          changed = layout.measure(Number(el.dataset.turn), el.getBoundingClientRect().height) || changed;
        }
        if (changed) remeasureSoon();
      }),
    [layout, remeasureSoon],
  );
  useEffect(() => () => rowObserver.disconnect(), [rowObserver]);

  // The scroll container exists only when there are turns: an interview with none has nothing to measure.
  const hasTurns = turns.length > 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const sync = () => setView({ top: el.scrollTop, height: el.clientHeight });
    sync();
    const ro = new ResizeObserver(sync);
    ro.observe(el);
    return () => ro.disconnect();
  }, [hasTurns]);

  // The researcher is scrolling the transcript themselves (until it follows the playhead again).
  const reading = useRef(false);
  useEffect(() => {
    if (follow) reading.current = false;
  }, [follow]);
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    if (reading.current && onReadingTurn) {
      // The reading line runs from the top of the view (scrolled to the start) to its bottom (scrolled to the
      // end), so the first and the last turns can both be the one being read.
      const max = el.scrollHeight - el.clientHeight;
      const line = el.scrollTop + Math.min(el.clientHeight - 1, Math.max(16, max > 0 ? (el.clientHeight * el.scrollTop) / max : 0));
      onReadingTurn(layout.indexAt(line));
    }
  };
  // Only the researcher's own scrolling turns following off, not the smooth scroll that follows the playhead.
  const manual = () => {
    reading.current = true;
    if (follow) onFollowChange(false);
  };

  const { start, end } = layout.window(view.top, view.height, OVERSCAN);

  // Follow the playhead: bring the active turn into view when it is outside it.
  useEffect(() => {
    const el = scroller.current;
    if (!follow || activeIndex < 0 || !el) return;
    const top = layout.top(activeIndex);
    const bottom = top + layout.height(activeIndex);
    if (top >= el.scrollTop && bottom <= el.scrollTop + el.clientHeight) return;
    const target = Math.max(0, top - el.clientHeight / 3);
    const far = Math.abs(target - el.scrollTop) > el.clientHeight * 3;
    const still = far || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ top: target, behavior: still ? 'auto' : 'smooth' });
  }, [activeIndex, follow, layout]);

  useEffect(() => {
    const onChange = () => onSelection(readTranscriptSelection(turns, scroller.current));
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [turns, onSelection]);

  const onRowKey = (e: KeyboardEvent<HTMLLIElement>, turn: TranscriptTurn) => {
    // Keys on a control inside the row (a coding in the margin) are that control's.
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      onSeekTurn(turn);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      manual();
      const next = turn.index + (e.key === 'ArrowDown' ? 1 : -1);
      const row = scroller.current?.querySelector<HTMLElement>(`[data-turn="${next}"]`);
      row?.focus();
      row?.scrollIntoView({ block: 'nearest' });
    }
  };

  const rows: TranscriptTurn[] = turns.slice(start, end);
  return (
    <section className="transcript" aria-labelledby="transcript-title">
      <div className="transcript-bar">
        <h2 id="transcript-title" className="transcript-title">
          Transcript <span className="muted tabular">· {turns.length} turns</span>
        </h2>
        <div className="row-8">
          <button
            type="button"
            className="btn btn-small"
            disabled={!canHighlight}
            // The click must not take the selection away before the picker reads it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={onHighlight}
            title="Select words in the transcript, then press C (or H) to code them"
          >
            Code selection <kbd className="kbd">C</kbd>
          </button>
          <label className="follow-toggle">
            <input type="checkbox" checked={follow} onChange={(e) => onFollowChange(e.target.checked)} />
            Follow playhead
          </label>
        </div>
      </div>
      {codingPanel}
      <div className={`transcript-body${aside ? ' has-aside' : ''}`}>
        {aside}
        {turns.length === 0 ? (
          <p className="empty">{emptyTranscriptMessage ?? 'This interview has no transcript yet. It appears after the next sync once the service has it.'}</p>
        ) : (
          <div
            className="transcript-scroll"
            ref={scroller}
            onScroll={onScroll}
            onWheel={manual}
            onTouchMove={manual}
            onPointerDown={(e) => {
              if (e.target === scroller.current) manual();
            }}
            onKeyDown={(e) => {
              if (SCROLL_KEYS.has(e.key) && e.target === scroller.current) manual();
            }}
            tabIndex={-1}
          >
            <div style={{ height: layout.top(start) }} aria-hidden="true" />
            <ol className="turns" aria-label="Transcript turns" style={{ ['--lanes' as string]: lanes }}>
              {rows.map((t) => (
                <TurnRow
                  key={t.index}
                  turn={t}
                  active={t.index === activeIndex}
                  marks={marks.get(t.index)}
                  codings={codings}
                  researcherName={researcherName}
                  selectedCoding={marks.get(t.index)?.bars.some((b) => b.highlightId === selectedCoding) ? selectedCoding : null}
                  onSelectCoding={onSelectCoding}
                  shown={stimulusMarks?.get(t.index)}
                  bracketed={bracket ? t.index >= bracket.start && t.index <= bracket.end : false}
                  observer={rowObserver}
                  onSeek={onSeekTurn}
                  onKey={onRowKey}
                />
              ))}
            </ol>
            <div style={{ height: Math.max(0, layout.total() - layout.top(end)) }} aria-hidden="true" />
          </div>
        )}
      </div>
    </section>
  );
}

const ROLE_LABEL = { AI: 'AI', User: 'Participant', unknown: 'Speaker' } as const;

const TurnRow = memo(function TurnRow({
  turn,
  active,
  marks,
  codings,
  researcherName,
  selectedCoding,
  onSelectCoding,
  shown,
  bracketed,
  observer,
  onSeek,
  onKey,
}: {
  turn: TranscriptTurn;
  active: boolean;
  marks: TurnMarks | undefined;
  codings: ReadonlyMap<string, HighlightView>;
  researcherName: string;
  selectedCoding: string | null;
  onSelectCoding: (id: string) => void;
  shown: readonly string[] | undefined;
  bracketed: boolean;
  observer: ResizeObserver;
  onSeek: (t: TranscriptTurn) => void;
  onKey: (e: KeyboardEvent<HTMLLIElement>, t: TranscriptTurn) => void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const el = ref.current!;
    observer.observe(el);
    return () => observer.unobserve(el);
  }, [observer]);
  const role = turn.role === 'AI' ? 'ai' : turn.role === 'User' ? 'participant' : 'unknown';
  // The codings that start here are named beside the turn; the bars of all that span it run down the margin.
  const starting = (marks?.bars ?? []).filter((b) => b.first);
  const colorOf = (ids: string[]) => codings.get(ids[0]!)?.codes[0]?.color;
  return (
    <li
      ref={ref}
      data-turn={turn.index}
      className={`turn turn-${role}${active ? ' is-active' : ''}${starting.length ? ' has-tags' : ''}${bracketed ? ' is-on-screen' : ''}`}
      aria-current={active ? 'true' : undefined}
      tabIndex={0}
      onClick={() => {
        // A drag that selected text is for highlighting, not for seeking.
        if (document.getSelection()?.isCollapsed !== false && turn.start_ms !== null) onSeek(turn);
      }}
      onKeyDown={(e) => onKey(e, turn)}
    >
      <div className="turn-meta">
        {turn.start_ms === null ? (
          <span className="turn-time turn-time-unknown" title="The service sent no time Fieldwork could read for this turn, so it cannot be played from here.">
            time unknown
          </span>
        ) : (
          <span className="turn-time tabular">{formatClock(turn.start_ms)}</span>
        )}
        <span className="turn-role">{ROLE_LABEL[turn.role]}</span>
      </div>
      {shown && shown.length > 0 && <p className="turn-stimulus">On screen from here: {shown.join(', ')}</p>}
      {/* Only text inside: selection offsets are counted over this element's text, marks included. */}
      <p className="turn-text" data-turn-text="">
        {marks
          ? marks.segments.map((seg, k) =>
              seg.ids.length === 0 ? (
                seg.text
              ) : (
                <mark
                  key={k}
                  className={`hl-mark${seg.ids.length > 1 ? ' is-overlap' : ''}${selectedCoding && seg.ids.includes(selectedCoding) ? ' is-selected' : ''}`}
                  data-highlights={seg.ids.join(' ')}
                  style={colorOf(seg.ids) ? { ['--code-color' as string]: colorOf(seg.ids) } : undefined}
                >
                  {seg.text}
                </mark>
              ),
            )
          : turn.text}
      </p>
      {marks && marks.bars.length > 0 && (
        <div className="turn-lanes" aria-hidden="true">
          {marks.bars.map((b) => (
            <span
              key={`${b.highlightId}-${b.code.id}`}
              className={`turn-bar${b.first ? ' is-first' : ''}${b.last ? ' is-last' : ''}${b.coder !== null ? ' is-other-coder' : ''}${b.highlightId === selectedCoding ? ' is-selected' : ''}`}
              style={{ ['--lane' as string]: b.lane, ['--code-color' as string]: b.code.color }}
            />
          ))}
        </div>
      )}
      {starting.length > 0 && (
        <ul className="turn-tags" aria-label="Codings">
          {starting.map((b) => {
            const h = codings.get(b.highlightId);
            const name = h ? codingName(b.code.name, h, researcherName) : b.code.name;
            return (
              <li key={`${b.highlightId}-${b.code.id}`} className="turn-tag-item">
                <button
                  type="button"
                  className={`turn-tag${b.coder !== null ? ' is-other-coder' : ''}`}
                  style={{ ['--code-color' as string]: b.code.color }}
                  aria-label={name}
                  title={name}
                  aria-pressed={b.highlightId === selectedCoding}
                  onClick={(e) => {
                    // Choosing a coding is not a click on the turn (which would seek).
                    e.stopPropagation();
                    onSelectCoding(b.highlightId);
                  }}
                >
                  {b.code.name}
                  {b.coder !== null && <span className="turn-tag-coder"> · {b.coder}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
});
