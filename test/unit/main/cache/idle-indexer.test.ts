// The idle indexer: waits for quiet, works in bounded steps, yields between them, stops cleanly.
import { describe, expect, it } from 'vitest';
import { createIdleIndexer } from '../../../../src/main/cache/idle-indexer';

/** Timers driven by hand: `fire()` runs whatever is due, as the event loop would. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      due.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout: (h: unknown) => void due.delete(h as number),
    advance(ms: number) {
      now += ms;
      for (;;) {
        const ready = [...due].filter(([, t]) => t.at <= now).sort((a, b) => a[1].at - b[1].at)[0];
        if (!ready) return;
        due.delete(ready[0]);
        ready[1].fn();
      }
    },
    pending: () => due.size,
  };
}

function backlog(rows: number, step: number) {
  let left = rows;
  const calls: number[] = [];
  return {
    calls,
    step: () => {
      const n = Math.min(step, left);
      left -= n;
      calls.push(n);
      return { indexed: n, remaining: left };
    },
    left: () => left,
  };
}

describe('idle indexer', () => {
  it('starts only after the cache has been quiet for idleMs; activity keeps pushing it back', () => {
    const t = manualTimers();
    const b = backlog(25, 10);
    const ix = createIdleIndexer({ step: b.step, timers: t, idleMs: 300 });
    ix.touch();
    t.advance(200);
    ix.touch(); // another operation arrived
    t.advance(200);
    expect(b.calls).toEqual([]);
    t.advance(100);
    expect(b.calls).toEqual([10, 10, 5]);
    expect(b.left()).toBe(0);
    expect(t.pending()).toBe(0);
  });

  it('an operation between two steps postpones the rest, which then resumes', () => {
    const t = manualTimers();
    const b = backlog(30, 10);
    let once = true;
    const ix = createIdleIndexer({
      step: () => {
        const r = b.step();
        if (once) {
          once = false;
          ix.touch(); // a request landed while the first step ran
        }
        return r;
      },
      timers: t,
      idleMs: 300,
    });
    ix.touch();
    t.advance(300);
    expect(b.calls).toEqual([10]);
    t.advance(299);
    expect(b.calls).toEqual([10]);
    t.advance(1);
    expect(b.calls).toEqual([10, 10, 10]);
  });

  it('stop cancels what was scheduled and ignores later activity', () => {
    const t = manualTimers();
    const b = backlog(10, 10);
    const ix = createIdleIndexer({ step: b.step, timers: t, idleMs: 300 });
    ix.touch();
    ix.stop();
    ix.touch();
    t.advance(1000);
    expect(b.calls).toEqual([]);
    expect(t.pending()).toBe(0);
  });

  it('a failing step is reported once and not retried in a loop', () => {
    const t = manualTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const ix = createIdleIndexer({
      step: () => {
        calls++;
        throw new Error('disk I/O error');
      },
      timers: t,
      idleMs: 10,
      onError: (e) => errors.push(e),
    });
    ix.touch();
    t.advance(1000);
    expect(calls).toBe(1);
    expect(errors).toHaveLength(1);
    expect(t.pending()).toBe(0);
  });
});
