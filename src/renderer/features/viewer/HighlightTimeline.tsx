import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import { timecode } from '../../lib/timecode';

type Timed = Pick<HighlightView, 'id' | 'start_ms' | 'codes' | 'quote'> & Partial<Pick<HighlightView, 'coder'>>;

/**
 * How a mark is named: its time and codes (or the start of the quote when there are none), and who coded it
 * when that is not the researcher. Codings that start within the same hundredth of the timeline share one mark
 * ("2 codings at 00:09: pricing, trust"): stacked marks would hide all but the top one from the mouse.
 */
export function timelineLabel(group: readonly Timed[]): string {
  const first = group[0]!;
  const names = [...new Set(group.flatMap((h) => h.codes.map((c) => c.name)))];
  const what = names.length > 0 ? names.join(', ') : group.map((h) => `"${h.quote.trim().slice(0, 60)}${h.quote.trim().length > 60 ? '…' : ''}"`).join(', ');
  const others = [...new Set(group.flatMap((h) => (h.coder ? [h.coder] : [])))];
  return `${group.length === 1 ? 'Coding' : `${group.length} codings`} at ${timecode(first.start_ms)}: ${what}${others.length ? ` (by ${others.join(', ')})` : ''}`;
}

/**
 * A mark's fill: its codes' colours, as equal stripes when there are several; a mark with no code takes the
 * warning colour highlights always had.
 */
export function timelineFill(group: readonly Timed[]): string {
  const colors = [...new Set(group.flatMap((h) => h.codes.map((c) => c.color)))];
  if (colors.length === 0) return 'var(--warning)';
  if (colors.length === 1) return colors[0]!;
  const step = 100 / colors.length;
  return `linear-gradient(to right, ${colors.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`).join(', ')})`;
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
 * The interview's codings as marks on a bar, coloured by code, under the video's progress bar, each a button that plays
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
        <p className="muted hl-timeline-note">The video's length is not known yet, so codings are not placed on the timeline.</p>
      ) : (
        <ul className="hl-timeline-track" aria-label="Codings on the timeline">
          {timelineGroups(timed, span).map((g) => (
            <li key={g[0]!.id} className="hl-timeline-item" style={{ left: `${(100 * g[0]!.start_ms!) / span}%` }}>
              <button
                type="button"
                className={`hl-timeline-mark${g.length > 1 ? ' is-many' : ''}${g.every((h) => h.coder !== null) ? ' is-other-coder' : ''}`}
                style={{ ['--mark-fill' as string]: timelineFill(g) }}
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
          {untimed} coding{untimed === 1 ? ' has' : 's have'} no time and {untimed === 1 ? 'is' : 'are'} not on the timeline.
        </p>
      )}
    </div>
  );
}
