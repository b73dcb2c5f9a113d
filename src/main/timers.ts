/**
 * Timers as a port, so jobs can be driven by a fake clock in tests. A callback may return the promise of
 * the work it starts: real timers ignore it, a fake clock can wait for that work instead of for real time.
 */
export type Timers = {
  now(): number;
  setTimeout(fn: () => unknown, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(() => void fn(), ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};
