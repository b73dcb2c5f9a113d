import type { Timers } from '../../src/main/timers';

/** One turn of the event loop: callbacks already queued (promise jobs, I/O completions) run first. */
const turn = () => new Promise<void>((r) => setImmediate(r));

/**
 * Timers driven by hand. Time only moves in `advance`; due callbacks fire in order. With
 * `awaitCallbacks`, `advance` waits for the promise a callback returns (its real network I/O, say)
 * before the clock moves on, so a slow machine cannot make a job miss its next tick; without it, each
 * callback gets event-loop turns only, for jobs whose callbacks start work that a test holds open.
 */
export function fakeTimers(clock: { now(): number; advance(ms: number): void }, opts: { awaitCallbacks?: boolean } = {}) {
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => unknown }>();
  const timers: Timers = {
    now: () => clock.now(),
    setTimeout: (fn, ms) => {
      const id = ++seq;
      queue.set(id, { at: clock.now() + ms, fn });
      return id;
    },
    clearTimeout: (h) => void queue.delete(h as number),
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await turn();
  };
  return {
    timers,
    pending: () => queue.size,
    async advance(ms: number) {
      // Let work already under way schedule its timers before time moves.
      await settle();
      const end = clock.now() + ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        if (due[1].at > clock.now()) clock.advance(due[1].at - clock.now());
        const work = due[1].fn();
        if (opts.awaitCallbacks && work instanceof Promise) await work;
        await settle();
      }
      if (end > clock.now()) clock.advance(end - clock.now());
    },
  };
}

/** Synchronous hand-driven timers: callbacks fire inside advance(). */
export function manualTimers(): Timers & { advance(ms: number): void } {
  let now = 0;
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      queue.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h) => void queue.delete(h as number),
    advance(ms) {
      now += ms;
      for (const [id, t] of [...queue].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at > now) continue;
        queue.delete(id);
        t.fn();
      }
    },
  };
}
