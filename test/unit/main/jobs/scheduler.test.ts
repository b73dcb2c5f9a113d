import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../../../src/main/jobs/scheduler';
import { fakeTimers } from '../../../support/fake-timers';
import { manualClock } from '../../../support/sandbox';

describe('Scheduler', () => {
  it('runs on the interval, never overlapping: the next run waits for the current one to end', async () => {
    const clock = manualClock();
    const ft = fakeTimers(clock);
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let release: (() => void) | null = null;
    const job = () =>
      new Promise<void>((resolve) => {
        runs++;
        running++;
        maxRunning = Math.max(maxRunning, running);
        release = () => {
          running--;
          resolve();
        };
      });
    const s = new Scheduler(job, 60_000, ft.timers);
    s.start();
    await ft.advance(59_000);
    expect(runs).toBe(0);
    await ft.advance(1_000);
    expect(runs).toBe(1);
    // The run is slow: ten intervals pass, no second run starts.
    await ft.advance(600_000);
    expect(runs).toBe(1);
    const joined = s.runNow();
    expect(runs).toBe(1);
    release!();
    await joined;
    expect(maxRunning).toBe(1);
    await ft.advance(60_000);
    expect(runs).toBe(2);
    release!();
    s.stop();
    await ft.advance(600_000);
    expect(runs).toBe(2);
  });

  it('a failing job does not stop the schedule', async () => {
    const clock = manualClock();
    const ft = fakeTimers(clock);
    let runs = 0;
    const s = new Scheduler(
      async () => {
        runs++;
        throw new Error('offline');
      },
      1000,
      ft.timers,
    );
    s.start({ runNow: true });
    await ft.advance(3500);
    expect(runs).toBe(4);
    s.stop();
  });
});
