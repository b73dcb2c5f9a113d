import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import { timecode } from '../../lib/timecode';

type Timed = Pick<HighlightView, 'id' | 'start_ms' | 'tags' | 'quote'>;

/**
 * How a mark is named: its time and tags (or the start of the quote when there are none). Highlights that
 * start within the same hundredth of the timeline share one mark ("2 highlights at 00:09: pricing, trust"):
 * stacked marks would hide all but the top one from the mouse.
 */
export function timelineLabel(group: readonly Timed[]): string {
  const first = group[0]!;
  const tags = [...new Set(group.flatMap((h) => h.tags))];
  const what = tags.length > 0 ? tags.join(', ') : group.map((h) => `"${h.quote.trim().slice(0, 60)}${h.quote.trim().length > 60 ? '…' : ''}"`).join(', ');
  return `${group.length === 1 ? 'Highlight' : `${group.length} highlights`} at ${timecode(first.start_ms)}: ${what}`;
}

/** Timed highlights in time order, grouped by the hundredth of the timeline they start in. */
export function timelineGroups<T extends Timed>(highlights: readonly T[], spanMs: number): T[][] {
  const timed = highlights.filter((h) => h.start_ms !== null).sort((a, b) => a.start_ms! - b.start_ms!);
  const groups: T[][] = [];
  for (const h of timed) {
    const last = groups.at(-1);
    if (last && Math.floor((100 * h.start_ms!) / spanMs) === Math.floor((100 * last[0]!.start_ms!) / spanMs)) last.push(h);
    else groups.push([h]);
  }
  return groups;
}

/**
 * The interview's highlights as marks on a bar under the video's progress bar, each a button that plays
 * from there. Highlights whose time is unknown cannot be placed; the bar says how many.
 */
export function HighlightTimeline({
  highlights,
  durationMs,
  onSeek,
}: {
  highlights: HighlightView[];
  durationMs: number | null;
  onSeek: (ms: number) => void;
}) {
  if (highlights.length === 0) return null;
  const timed = highlights.filter((h) => h.start_ms !== null);
  const untimed = highlights.length - timed.length;
  const span = durationMs !== null && durationMs > 0 ? Math.max(durationMs, ...timed.map((h) => h.start_ms!)) : null;
  return (
    <div className="hl-timeline">
      {span === null ? (
        <p className="muted hl-timeline-note">The video's length is not known yet, so highlights are not placed on the timeline.</p>
      ) : (
        <ul className="hl-timeline-track" aria-label="Highlights on the timeline">
          {timelineGroups(timed, span).map((g) => (
            <li key={g[0]!.id} className="hl-timeline-item" style={{ left: `${(100 * g[0]!.start_ms!) / span}%` }}>
              <button
                type="button"
                className={`hl-timeline-mark${g.length > 1 ? ' is-many' : ''}`}
                aria-label={timelineLabel(g)}
                title={timelineLabel(g)}
                onClick={() => onSeek(g[0]!.start_ms!)}
              />
            </li>
          ))}
        </ul>
      )}
      {untimed > 0 && (
        <p className="muted hl-timeline-note">
          {untimed} highlight{untimed === 1 ? ' has' : 's have'} no time and {untimed === 1 ? 'is' : 'are'} not on the timeline.
        </p>
      )}
    </div>
  );
}
