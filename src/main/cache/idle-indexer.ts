import type { Timers } from '../timers';
import type { IndexProgress } from './queries/search-index';

export type IdleIndexer = {
  /** Called on every write of turns: indexing waits until there has been none for `idleMs`. */
  touch(): void;
  stop(): void;
};

/**
 * Works through the search backlog once turns stop arriving, one bounded step at a time, so
 * a sync's page writes never queue behind indexing and any request waits at most one step. A search
 * that comes before it is done indexes what is left itself, so it never misses a turn (queries/search.ts).
 */
export function createIdleIndexer(o: {
  step: () => IndexProgress;
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  idleMs: number;
  onError?: (e: unknown) => void;
}): IdleIndexer {
  let handle: unknown = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (handle !== null) o.timers.clearTimeout(handle);
    handle = o.timers.setTimeout(tick, ms);
  };
  function tick() {
    handle = null;
    let progress: IndexProgress;
    try {
      progress = o.step();
    } catch (e) {
      // The index is rebuilt from cached turns at the next search; nothing is lost by stopping here.
      o.onError?.(e);
      return;
    }
    // Activity during the step (touch) already pushed the next step back; otherwise go on at once.
    if (progress.remaining > 0 && handle === null) schedule(0);
  }
  return {
    touch: () => schedule(o.idleMs),
    stop() {
      stopped = true;
      if (handle !== null) o.timers.clearTimeout(handle);
      handle = null;
    },
  };
}

/** Rows per step: about 50 ms of indexing on a slow laptop core. */
export const INDEX_STEP_ROWS = 10_000;
/** Quiet time before indexing starts: longer than the gap between a sync's page writes. */
export const INDEX_IDLE_MS = 300;
