/**
 * One load at a time per key. A load asked for while one is in flight does not join it: it gets one more
 * run after it, shared by everyone who asks meanwhile. The run in flight may have started before whatever
 * asked (a sync finishing) changed the data, so joining it could leave the screen a sync behind.
 */
export type TrailingLoads = {
  /** Runs `task` now, or once more after the run in flight for `key` (the first queued caller's task). */
  run(key: string, task: () => Promise<void>): Promise<void>;
  /** How many runs have started for `key`, so a caller can tell whether one started since it looked. */
  started(key: string): number;
  /** Settles when the last run queued or in flight for `key` has finished. */
  settled(key: string): Promise<void>;
};

export function trailingLoads(): TrailingLoads {
  const inFlight = new Map<string, Promise<void>>();
  const queued = new Map<string, Promise<void>>();
  const started = new Map<string, number>();
  function run(key: string, task: () => Promise<void>): Promise<void> {
    const running = inFlight.get(key);
    if (running) {
      let next = queued.get(key);
      if (!next) {
        const again = () => {
          queued.delete(key);
          return run(key, task);
        };
        // After the run in flight, whether it worked or not (its own caller sees its failure).
        next = running.then(again, again);
        queued.set(key, next);
      }
      return next;
    }
    started.set(key, (started.get(key) ?? 0) + 1);
    const p = task().finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  }
  return {
    run,
    started: (key) => started.get(key) ?? 0,
    settled: (key) => (queued.get(key) ?? inFlight.get(key) ?? Promise.resolve()).catch(() => undefined),
  };
}
