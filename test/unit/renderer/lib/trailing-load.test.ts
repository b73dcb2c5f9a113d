// One load at a time per key, and one trailing load for everyone who asked while it ran.
import { describe, expect, it } from 'vitest';
import { trailingLoads } from '../../../../src/renderer/lib/trailing-load';
import { deferred, flush } from '../../../support/fake-bridge';

/** A task whose runs the test finishes one by one. */
function heldTask() {
  const runs: ReturnType<typeof deferred<void>>[] = [];
  return {
    runs,
    task: () => {
      const d = deferred<void>();
      runs.push(d);
      return d.promise;
    },
  };
}

describe('trailingLoads', () => {
  it('runs at once when idle', async () => {
    const loads = trailingLoads();
    const t = heldTask();
    const p = loads.run('w', t.task);
    expect(t.runs).toHaveLength(1);
    expect(loads.started('w')).toBe(1);
    t.runs[0]!.resolve();
    await p;
  });

  it('queues one more run for every ask while one is in flight, after it, never joining it', async () => {
    const loads = trailingLoads();
    const t = heldTask();
    const first = loads.run('w', t.task);
    const second = loads.run('w', t.task);
    const third = loads.run('w', t.task);
    expect(second).toBe(third);
    expect(t.runs).toHaveLength(1);
    t.runs[0]!.resolve();
    await first;
    await flush();
    expect(t.runs).toHaveLength(2);
    expect(loads.started('w')).toBe(2);
    let done = false;
    void second.then(() => (done = true));
    await flush();
    expect(done).toBe(false);
    t.runs[1]!.resolve();
    await second;
    expect(t.runs).toHaveLength(2);
  });

  it('keeps keys apart', async () => {
    const loads = trailingLoads();
    const t = heldTask();
    void loads.run('a', t.task);
    void loads.run('b', t.task);
    expect(t.runs).toHaveLength(2);
    expect([loads.started('a'), loads.started('b'), loads.started('c')]).toEqual([1, 1, 0]);
  });

  it('runs the trailing load even when the one in flight failed', async () => {
    const loads = trailingLoads();
    const t = heldTask();
    const first = loads.run('w', t.task);
    const second = loads.run('w', t.task);
    t.runs[0]!.reject(new Error('read failed'));
    await expect(first).rejects.toThrow('read failed');
    await flush();
    expect(t.runs).toHaveLength(2);
    t.runs[1]!.resolve();
    await second;
  });

  it('settled waits for the last run queued, and never rejects', async () => {
    const loads = trailingLoads();
    await loads.settled('idle');
    const t = heldTask();
    void loads.run('w', t.task).catch(() => undefined);
    const trailing = loads.run('w', t.task);
    let settled = false;
    void loads.settled('w').then(() => (settled = true));
    t.runs[0]!.reject(new Error('x'));
    await flush();
    expect(settled).toBe(false);
    t.runs[1]!.reject(new Error('y'));
    await expect(trailing).rejects.toThrow('y');
    await flush();
    expect(settled).toBe(true);
  });
});
