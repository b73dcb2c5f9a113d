import type { TranscriptTurn } from '../../../shared/schemas/transcript';

/**
 * Start times made non-decreasing (a running maximum), so a binary search is valid even when a
 * transcript has a turn that starts before the one above it. Built once per transcript. A turn whose
 * time is unknown takes the next timed turn's start (or never starts, at the end), so it is never the one
 * playing: on a tie the later, timed turn wins.
 */
export function startIndex(turns: readonly Pick<TranscriptTurn, 'start_ms'>[]): Float64Array {
  const starts = new Float64Array(turns.length);
  let next = Infinity;
  for (let i = turns.length - 1; i >= 0; i--) {
    const s = turns[i]!.start_ms;
    if (s !== null) next = s;
    starts[i] = s ?? next;
  }
  let max = -Infinity;
  for (let i = 0; i < turns.length; i++) {
    max = Math.max(max, starts[i]!);
    starts[i] = max;
  }
  return starts;
}

/**
 * The turn playing at `ms`: the last turn that has started by then, or -1 before the first one.
 * O(log n), because it runs on every timeupdate (about 4 times a second, more while seeking).
 */
export function activeTurnAt(starts: Float64Array, ms: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
