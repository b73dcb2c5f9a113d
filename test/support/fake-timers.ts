import type { Timers } from '../../src/main/jobs/timers';

/**
 * Timers driven by hand. Time only moves in `advance`; due callbacks fire in order, and each gets a
 * moment of real time to finish its (real) network I/O before the clock moves on.
 */
export function fakeTimers(clock: { now(): number; advance(ms: number): void }) {
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    now: () => clock.now(),
    setTimeout: (fn, ms) => {
      const id = ++seq;
      queue.set(id, { at: clock.now() + ms, fn });
      return id;
    },
    clearTimeout: (h) => void queue.delete(h as number),
  };
  const settle = () => new Promise((r) => setTimeout(r, 15));
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
        due[1].fn();
        await settle();
      }
      if (end > clock.now()) clock.advance(end - clock.now());
    },
  };
}
